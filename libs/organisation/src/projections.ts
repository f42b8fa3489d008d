import { sql } from 'kysely';
import { deleteRow, updateBusinessRow, updateRow, type InlineProjection, type ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { BUSINESS_EVENT_TYPES, BusinessEvent } from './business/business';
import { DEPARTMENT_EVENT_TYPES, DepartmentEvent } from './department/department';
import { HOLIDAY_EVENT_TYPES, HolidayEvent } from './holiday/holiday';
import { CatalogEvent, SERVICE_EVENT_TYPES, ServiceEvent } from './service/service';
import { BusinessRegisteredEvent, selfProfileChanges, TEAM_EVENT_TYPES, TeamEvent, UserProfileUpdatedEvent } from './team/team';
import type { OrganisationTables } from './tables';

const json = (v: unknown) => JSON.stringify(v ?? null);

/** Business profile rows: created by the accounts context's registration, then edited here. */
export const businessProfileProjection: InlineProjection<BusinessEvent | BusinessRegisteredEvent, OrganisationTables> = {
  name: 'organisation.business_profiles',
  tables: ['business_profiles'],
  handles: ['BusinessRegistered', ...BUSINESS_EVENT_TYPES],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'BusinessRegistered': {
          const d = e.data;
          await db
            .insertInto('business_profiles')
            .values({
              tenant_id: tenant,
              name: d.name,
              email: d.email ?? null,
              phone: d.phone ?? null,
              country: d.country ?? null,
              translations: '{}',
              working_days: null,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('tenant_id').doNothing())
            .execute();
          break;
        }
        case 'BusinessInformationUpdated':
          await updateBusinessRow(db, 'business_profiles', tenant, { ...e.data.changes, updated_at: at });
          break;
        case 'BusinessLogoChanged':
          await updateBusinessRow(db, 'business_profiles', tenant, { logo: e.data.logo, updated_at: at });
          break;
        case 'BusinessLocationUpdated':
          await updateBusinessRow(db, 'business_profiles', tenant, { lat: e.data.lat, lng: e.data.lng, updated_at: at });
          break;
        case 'BusinessWorkingDaysUpdated':
          await updateBusinessRow(db, 'business_profiles', tenant, { working_days: json(e.data.working_days), updated_at: at });
          break;
        case 'BusinessTranslationsUpdated':
          await updateBusinessRow(db, 'business_profiles', tenant, {
            translations: sql<string>`translations || ${json(e.data.translations)}::jsonb`,
            updated_at: at,
          });
          break;
      }
    }
  },
};

/** Departments and the services each offers (with a department's own durations). */
export const departmentProjection: InlineProjection<DepartmentEvent | ServiceEvent, Database> = {
  name: 'organisation.departments',
  tables: ['departments', 'department_services'],
  handles: [...DEPARTMENT_EVENT_TYPES, 'ServiceDeleted'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'DepartmentCreated': {
          const { department_id, business_id: _b, service_ids, service_durations, translations, ...fields } = e.data;
          await db
            .insertInto('departments')
            .values({ id: department_id, tenant_id: tenant, ...fields, translations: json(translations), created_at: at, updated_at: at })
            .execute();
          await writeServices(db, tenant, department_id, service_ids, service_durations);
          break;
        }
        case 'DepartmentUpdated': {
          const { service_ids, service_durations, ...fields } = e.data.changes;
          await updateRow(db, 'departments', tenant, e.data.department_id, { ...fields, updated_at: at });
          if (service_ids || service_durations) {
            const current = await db
              .selectFrom('department_services')
              .select(['service_id', 'duration_seconds'])
              .where('tenant_id', '=', tenant)
              .where('department_id', '=', e.data.department_id)
              .execute();
            const ids = service_ids ?? current.map((r) => r.service_id);
            const durations =
              service_durations ??
              current.filter((r) => r.duration_seconds !== null).map((r) => ({ service_id: r.service_id, duration_seconds: r.duration_seconds! }));
            await writeServices(db, tenant, e.data.department_id, ids, durations);
          }
          break;
        }
        case 'DepartmentTranslationsUpdated':
          await updateRow(db, 'departments', tenant, e.data.department_id, {
            translations: sql<string>`translations || ${json(e.data.translations)}::jsonb`,
            updated_at: at,
          });
          break;
        case 'DepartmentDeleted':
          await db.deleteFrom('department_services').where('tenant_id', '=', tenant).where('department_id', '=', e.data.department_id).execute();
          await deleteRow(db, 'departments', tenant, e.data.department_id);
          break;
        case 'ServiceDeleted':
          await db.deleteFrom('department_services').where('tenant_id', '=', tenant).where('service_id', '=', e.data.service_id).execute();
          break;
      }
    }
  },
};

async function writeServices(
  db: ProjectionDb<Database>,
  tenant: string,
  departmentId: string,
  ids: string[],
  durations: { service_id: string; duration_seconds: number }[],
) {
  await db.deleteFrom('department_services').where('tenant_id', '=', tenant).where('department_id', '=', departmentId).execute();
  if (!ids.length) return;
  const own = new Map(durations.map((d) => [d.service_id, d.duration_seconds]));
  // Written as decided, from the events alone (a rebuild must not depend on another table):
  // a service deleted meanwhile leaves a row that the queries' join to services hides.
  const rows = ids.map((service_id) => ({ tenant_id: tenant, department_id: departmentId, service_id, duration_seconds: own.get(service_id) ?? null }));
  await db.insertInto('department_services').values(rows).execute();
}

export const serviceProjection: InlineProjection<ServiceEvent | CatalogEvent, Database> = {
  name: 'organisation.services',
  tables: ['services'],
  handles: [...SERVICE_EVENT_TYPES, 'ServicesReordered'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'ServiceCreated': {
          const { service_id, business_id: _b, ...fields } = e.data;
          // A new service goes last in the USSD menu until the business reorders it.
          await db
            .insertInto('services')
            .values({
              id: service_id,
              tenant_id: tenant,
              ...fields,
              ussd_order: sql<number>`(SELECT COALESCE(MAX(ussd_order), 0) + 1 FROM services WHERE tenant_id = ${tenant})`,
              created_at: at,
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'ServiceUpdated':
          await updateRow(db, 'services', tenant, e.data.service_id, { ...e.data.changes, updated_at: at });
          break;
        case 'ServiceDeleted':
          await deleteRow(db, 'services', tenant, e.data.service_id);
          break;
        case 'ServicesReordered':
          await sql`
            UPDATE services s SET ussd_order = o.n::int
            FROM unnest(${e.data.order}::uuid[]) WITH ORDINALITY AS o(id, n)
            WHERE s.tenant_id = ${tenant} AND s.id = o.id`.execute(db);
          break;
      }
    }
  },
};

export const teamProjection: InlineProjection<TeamEvent | BusinessRegisteredEvent | DepartmentEvent | UserProfileUpdatedEvent, Database> = {
  name: 'organisation.team_members',
  tables: ['team_members'],
  handles: ['BusinessRegistered', ...TEAM_EVENT_TYPES, 'DepartmentDeleted', 'UserProfileUpdated'],
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      switch (e.type) {
        case 'BusinessRegistered': {
          const o = e.data.owner;
          await db
            .insertInto('team_members')
            .values({
              id: o.user_id,
              tenant_id: tenant,
              first_name: o.first_name,
              last_name: o.last_name,
              email: o.email.toLowerCase(),
              position: 'Admin',
              role: 'ADMIN',
              is_bookable: false,
              working_days: null,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'TeamMemberAdded': {
          const { member_id, business_id: _b, working_days, ...fields } = e.data;
          await db
            .insertInto('team_members')
            .values({ id: member_id, tenant_id: tenant, ...fields, working_days: working_days ? json(working_days) : null, created_at: at, updated_at: at })
            .execute();
          break;
        }
        case 'TeamMemberUpdated':
          await updateRow(db, 'team_members', tenant, e.data.member_id, { ...e.data.changes, updated_at: at });
          break;
        case 'TeamMemberWorkingDaysUpdated':
          await updateRow(db, 'team_members', tenant, e.data.member_id, { working_days: json(e.data.working_days), updated_at: at });
          break;
        case 'TeamMemberRemoved':
          await deleteRow(db, 'team_members', tenant, e.data.member_id);
          break;
        case 'UserProfileUpdated': {
          const changes = selfProfileChanges(e);
          if (Object.keys(changes).length) {
            await updateRow(db, 'team_members', tenant, e.data.user_id, { ...changes, updated_at: at });
          }
          break;
        }
        case 'DepartmentDeleted':
          await db
            .updateTable('team_members')
            .set({ department_id: null })
            .where('tenant_id', '=', tenant)
            .where('department_id', '=', e.data.department_id)
            .execute();
          break;
      }
    }
  },
};

export const holidayProjection: InlineProjection<HolidayEvent, Database> = {
  name: 'organisation.holidays',
  tables: ['holidays'],
  handles: HOLIDAY_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      switch (e.type) {
        case 'HolidayCreated': {
          const { holiday_id, business_id: _b, member_ids, ...fields } = e.data;
          await db
            .insertInto('holidays')
            .values({ id: holiday_id, tenant_id: tenant, ...fields, member_ids: json(member_ids), created_at: e.recordedAt })
            .execute();
          break;
        }
        case 'HolidayStatusChanged':
          await updateRow(db, 'holidays', tenant, e.data.holiday_id, { status: e.data.status });
          break;
        case 'HolidayDeleted':
          await deleteRow(db, 'holidays', tenant, e.data.holiday_id);
          break;
      }
    }
  },
};

/** Each reads nothing but its events, so any one can be rebuilt alone. */
export const ORGANISATION_PROJECTIONS: readonly InlineProjection[] = [
  businessProfileProjection,
  serviceProjection,
  departmentProjection,
  teamProjection,
  holidayProjection,
];
