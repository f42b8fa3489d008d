import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { businessAccountsProjection, usersProjection, type AccountEvent, type UserEvent } from '@tabour/accounts';
import type { Database } from '@tabour/platform';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const OWNER = randomUUID();
const MEMBER = randomUUID();
const registered: AccountEvent = {
  type: 'BusinessRegistered',
  data: {
    business_id: B,
    name: 'Pharmacie El Menzah',
    email: 'contact@pharmacie-menzah.tn',
    phone: '+21671234567',
    country: 'TN',
    owner: { user_id: OWNER, first_name: 'Amel', last_name: 'Jaziri', email: 'Amel.Jaziri@pharmacie-menzah.tn' },
    registered_at: '2026-01-05T09:00:00.000Z',
    owner_credential_id: randomUUID(),
  },
};
const trial: AccountEvent = {
  type: 'MembershipTrialStarted',
  data: { business_id: B, starts_at: '2026-01-05T09:00:00.000Z', ends_at: '2026-01-19T09:00:00.000Z', sms_allowance: 200 },
};

describe('the business accounts projection', () => {
  const spec = projectionSpecification(businessAccountsProjection, () => t.db, { tenantId: B });
  const accounts = (db: Transaction<Database>) =>
    db
      .selectFrom('business_accounts')
      .select(['name', 'status', 'owner_user_id', 'trial_ends_at', 'trial_sms', 'approved_at', 'package', 'deleted_at'])
      .where('tenant_id', '=', B)
      .execute();
  const opened = {
    name: 'Pharmacie El Menzah',
    status: 'pending' as 'pending' | 'approved',
    owner_user_id: OWNER,
    trial_ends_at: new Date(trial.data.ends_at),
    trial_sms: 200,
    approved_at: null,
    package: null,
    deleted_at: null,
  };

  it('opens a pending account with its trial', () => spec.given().when([registered, trial]).then(accounts, [opened]));

  it('follows its approval and its package', () =>
    spec
      .given([registered, trial])
      .when([
        { type: 'BusinessApproved', data: { business_id: B, approved_at: '2026-01-05T10:00:00.000Z', automatic: false } },
        {
          type: 'MembershipPackageChanged',
          data: { business_id: B, package: 'LIBERPRO', plan: 'yearly', starts_at: '2026-01-19T09:00:00.000Z', ends_at: '2027-01-19T09:00:00.000Z' },
        },
      ])
      .then(accounts, [{ ...opened, status: 'approved', approved_at: new Date('2026-01-05T10:00:00.000Z'), package: 'LIBERPRO' }]));

  it('keeps the time of the first deletion when it is retried', () =>
    spec
      .given([registered, trial])
      .when([
        { type: 'BusinessAccountDeleted', data: { business_id: B } },
        { type: 'BusinessAccountDeleted', data: { business_id: B } },
      ])
      // The deletions are the third and fourth events, a second apart (the spec's clock).
      .then(accounts, [{ ...opened, deleted_at: new Date('2026-01-05T09:00:02Z') }]));
});

describe('the users projection', () => {
  const spec = projectionSpecification<UserEvent | AccountEvent, Database>(usersProjection, () => t.db, { tenantId: B });
  const users = (db: Transaction<Database>) =>
    db.selectFrom('users').select(['id', 'email', 'email_lower', 'first_name', 'role', 'position']).where('tenant_id', '=', B).orderBy('first_name').execute();
  const created: UserEvent = {
    type: 'UserCreated',
    data: {
      user_id: MEMBER,
      business_id: B,
      email: 'youssef@pharmacie-menzah.tn',
      first_name: 'Youssef',
      last_name: 'Mansour',
      position: 'Front Desk',
      role: 'FRONT_DESK',
    },
  };
  const owner = {
    id: OWNER,
    email: 'Amel.Jaziri@pharmacie-menzah.tn',
    email_lower: 'amel.jaziri@pharmacie-menzah.tn',
    first_name: 'Amel',
    role: 'ADMIN',
    position: 'Admin',
  };
  const member = {
    id: MEMBER,
    email: 'youssef@pharmacie-menzah.tn',
    email_lower: 'youssef@pharmacie-menzah.tn',
    first_name: 'Youssef',
    role: 'FRONT_DESK',
    position: 'Front Desk',
  };

  it('gives the owner an admin login at registration, and a member one of their own', () =>
    spec.given([registered]).when([created]).then(users, [owner, member]));

  it('follows a change of e-mail, its key with it', () =>
    spec
      .given([registered, created])
      .when([{ type: 'UserProfileUpdated', data: { user_id: MEMBER, business_id: B, source: 'self', changes: { email: 'Y.Mansour@pharmacie-menzah.tn' } } }])
      .then(users, [owner, { ...member, email: 'Y.Mansour@pharmacie-menzah.tn', email_lower: 'y.mansour@pharmacie-menzah.tn' }]));

  it('forgets a removed login, and takes a re-created one back', () =>
    spec
      .given([registered, created, { type: 'UserRemoved', data: { user_id: MEMBER, business_id: B } }])
      .when([{ ...created, data: { ...created.data, position: 'Manager', role: 'MANAGER' } }])
      .then(users, [owner, { ...member, role: 'MANAGER', position: 'Manager' }]));

  it('refuses a second login under an e-mail that only differs by case', () =>
    spec
      .given([registered])
      .when([{ ...created, data: { ...created.data, email: 'AMEL.JAZIRI@pharmacie-menzah.tn' } }])
      .thenFails(/duplicate key|unique/));
});
