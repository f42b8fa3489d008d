import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import {
  businessProfileProjection,
  departmentProjection,
  serviceProjection,
  teamProjection,
  type DepartmentEvent,
  type TeamEvent,
  type ServiceEvent,
  holidayProjection,
  organisationDb,
  type BusinessRegisteredEvent,
  type HolidayEvent,
  type OrganisationTables,
} from '@tabour/organisation';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const H = randomUUID();
const U = randomUUID();
const period = { starts_at: '2026-03-28T23:00:00.000Z', ends_at: '2026-03-30T22:00:00.000Z', all_day: true };
const created: HolidayEvent = {
  type: 'HolidayCreated',
  data: { holiday_id: H, business_id: B, status: 'pending', created_by: U, type: 'vacation', scope: 'me', member_ids: [U], reason: 'Family', ...period },
};

describe('the holidays projection', () => {
  const spec = projectionSpecification(holidayProjection, () => t.db, { tenantId: B });
  const holidays = (db: Transaction<Database>) =>
    db.selectFrom('holidays').select(['id', 'status', 'scope', 'member_ids', 'reason']).where('tenant_id', '=', B).execute();

  it('keeps a holiday as created, with its members', () =>
    spec
      .given()
      .when([created])
      .then(holidays, [{ id: H, status: 'pending', scope: 'me', member_ids: [U], reason: 'Family' }]));

  it('follows its approval', () =>
    spec
      .given([created])
      .when([{ type: 'HolidayStatusChanged', data: { holiday_id: H, business_id: B, status: 'approved' } }])
      .then(holidays, [expect.objectContaining({ id: H, status: 'approved' })]));

  it('forgets a deleted holiday', () =>
    spec
      .given([created])
      .when([{ type: 'HolidayDeleted', data: { holiday_id: H, business_id: B } }])
      .then(holidays, []));

  it('refuses a second holiday under the same id', () =>
    spec
      .given([created])
      .when([created])
      .thenFails(/duplicate key|unique/));
});

describe('the business profiles projection', () => {
  // The profiles are the organisation's own table, seen through its slice of the database.
  const spec = projectionSpecification(businessProfileProjection, () => organisationDb(t.db), { tenantId: B });
  const profile = (db: Transaction<OrganisationTables>) =>
    db.selectFrom('business_profiles').select(['name', 'country', 'time_zone', 'working_days']).where('tenant_id', '=', B).execute();
  const registered: BusinessRegisteredEvent = {
    type: 'BusinessRegistered',
    data: { business_id: B, name: 'Clinique', country: 'TN', owner: { user_id: U, first_name: 'Leila', last_name: 'Ben Ali', email: 'leila@clinique.test' } },
  };

  it('opens the profile at registration, then follows its edits', () =>
    spec
      .given([registered])
      .when([{ type: 'BusinessInformationUpdated', data: { business_id: B, changes: { name: 'Clinique Ibn Sina', time_zone: 'Africa/Tunis' } } }])
      .then(profile, [{ name: 'Clinique Ibn Sina', country: 'TN', time_zone: 'Africa/Tunis', working_days: null }]));

  it('keeps the first registration when it is replayed', () =>
    spec
      .given([registered])
      .when([{ ...registered, data: { ...registered.data, name: 'Other' } }])
      .then(profile, [expect.objectContaining({ name: 'Clinique' })]));
});

describe('the services projection', () => {
  const spec = projectionSpecification(serviceProjection, () => t.db, {
    tenantId: B,
    streamOf: (e) => ('service_id' in e.data ? `service-${e.data.service_id}` : `servicecatalog-${B}`),
  });
  const [S1, S2] = [randomUUID(), randomUUID()];
  const created = (service_id: string, name: string): ServiceEvent => ({
    type: 'ServiceCreated',
    data: { service_id, business_id: B, name, price: 45, duration_seconds: 1200, category: 'Soins', parent_id: null },
  });
  const services = (db: Transaction<Database>) =>
    db.selectFrom('services').select(['id', 'name', 'duration_seconds', 'ussd_order']).where('tenant_id', '=', B).orderBy('ussd_order').execute();

  it('puts each new service last in the menu', () =>
    spec
      .given()
      .when([created(S1, 'Consultation'), created(S2, 'Radiographie')])
      .then(services, [
        { id: S1, name: 'Consultation', duration_seconds: 1200, ussd_order: 1 },
        { id: S2, name: 'Radiographie', duration_seconds: 1200, ussd_order: 2 },
      ]));

  it('follows an edit and a reordering of the menu', () =>
    spec
      .given([created(S1, 'Consultation'), created(S2, 'Radiographie')])
      .when([
        { type: 'ServiceUpdated', data: { service_id: S1, business_id: B, changes: { duration_seconds: 1800 } } },
        { type: 'ServicesReordered', data: { business_id: B, order: [S2, S1] } },
      ])
      .then(services, [
        { id: S2, name: 'Radiographie', duration_seconds: 1200, ussd_order: 1 },
        { id: S1, name: 'Consultation', duration_seconds: 1800, ussd_order: 2 },
      ]));

  it('forgets a deleted service', () =>
    spec
      .given([created(S1, 'Consultation')])
      .when([{ type: 'ServiceDeleted', data: { service_id: S1, business_id: B } }])
      .then(services, []));
});

describe('the departments projection', () => {
  const D = randomUUID();
  const [S1, S2] = [randomUUID(), randomUUID()];
  const ids = { department_id: D, business_id: B };
  const spec = projectionSpecification(departmentProjection, () => t.db, { tenantId: B });
  const created: DepartmentEvent = {
    type: 'DepartmentCreated',
    data: {
      ...ids,
      name: 'Radiologie',
      primary_color: '#1565c0',
      secondary_color: '#e3f2fd',
      text_color: '#ffffff',
      service_ids: [S1, S2],
      service_durations: [{ service_id: S2, duration_seconds: 900 }],
      slot_duration: 15,
      max_bookings_per_slot: 1,
      max_daily_bookings: null,
      can_select_member: true,
      must_select_member: false,
      translations: {},
    },
  };
  const offered = (db: Transaction<Database>) =>
    db
      .selectFrom('department_services')
      .select(['service_id', 'duration_seconds'])
      .where('tenant_id', '=', B)
      .where('department_id', '=', D)
      .orderBy('duration_seconds')
      .execute();

  it('keeps a department with the services it offers and their own durations', () =>
    spec
      .given()
      .when([created])
      .then(
        async (db) => ({
          department: await db.selectFrom('departments').select(['id', 'name', 'slot_duration']).where('tenant_id', '=', B).execute(),
          services: await offered(db),
        }),
        {
          department: [{ id: D, name: 'Radiologie', slot_duration: 15 }],
          services: [
            { service_id: S2, duration_seconds: 900 },
            { service_id: S1, duration_seconds: null },
          ],
        },
      ));

  it('keeps the own durations when only the services offered change', () =>
    spec
      .given([created])
      .when([{ type: 'DepartmentUpdated', data: { ...ids, changes: { service_ids: [S2] } } }])
      .then(offered, [{ service_id: S2, duration_seconds: 900 }]));

  it('stops offering a deleted service', () =>
    spec
      .given([created])
      .when([{ type: 'ServiceDeleted', data: { service_id: S1, business_id: B } }])
      .then(offered, [{ service_id: S2, duration_seconds: 900 }]));

  it('forgets a deleted department and what it offered', () =>
    spec
      .given([created])
      .when([{ type: 'DepartmentDeleted', data: ids }])
      .then(async (db) => [...(await db.selectFrom('departments').select('id').where('tenant_id', '=', B).execute()), ...(await offered(db))], []));
});

describe('the team projection', () => {
  const spec = projectionSpecification(teamProjection, () => t.db, { tenantId: B });
  const OWNER = randomUUID();
  const M = randomUUID();
  const D = randomUUID();
  const registered: BusinessRegisteredEvent = {
    type: 'BusinessRegistered',
    data: {
      business_id: B,
      name: 'Clinique',
      country: 'TN',
      owner: { user_id: OWNER, first_name: 'Leila', last_name: 'Ben Ali', email: 'Leila@Clinique.test' },
    },
  };
  const added: TeamEvent = {
    type: 'TeamMemberAdded',
    data: {
      member_id: M,
      business_id: B,
      first_name: 'Karim',
      last_name: 'Haddad',
      email: 'karim@clinique.test',
      phone: null,
      photo: null,
      position: 'Employee',
      role: 'EMPLOYEE',
      department_id: D,
      is_bookable: true,
      member_since: '2025-09-01',
      working_days: null,
    },
  };
  const team = (db: Transaction<Database>) =>
    db.selectFrom('team_members').select(['id', 'first_name', 'email', 'role', 'department_id']).where('tenant_id', '=', B).orderBy('first_name').execute();
  const owner = { id: OWNER, first_name: 'Leila', email: 'leila@clinique.test', role: 'ADMIN', department_id: null };
  const karim = { id: M, first_name: 'Karim', email: 'karim@clinique.test', role: 'EMPLOYEE', department_id: D };

  it('makes the owner the first member, an administrator, and adds the others', () => spec.given([registered]).when([added]).then(team, [karim, owner]));

  it('follows an edit by the team, and a member’s own profile edits but not those made from the team screen', () =>
    spec
      .given([registered, added])
      .when([
        { type: 'TeamMemberUpdated', data: { member_id: M, business_id: B, changes: { role: 'MANAGER', position: 'Manager' } } },
        { type: 'UserProfileUpdated', data: { user_id: OWNER, business_id: B, source: 'self', changes: { email: 'L.BenAli@Clinique.test' } } },
        { type: 'UserProfileUpdated', data: { user_id: M, business_id: B, source: 'team', changes: { first_name: 'Karim-Other' } } },
      ])
      .then(team, [
        { ...karim, role: 'MANAGER' },
        { ...owner, email: 'l.benali@clinique.test' },
      ]));

  it('leaves members without a department when theirs is deleted', () =>
    spec
      .given([registered, added])
      .when([{ type: 'DepartmentDeleted', data: { department_id: D, business_id: B } }])
      .then(team, [{ ...karim, department_id: null }, owner]));

  it('forgets a removed member', () =>
    spec
      .given([registered, added])
      .when([{ type: 'TeamMemberRemoved', data: { member_id: M, business_id: B } }])
      .then(team, [owner]));
});
