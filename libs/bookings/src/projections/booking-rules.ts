import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { RULES_EVENT_TYPES, type RulesEvent } from '../rules';
import '../rules/tables';

/** `booking_rules`: one row per rule, `position` its place in the business's list. */
export const rulesProjection: InlineProjection<RulesEvent, Database> = {
  name: 'bookings.rules',
  tables: ['booking_rules'],
  handles: RULES_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const at = e.recordedAt;
      const tenant = e.data.business_id;
      switch (e.type) {
        case 'RuleCreated':
        case 'RuleUpdated': {
          const { business_id: _b, rule_id, working_days, ...fields } = e.data;
          const row = { ...fields, working_days: working_days === null ? null : JSON.stringify(working_days), updated_at: at };
          if (e.type === 'RuleCreated')
            await db
              .insertInto('booking_rules')
              .values({ tenant_id: tenant, id: rule_id, ...row, position: e.data.position, created_at: at })
              .execute();
          else await db.updateTable('booking_rules').set(row).where('tenant_id', '=', tenant).where('id', '=', rule_id).execute();
          break;
        }
        case 'RuleDeleted': {
          const gone = await db
            .deleteFrom('booking_rules')
            .where('tenant_id', '=', tenant)
            .where('id', '=', e.data.rule_id)
            .returning('position')
            .executeTakeFirst();
          if (gone)
            await db
              .updateTable('booking_rules')
              .set((eb) => ({ position: eb('position', '-', 1) }))
              .where('tenant_id', '=', tenant)
              .where('position', '>', gone.position)
              .execute();
          break;
        }
        case 'RulesReordered':
          for (const [position, id] of e.data.ids.entries())
            await db.updateTable('booking_rules').set({ position, updated_at: at }).where('tenant_id', '=', tenant).where('id', '=', id).execute();
          break;
      }
    }
  },
};
