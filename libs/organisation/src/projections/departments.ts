import { deleteRow, handlerProjection, updateRow, type ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { DepartmentEvent } from '../department';
import type { ServiceEvent } from '../service';
import { json, mergedTranslations, stamps } from './rows';

type Durations = { service_id: string; duration_seconds: number }[];

async function writeServices(db: ProjectionDb<Database>, tenant: string, departmentId: string, ids: string[], durations: Durations) {
  await db.deleteFrom('department_services').where('tenant_id', '=', tenant).where('department_id', '=', departmentId).execute();
  if (!ids.length) return;
  const own = new Map(durations.map((d) => [d.service_id, d.duration_seconds]));
  // Written as decided, from the events alone (a rebuild must not depend on another table):
  // a service deleted meanwhile leaves a row that the queries' join to services hides.
  const rows = ids.map((service_id) => ({ tenant_id: tenant, department_id: departmentId, service_id, duration_seconds: own.get(service_id) ?? null }));
  await db.insertInto('department_services').values(rows).execute();
}

/** A department's services after a change that names only its list or only its durations: the other part as stored. */
async function rewriteServices(db: ProjectionDb<Database>, tenant: string, departmentId: string, serviceIds?: string[], serviceDurations?: Durations) {
  const current = await db
    .selectFrom('department_services')
    .select(['service_id', 'duration_seconds'])
    .where('tenant_id', '=', tenant)
    .where('department_id', '=', departmentId)
    .execute();
  const ids = serviceIds ?? current.map((r) => r.service_id);
  const durations =
    serviceDurations ?? current.filter((r) => r.duration_seconds !== null).map((r) => ({ service_id: r.service_id, duration_seconds: r.duration_seconds! }));
  await writeServices(db, tenant, departmentId, ids, durations);
}

/** Departments and the services each offers (with a department's own durations). */
export const departmentProjection = handlerProjection<DepartmentEvent | Extract<ServiceEvent, { type: 'ServiceDeleted' }>, Database>(
  'organisation.departments',
  ['departments', 'department_services'],
  {
    DepartmentCreated: async (db, e) => {
      const { department_id, business_id: tenant, service_ids, service_durations, translations, ...fields } = e.data;
      await db
        .insertInto('departments')
        .values({ id: department_id, tenant_id: tenant, ...fields, translations: json(translations), ...stamps(e.recordedAt) })
        .execute();
      await writeServices(db, tenant, department_id, service_ids, service_durations);
    },
    DepartmentUpdated: async (db, e) => {
      const { service_ids, service_durations, ...fields } = e.data.changes;
      await updateRow(db, 'departments', e.data.business_id, e.data.department_id, { ...fields, updated_at: e.recordedAt });
      if (service_ids || service_durations) await rewriteServices(db, e.data.business_id, e.data.department_id, service_ids, service_durations);
    },
    DepartmentTranslationsUpdated: (db, e) =>
      updateRow(db, 'departments', e.data.business_id, e.data.department_id, {
        translations: mergedTranslations(e.data.translations),
        updated_at: e.recordedAt,
      }),
    DepartmentDeleted: async (db, e) => {
      const tenant = e.data.business_id;
      await db.deleteFrom('department_services').where('tenant_id', '=', tenant).where('department_id', '=', e.data.department_id).execute();
      await deleteRow(db, 'departments', tenant, e.data.department_id);
    },
    ServiceDeleted: (db, e) =>
      db.deleteFrom('department_services').where('tenant_id', '=', e.data.business_id).where('service_id', '=', e.data.service_id).execute(),
  },
);
