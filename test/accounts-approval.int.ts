import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { AppConfig } from '@tabour/platform';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { seedDemoAccounts } from '../apps/api/src/accounts/demo-seed';
import { APP_CONFIG } from '../apps/api/src/common/tokens';
import { DEMO, DEMO_PASSWORD } from '../apps/api/src/common/demo';
import { createTestApp, TestApp } from './support/app';
import { auth, login, STRONG_PASSWORD, uniqueEmail } from './support/fixtures';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..');

describe('registrations awaiting approval', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APPROVE_REGISTRATIONS: 'manual' });
  });
  afterAll(() => t.close());

  async function register(): Promise<string> {
    const email = uniqueEmail('pending');
    const res = await t.http().post('/business/account/register').send({
      business_name: 'Pending Clinic',
      first_name: 'Pat',
      last_name: 'Pending',
      email,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
      terms: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.business.status).toBe('pending');
    return email;
  }

  it('refuses the login of an unapproved account, then lets it in once approved', async () => {
    const email = await register();
    const refused = await t.http().post('/business/account/auth').send({ email, password: STRONG_PASSWORD, ip: '' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your account is awaiting approval');
    // The web words it by this code, in the user's language.
    expect(refused.body.code).toBe('awaiting_approval');
    // A wrong password does not reveal that the account exists and waits.
    expect((await t.http().post('/business/account/auth').send({ email, password: 'Wrong!Pass1', ip: '' })).status).toBe(401);
    await t.app.get(RegistrationService).approve(email);
    expect((await login(t, email, STRONG_PASSWORD)).token).toBeTruthy();
  });

  it('approves and changes the package from the command line, through the same commands', async () => {
    const email = await register();
    const env = { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.app.get<AppConfig>(APP_CONFIG).dataDir, SEED_DEMO: 'false', NODE_ENV: 'test' };
    const cli = (...args: string[]) => run('node', ['-r', '@swc-node/register', 'scripts/accounts.ts', ...args], { cwd: root, env });
    const approved = await cli('approve', email);
    expect(approved.stdout).toMatch(/^Approved business [0-9a-f-]{36}/);
    const session = await login(t, email, STRONG_PASSWORD);
    await cli('set-package', email, 'LIBERPRO', 'yearly');
    const membership = await t.http().get('/business/membership').set(auth(session.token));
    expect(membership.body).toMatchObject({ package: 'LIBERPRO', plan: 'yearly' });
    const types = (
      await sql<{ event_type: string }>`SELECT event_type FROM es_events WHERE stream_id = ${`account-${session.businessId}`} ORDER BY position`.execute(
        t.database.db,
      )
    ).rows;
    expect(types.map((r) => r.event_type)).toEqual(['BusinessRegistered', 'MembershipTrialStarted', 'BusinessApproved', 'MembershipPackageChanged']);
    await expect(cli('set-package', email, 'GOLD')).rejects.toMatchObject({ code: 2 });
  });

  it('seeds the demo business and its approved admin once', async () => {
    await seedDemoAccounts(t.app);
    await seedDemoAccounts(t.app);
    const admin = await login(t, DEMO.admin.email, DEMO_PASSWORD);
    expect(admin).toMatchObject({ userId: DEMO.admin.userId, businessId: DEMO.businessId });
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM es_events WHERE stream_id = ${`account-${DEMO.businessId}`}`.execute(t.database.db);
    expect(Number(count.rows[0].n)).toBe(3);
  });
});
