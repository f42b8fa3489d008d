import { sql, type Updateable } from 'kysely';
import type { InlineProjection, ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { CUSTOMER_EVENT_TYPES, CustomerEvent, pickPersonal } from './customer';
import { openEvent } from './crypto';
import { PersonalFields, phoneDigits, searchText } from './fields';
import { PRIVACY_EVENT_TYPES, PrivacyEvent, DEFAULT_PRIVACY } from './privacy';
import type { CustomersTable } from './tables';

export const DELETE_HISTORY_JOB = 'delete_history';

type Db = ProjectionDb<Database>;
/** A customer event as stored: the personal part sealed (`pii`), opened by the projection. */
type SealedCustomerEvent = { type: CustomerEvent['type']; data: { customer_id: string } & Record<string, unknown> };

export const numericIid = (iid: string | null): string | null => (iid && /^\d{1,15}$/.test(iid) ? String(Number(iid)) : null);

/**
 * Keys this process made or read lately, so an import's appends skip one round trip each. A key
 * leaves with its customer's erasure; a stale entry here could only open events of a customer
 * whose rows the replayed CustomerErased deletes again.
 */
const recentKeys = new Map<string, Buffer>();
const RECENT_KEYS_MAX = 50_000;

export function rememberKey(customerId: string, key: Buffer): void {
  if (recentKeys.size >= RECENT_KEYS_MAX) recentKeys.clear();
  recentKeys.set(customerId, key);
}

async function keyOf(db: Db, customerId: string): Promise<Buffer | null> {
  const known = recentKeys.get(customerId);
  if (known) return known;
  const row = await db.selectFrom('customer_keys').select('data_key').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.data_key ?? null;
}

/** The keys of these customers of the business, for opening their sealed events; an erased customer has none. */
export async function customerKeys(db: Db, tenantId: string, customerIds: readonly string[]): Promise<Map<string, Buffer>> {
  const keys = new Map<string, Buffer>();
  if (!customerIds.length) return keys;
  const rows = await db
    .selectFrom('customer_keys')
    .select(['customer_id', 'data_key'])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', 'in', customerIds)
    .execute();
  for (const k of rows) keys.set(k.customer_id, k.data_key);
  return keys;
}

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
          recentKeys.delete(id);
          break;
      }
    }
  },
};

/** Privacy settings of each business, read by the settings screen and the scheduled job. */
export const privacyProjection: InlineProjection<PrivacyEvent, Database> = {
  name: 'customers.business_privacy',
  tables: ['business_privacy'],
  handles: PRIVACY_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      if (e.type === 'BusinessAccountDeleted') {
        await db.deleteFrom('scheduled_jobs').where('tenant_id', '=', e.data.business_id).execute();
        continue;
      }
      if (e.type !== 'PrivacySettingsUpdated') continue;
      const changes = JSON.stringify(e.data.changes);
      await db
        .insertInto('business_privacy')
        .values({ tenant_id: e.data.business_id, settings: JSON.stringify({ ...DEFAULT_PRIVACY, ...e.data.changes }), updated_at: e.recordedAt })
        .onConflict((oc) =>
          oc.column('tenant_id').doUpdateSet({ settings: sql<string>`business_privacy.settings || ${changes}::jsonb`, updated_at: e.recordedAt }),
        )
        .execute();
      // The scheduled deletion lives as long as the setting is on; its next run is a day after.
      if (e.data.changes.delete_history_daily === true) {
        await db
          .insertInto('scheduled_jobs')
          .values({
            name: DELETE_HISTORY_JOB,
            tenant_id: e.data.business_id,
            next_run_at: new Date(e.recordedAt.getTime() + 24 * 3600 * 1000),
            last_run_at: null,
          })
          .onConflict((oc) => oc.columns(['name', 'tenant_id']).doNothing())
          .execute();
      } else if (e.data.changes.delete_history_daily === false) {
        await db.deleteFrom('scheduled_jobs').where('name', '=', DELETE_HISTORY_JOB).where('tenant_id', '=', e.data.business_id).execute();
      }
    }
  },
};

export const CUSTOMER_PROJECTIONS: InlineProjection[] = [customersProjection, privacyProjection];
