import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { FORMS_EVENT_TYPES, type FormsEvent } from '../forms';
import '../forms/tables';

/** `booking_form_fields`: one row per field. */
export const formsProjection: InlineProjection<FormsEvent, Database> = {
  name: 'bookings.forms',
  tables: ['booking_form_fields'],
  handles: FORMS_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const at = e.recordedAt;
      const where = { tenant: e.data.business_id, id: e.data.field_id };
      if (e.type === 'FormFieldDeleted') {
        await db.deleteFrom('booking_form_fields').where('tenant_id', '=', where.tenant).where('id', '=', where.id).execute();
        continue;
      }
      const d = e.data;
      const row = {
        flow: d.flow,
        names: JSON.stringify(d.names),
        type: d.type,
        options: JSON.stringify(d.options),
        required: d.required,
        position: d.position,
        updated_at: at,
      };
      if (e.type === 'FormFieldCreated')
        await db
          .insertInto('booking_form_fields')
          .values({ tenant_id: where.tenant, id: where.id, ...row, created_at: at })
          .execute();
      else await db.updateTable('booking_form_fields').set(row).where('tenant_id', '=', where.tenant).where('id', '=', where.id).execute();
    }
  },
};
