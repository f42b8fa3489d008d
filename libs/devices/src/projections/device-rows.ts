import type { InlineProjection, ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { DisplayEvent } from '../display';
import type { KioskEvent } from '../kiosk';
import '../tables';

type Db = ProjectionDb<Database>;

/** Kiosks and displays share one shape of read row: identity columns plus the settings as JSON. */
async function apply(
  db: Db,
  table: 'kiosks' | 'displays',
  e: {
    kind: 'created' | 'updated' | 'deleted';
    id: string;
    tenant: string;
    key?: string;
    settings?: Record<string, unknown>;
    changes?: Record<string, unknown>;
  },
  at: Date,
) {
  const row = db.updateTable(table).where('tenant_id', '=', e.tenant).where('id', '=', e.id);
  if (e.kind === 'created') {
    const s = e.settings!;
    await db
      .insertInto(table)
      .values({
        id: e.id,
        tenant_id: e.tenant,
        key: e.key!,
        name: String(s.name),
        status: String(s.status),
        settings: JSON.stringify(s),
        created_at: at,
        updated_at: at,
      })
      .execute();
  } else if (e.kind === 'updated') {
    const current = await db.selectFrom(table).select('settings').where('tenant_id', '=', e.tenant).where('id', '=', e.id).executeTakeFirst();
    if (!current) return;
    const settings = { ...current.settings, ...e.changes };
    await row.set({ settings: JSON.stringify(settings), name: String(settings.name), status: String(settings.status), updated_at: at }).execute();
  } else {
    await db.deleteFrom(table).where('tenant_id', '=', e.tenant).where('id', '=', e.id).execute();
  }
}

/**
 * One projection per device kind: the created event carries the settings, the updated one the
 * changes, and `deleted` names the event that removes the row (a secret reset leaves it).
 */
export function deviceProjection<E extends KioskEvent | DisplayEvent>(
  table: 'kiosks' | 'displays',
  handles: readonly E['type'][],
  deleted: E['type'],
  idOf: (data: E['data']) => string,
): InlineProjection<E, Database> {
  return {
    name: `devices.${table}`,
    tables: [table],
    handles,
    async apply(trx, events) {
      for (const e of events) {
        const d: E['data'] & { key?: string; settings?: object; changes?: object } = e.data;
        const base = { id: idOf(d), tenant: d.business_id };
        if (d.settings) await apply(trx, table, { ...base, kind: 'created', key: d.key, settings: d.settings as never }, e.recordedAt);
        else if (d.changes) await apply(trx, table, { ...base, kind: 'updated', changes: d.changes as never }, e.recordedAt);
        else if (e.type === deleted) await apply(trx, table, { ...base, kind: 'deleted' }, e.recordedAt);
      }
    },
  };
}
