import { sql } from 'kysely';
import { rebuildProjection } from '@tabour/eventstore';
import { ACCOUNTS_PROJECTIONS } from '@tabour/accounts';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { StaffAccounts } from '../apps/api/src/common/staff-accounts';
import { createTestApp, TestApp } from './support/app';
import { auth, registerBusiness, STRONG_PASSWORD, uniqueEmail } from './support/fixtures';

describe('accounts read models rebuilt from the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hold the same rows as the live run, and leave credentials alone', async () => {
    const owner = await registerBusiness(t, 'Rebuild Clinic');
    await registerBusiness(t, 'Other Clinic');
    const staff = t.app.get(StaffAccounts);
    const actor = { type: 'system' as const };
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, id] of ids.entries()) {
      await staff.createLogin(
        { tenantId: owner.businessId, userId: id, email: uniqueEmail(), firstName: 'Rae', lastName: `Member${i}`, position: 'Employee' },
        actor,
      );
    }
    await staff.updateLogin({ tenantId: owner.businessId, userId: ids[0], position: 'Manager', lastName: 'Promoted' }, actor);
    await staff.setPassword(owner.businessId, ids[0], STRONG_PASSWORD, actor);
    await t.http().delete(`/business/users/${ids[1]}`).set(auth(owner.token)).expect(200);
    await t.http().post('/business/account/update').set(auth(owner.token)).send({ language: 'ar', phone: '+216 20 000 000' }).expect(200);
    await t.app.get(RegistrationService).setPackage(owner.email, 'LIBERPRO', 'monthly');

    const snapshot = async () => ({
      users: (await sql`SELECT * FROM users ORDER BY id`.execute(t.database.db)).rows,
      accounts: (await sql`SELECT * FROM business_accounts ORDER BY tenant_id`.execute(t.database.db)).rows,
      credentials: (await sql`SELECT user_id, password_hash FROM credentials ORDER BY user_id`.execute(t.database.db)).rows,
    });
    const live = await snapshot();
    expect(live.users).toHaveLength(3);
    for (const projection of ACCOUNTS_PROJECTIONS) await rebuildProjection(t.database.db, { kind: 'inline', projection });
    expect(await snapshot()).toEqual(live);
  });
});
