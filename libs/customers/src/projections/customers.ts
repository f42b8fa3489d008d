import type { Updateable } from 'kysely';
import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { openEvent } from '../crypto';
import { CUSTOMER_EVENT_TYPES, pickPersonal, type CustomerEvent } from '../customer';
import { phoneDigits, searchText, type PersonalFields } from '../fields';
import { forgetKey, keyOf } from '../keys';
import type { CustomersTable } from '../tables';

/** A customer event as stored: the personal part sealed (`pii`), opened by the projection. */
type SealedCustomerEvent = { type: CustomerEvent['type']; data: { customer_id: string } & Record<string, unknown> };

export const numericIid = (iid: string | null): string | null => (iid && /^\d{1,15}$/.test(iid) ? String(Number(iid)) : null);

function personalColumns(p: PersonalFields) {
  return {
    ...p,
    additional_data: JSON.stringify(p.additional_data ?? {}),
    internal_id_num: numericIid(p.internal_id),
    search: searchText(p),
    phone_digits: phoneDigits(p),
  };
}

/**
 * The customers read model. Inline: the screen reads the customer right after saving it. It
 * opens the sealed personal part with the customer's key, read in the same transaction; once
 * the key is destroyed a replay writes no personal data, and CustomerErased deletes the rows.
 */
export const customersProjection: InlineProjection<SealedCustomerEvent, Database> = {
  name: 'customers.customers',
  tables: ['customers', 'customer_attachments'],
  handles: CUSTOMER_EVENT_TYPES,
  async apply(db, events) {
    for (const recorded of events) {
      const needsKey = 'pii' in (recorded.data ?? {});
      const e = openEvent<CustomerEvent>(recorded, needsKey ? await keyOf(db, recorded.data.customer_id) : null);
      const tenant = e.data.business_id;
      const id = e.data.customer_id;
      const at = recorded.recordedAt;
      switch (e.type) {
        case 'CustomerRegistered': {
          const { customer_id: _c, business_id: _b, via: _v, personal, ...settings } = e.data;
          if (!personal) break; // erased later: nothing personal may come back
          await db
            .insertInto('customers')
            .values({ id, tenant_id: tenant, ...settings, ...personalColumns(pickPersonal(personal)), next_booking_at: null, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'CustomerUpdated': {
          const p = e.data.personal ?? {};
          const set: Record<string, unknown> = { ...e.data.changes, ...p, updated_at: at };
          if ('additional_data' in p) set.additional_data = JSON.stringify(p.additional_data ?? {});
          if ('internal_id' in p) set.internal_id_num = numericIid(p.internal_id ?? null);
          const touchesSearch = ['first_name', 'last_name', 'email', 'internal_id', 'platform_id'].some((k) => k in p);
          const touchesPhone = 'phone' in p || 'second_phone' in p;
          if (touchesSearch || touchesPhone) {
            const row = await db.selectFrom('customers').selectAll().where('id', '=', id).where('tenant_id', '=', tenant).executeTakeFirst();
            if (!row) break;
            const merged = { ...row, ...p } as PersonalFields;
            set.search = searchText(merged);
            set.phone_digits = phoneDigits(merged);
          }
          await db
            .updateTable('customers')
            .set(set as Updateable<CustomersTable>)
            .where('id', '=', id)
            .where('tenant_id', '=', tenant)
            .execute();
          break;
        }
        case 'CustomerCategoryChanged':
          await db.updateTable('customers').set({ category: e.data.category, updated_at: at }).where('id', '=', id).where('tenant_id', '=', tenant).execute();
          break;
        case 'CustomerAttachmentAdded':
          if (!e.data.personal) break;
          await db
            .insertInto('customer_attachments')
            .values({
              id: e.data.attachment_id,
              tenant_id: tenant,
              customer_id: id,
              file_name: e.data.personal.file_name,
              content_type: e.data.content_type,
              size: e.data.size,
              storage_key: e.data.storage_key,
              created_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'CustomerAttachmentRemoved':
          await db.deleteFrom('customer_attachments').where('id', '=', e.data.attachment_id).where('tenant_id', '=', tenant).execute();
          break;
        case 'CustomerErased':
          // The key goes in the same transaction as the rows: from this commit on, no copy of
          // the sealed personal data in the log can be opened again.
          await db.deleteFrom('customer_attachments').where('customer_id', '=', id).where('tenant_id', '=', tenant).execute();
          for (const table of ['customer_bookings', 'customer_archived_bookings', 'customer_archived_tickets'] as const) {
            await db.deleteFrom(table).where('customer_id', '=', id).where('tenant_id', '=', tenant).execute();
          }
          await db.deleteFrom('customers').where('id', '=', id).where('tenant_id', '=', tenant).execute();
          await db.deleteFrom('customer_keys').where('customer_id', '=', id).execute();
          forgetKey(id);
          break;
      }
    }
  },
};
