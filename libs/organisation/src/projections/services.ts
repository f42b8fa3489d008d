import { sql } from 'kysely';
import { deleteRow, handlerProjection, updateRow } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { CatalogEvent } from '../catalog';
import type { ServiceEvent } from '../service';
import { stamps } from './rows';

/** The services, in the USSD menu's order. */
export const serviceProjection = handlerProjection<ServiceEvent | CatalogEvent, Database>('organisation.services', ['services'], {
  ServiceCreated: (db, e) => {
    const { service_id, business_id: tenant, ...fields } = e.data;
    // A new service goes last in the USSD menu until the business reorders it.
    const last = sql<number>`(SELECT COALESCE(MAX(ussd_order), 0) + 1 FROM services WHERE tenant_id = ${tenant})`;
    return db
      .insertInto('services')
      .values({ id: service_id, tenant_id: tenant, ...fields, ussd_order: last, ...stamps(e.recordedAt) })
      .execute();
  },
  ServiceUpdated: (db, e) => updateRow(db, 'services', e.data.business_id, e.data.service_id, { ...e.data.changes, updated_at: e.recordedAt }),
  ServiceDeleted: (db, e) => deleteRow(db, 'services', e.data.business_id, e.data.service_id),
  ServicesReordered: (db, e) =>
    sql`
    UPDATE services s SET ussd_order = o.n::int
    FROM unnest(${e.data.order}::uuid[]) WITH ORDINALITY AS o(id, n)
    WHERE s.tenant_id = ${e.data.business_id} AND s.id = o.id`.execute(db),
});
