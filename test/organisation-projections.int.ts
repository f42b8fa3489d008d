import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import {
  businessProfileProjection,
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
