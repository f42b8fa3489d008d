import { sql } from 'kysely';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { readMailbox, mailboxDir } from '@tabour/notifications';
import { AppConfig, PLAN_GATE_MESSAGE } from '@tabour/platform';
import { Clock } from '../apps/api/src/accounts/clock';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { AuthGuard, MembershipReader, RequiresPlan, SessionResolver } from '../apps/api/src/common/auth';
import { StaffAccounts } from '../apps/api/src/common/staff-accounts';
import { APP_CONFIG } from '../apps/api/src/common/tokens';
import { createTestApp, TestApp } from './support/app';
import { auth, clientAddress, login, LoggedIn, registerBusiness, STRONG_PASSWORD, uniqueEmail } from './support/fixtures';

const registration = (email: string, over: Record<string, unknown> = {}) => ({
  business_name: 'Clinic',
  first_name: 'Ola',
  last_name: 'Owner',
  email,
  password: STRONG_PASSWORD,
  password_confirmation: STRONG_PASSWORD,
  terms: true,
  ...over,
});

describe('accounts', () => {
  let t: TestApp;
  let owner: LoggedIn;
  let clock: Clock;
  let mailbox: string;
  const head = async () => (await sql<{ position: string }>`SELECT position FROM es_head`.execute(t.database.db)).rows[0].position;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t, 'First Clinic');
    clock = t.app.get(Clock);
    mailbox = mailboxDir(t.app.get<AppConfig>(APP_CONFIG).dataDir);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** A team member's login as the organisation context creates it, with a password set. */
  async function staff(position: 'Employee' | 'Manager', tenantId = owner.businessId, password: string | null = STRONG_PASSWORD) {
    const userId = crypto.randomUUID();
    const email = uniqueEmail(position.toLowerCase());
    const accounts = t.app.get(StaffAccounts);
    const actor = { type: 'system' as const };
    await accounts.createLogin({ tenantId, userId, email, firstName: 'Sam', lastName: position, position }, actor);
    if (password) await accounts.setPassword(tenantId, userId, password, actor);
    return { userId, email };
  }

  async function latestCode(email: string): Promise<string> {
    const [message] = await readMailbox(mailbox, { to: email, limit: 1 });
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no code in the mailbox for ${email}`);
    return code;
  }

  describe('register', () => {
    it.each([
      ['terms not accepted', { terms: false }, 'terms', 'You MUST accept our Terms and Conditions'],
      ['terms missing', { terms: undefined }, 'terms', 'You MUST accept our Terms and Conditions'],
      ['confirmation differs', { password_confirmation: 'Str0ng!Pasz' }, 'password_confirmation', 'Password confirm does not match'],
      ['weak password', { password: 'weakpass', password_confirmation: 'weakpass' }, 'password', expect.stringContaining('at least 8 characters')],
      ['malformed e-mail', { email: 'not-an-email' }, 'email', 'Email is invalid or used by another account'],
      ['unknown country', { country: 'XX' }, 'country', 'Select a valid country'],
    ])('refuses %s with 422 and writes nothing', async (_, over, field, message) => {
      const before = await head();
      const res = await t.http().post('/business/account/register').set('X-Forwarded-For', clientAddress()).send(registration(uniqueEmail(), over));
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toContainEqual(message);
      expect(await head()).toBe(before);
    });

    it('refuses an e-mail used by another account, whatever its case', async () => {
      const res = await t.http().post('/business/account/register').set('X-Forwarded-For', clientAddress()).send(registration(owner.email.toUpperCase()));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        message: 'Email is invalid or used by another account',
        errors: { email: ['Email is invalid or used by another account'] },
      });
    });

    it('lets only one of two simultaneous registrations of one e-mail through', async () => {
      const email = uniqueEmail('race');
      const answers = await Promise.all(
        [1, 2, 3].map(() => t.http().post('/business/account/register').set('X-Forwarded-For', clientAddress()).send(registration(email))),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422]);
      const rows = await t.database.db.selectFrom('users').select('id').where('email_lower', '=', email).execute();
      expect(rows).toHaveLength(1);
    });

    it('creates the business, its ADMIN owner and the events without any secret', async () => {
      const email = uniqueEmail();
      const res = await t
        .http()
        .post('/business/account/register')
        .set('X-Forwarded-For', clientAddress())
        .send(registration(email, { phone: '+216 71 000 000', country: 'tn' }));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ business: { name: 'Clinic', status: 'approved' }, user: { email, role: 'ADMIN' } });
      const events = (
        await sql<{
          event_type: string;
          data: unknown;
        }>`SELECT event_type, data FROM es_events WHERE stream_id = ${`account-${res.body.business.id}`} ORDER BY position`.execute(t.database.db)
      ).rows;
      expect(events.map((e) => e.event_type)).toEqual(['BusinessRegistered', 'MembershipTrialStarted', 'BusinessApproved']);
      expect(events[0].data).toMatchObject({
        business_id: res.body.business.id,
        name: 'Clinic',
        email,
        phone: '+216 71 000 000',
        country: 'TN',
        owner: { user_id: res.body.user.id, first_name: 'Ola', last_name: 'Owner', email },
      });
      const all = JSON.stringify((await sql`SELECT data FROM es_events`.execute(t.database.db)).rows);
      expect(all).not.toContain(STRONG_PASSWORD);
      expect(all).not.toContain('$argon2');
    });

    it('answers whether an e-mail is free', async () => {
      expect((await t.http().get(`/business/account/checkemail/${encodeURIComponent(owner.email.toUpperCase())}`)).body).toEqual({ available: false });
      expect((await t.http().get(`/business/account/checkemail/${encodeURIComponent(uniqueEmail())}`)).body).toEqual({ available: true });
    });
  });

  describe('login and sessions', () => {
    it('answers the session: token, user and business with membership', async () => {
      const res = await t.http().post('/business/account/auth').send({ email: owner.email, password: STRONG_PASSWORD, ip: '10.0.0.1' });
      expect(res.status).toBe(200);
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.user).toMatchObject({
        id: owner.userId,
        email: owner.email,
        first_name: 'Owner',
        last_name: 'Person',
        role: 'ADMIN',
        position: 'Admin',
        business_id: owner.businessId,
      });
      expect(res.body.business).toMatchObject({
        id: owner.businessId,
        name: 'First Clinic',
        organization_id: owner.businessId,
        status: 'approved',
        membership: { package: 'TRIAL', trial: { active: true } },
        permissions: { kiosks: true, displays: true },
      });
    });

    it('refuses a wrong password with 401 and the records message', async () => {
      const res = await t.http().post('/business/account/auth').send({ email: owner.email, password: 'Wrong!Pass1', ip: '' });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Email and Password do not match our records');
      const unknown = await t.http().post('/business/account/auth').send({ email: uniqueEmail(), password: 'Wrong!Pass1', ip: '' });
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe('Email and Password do not match our records');
    });

    it('ends a session at logout: the token fails at once', async () => {
      const s = await login(t, owner.email, STRONG_PASSWORD);
      expect((await t.http().get('/business/membership').set(auth(s.token))).status).toBe(200);
      expect((await t.http().post('/business/account/logout').set(auth(s.token))).status).toBe(200);
      const after = await t.http().get('/business/membership').set(auth(s.token));
      expect(after.status).toBe(401);
    });

    it('slows repeated failures, then locks the address out of the account for 15 minutes', async () => {
      const { email } = await staff('Employee');
      let now = Date.now();
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
      // Behind the loopback proxy the client address comes from X-Forwarded-For.
      const attempt = (password: string) => t.http().post('/business/account/auth').set('X-Forwarded-For', '203.0.113.7').send({ email, password, ip: '' });
      for (let i = 0; i < 3; i++) expect((await attempt('Wrong!Pass1')).status).toBe(401);
      const slowed = await attempt('Wrong!Pass1');
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 3; i < 10; i++) {
        now += 61_000;
        expect((await attempt('Wrong!Pass1')).status).toBe(401);
      }
      now += 61_000;
      const locked = await attempt(STRONG_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('login_locked');
      expect(locked.body.message).toMatch(/locked/);
      now += 16 * 60_000;
      expect((await attempt(STRONG_PASSWORD)).status).toBe(200);
    });
  });

  describe('passwords', () => {
    it('lets a member created without a password set one with the e-mailed code', async () => {
      const { email } = await staff('Employee', owner.businessId, null);
      expect((await t.http().post('/business/account/auth').send({ email, password: STRONG_PASSWORD, ip: '' })).status).toBe(401);
      const code = await latestCode(email);
      const wrong = await t
        .http()
        .post('/business/account/password/reset/update')
        .send({ email, code: code === '000000' ? '111111' : '000000', password: 'New!Pass123', password_confirmation: 'New!Pass123' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.message).toBe('email and reset code do not match');
      const ok = await t
        .http()
        .post('/business/account/password/reset/update')
        .send({ email, code, password: 'New!Pass123', password_confirmation: 'New!Pass123' });
      expect(ok.status).toBe(200);
      expect((await login(t, email, 'New!Pass123')).token).toBeTruthy();
      // A code works once.
      const again = await t
        .http()
        .post('/business/account/password/reset/update')
        .send({ email, code, password: 'Other!Pass123', password_confirmation: 'Other!Pass123' });
      expect(again.status).toBe(422);
    });

    it('resets a forgotten password, answering alike for unknown e-mails', async () => {
      const { email } = await staff('Manager');
      const unknown = await t.http().post('/business/account/password/reset').send({ email: uniqueEmail() });
      expect(unknown.status).toBe(200);
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + 120_000));
      const res = await t.http().post('/business/account/password/reset').send({ email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(unknown.body.message);
      const message = (await readMailbox(mailbox, { to: email, limit: 1 }))[0];
      expect(message.subject).toMatch(/reset code/);
      const code = await latestCode(email);
      const res2 = await t
        .http()
        .post('/business/account/password/reset/update')
        .send({ email, code, password: 'Reset!Pass9', password_confirmation: 'Reset!Pass9' });
      expect(res2.status).toBe(200);
      await login(t, email, 'Reset!Pass9');
      expect((await t.http().post('/business/account/auth').send({ email, password: STRONG_PASSWORD, ip: '' })).status).toBe(401);
    });

    it('changes the password with the current one, ending the other sessions only', async () => {
      const { email } = await staff('Manager');
      const a = await login(t, email, STRONG_PASSWORD);
      const b = await login(t, email, STRONG_PASSWORD);
      const wrong = await t
        .http()
        .post('/business/account/password/update')
        .set(auth(a.token))
        .send({ current_password: 'Nope!Nope1', password: 'Next!Pass22', password_confirmation: 'Next!Pass22' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.current_password).toBeDefined();
      const ok = await t
        .http()
        .post('/business/account/password/update')
        .set(auth(a.token))
        .send({ current_password: STRONG_PASSWORD, password: 'Next!Pass22', password_confirmation: 'Next!Pass22' });
      expect(ok.status).toBe(200);
      expect((await t.http().get('/business/membership').set(auth(a.token))).status).toBe(200);
      expect((await t.http().get('/business/membership').set(auth(b.token))).status).toBe(401);
      await login(t, email, 'Next!Pass22');
    });
  });

  describe('users', () => {
    let other: LoggedIn;
    beforeAll(async () => {
      other = await registerBusiness(t, 'Second Clinic');
    });

    it('lists the business users, paged, for ADMIN', async () => {
      await staff('Employee');
      const res = await t.http().get('/business/users?page=1&per_page=2').set(auth(owner.token));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 1, per_page: 2 });
      expect(res.body.total).toBeGreaterThanOrEqual(3);
      expect(res.body.data).toHaveLength(2);
      expect(res.body.data.every((u: { business_id: string }) => u.business_id === owner.businessId)).toBe(true);
    });

    it('refuses the user list to an EMPLOYEE with 403', async () => {
      const { email } = await staff('Employee');
      const employee = await login(t, email, STRONG_PASSWORD);
      expect((await t.http().get('/business/users').set(auth(employee.token))).status).toBe(403);
      expect((await t.http().get(`/business/users/${employee.userId}`).set(auth(employee.token))).status).toBe(200);
    });

    it("answers 404 for another business's user, as for a missing one", async () => {
      const mine = await t.http().get(`/business/users/${owner.userId}`).set(auth(other.token));
      const missing = await t.http().get(`/business/users/${crypto.randomUUID()}`).set(auth(other.token));
      expect(mine.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(mine.body).toEqual(missing.body);
      expect((await t.http().delete(`/business/users/${owner.userId}`).set(auth(other.token))).status).toBe(404);
    });

    it('deletes a user, ending their sessions, but never the caller', async () => {
      const { email, userId } = await staff('Manager');
      const manager = await login(t, email, STRONG_PASSWORD);
      expect((await t.http().delete(`/business/users/${userId}`).set(auth(manager.token))).status).toBe(403);
      const res = await t.http().delete(`/business/users/${userId}`).set(auth(owner.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: userId });
      expect((await t.http().get('/business/membership').set(auth(manager.token))).status).toBe(401);
      expect((await t.http().get(`/business/users/${userId}`).set(auth(owner.token))).status).toBe(404);
      const self = await t.http().delete(`/business/users/${owner.userId}`).set(auth(owner.token));
      expect(self.status).toBe(422);
    });

    it('updates the caller’s own profile, refusing a used e-mail', async () => {
      const { email } = await staff('Employee');
      const me = await login(t, email, STRONG_PASSWORD);
      const res = await t
        .http()
        .post('/business/account/update')
        .set(auth(me.token))
        .send({ first_name: 'Samira', language: 'fr', phone: '+33 1 00 00 00 00' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: me.userId, first_name: 'Samira', language: 'fr', phone: '+33 1 00 00 00 00' });
      const taken = await t.http().post('/business/account/update').set(auth(me.token)).send({ email: owner.email });
      expect(taken.status).toBe(422);
      expect(taken.body.message).toBe('Email is invalid or used by another account');
    });
  });

  it('lets the business owner change their profile again and again', async () => {
    const me = await registerBusiness(t, 'Owner Edits');
    for (const first_name of ['First', 'Second', 'Third']) {
      const res = await t.http().post('/business/account/update').set(auth(me.token)).send({ first_name });
      expect([first_name, res.status, res.body.first_name]).toEqual([first_name, 200, first_name]);
    }
  });

  describe('membership and plan gate', () => {
    class Gated {
      @RequiresPlan('LIBERUP', 'LIBERPRO')
      kiosks() {}
    }
    const contextFor = (token: string) =>
      ({
        getHandler: () => Gated.prototype.kiosks,
        getClass: () => Gated,
        switchToHttp: () => ({ getRequest: () => ({ headers: { authorization: `Bearer ${token}` } }) }),
      }) as unknown as ExecutionContext;

    it('counts the trial down, falls back to FREE, and follows a package change', async () => {
      const start = new Date('2026-11-22T09:00:00Z');
      let now = start.getTime();
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
      const s = await registerBusiness(t, 'Trial Clinic');
      now += 3 * 3_600_000;
      const trial = await t.http().get('/business/membership').set(auth(s.token));
      expect(trial.body).toMatchObject({
        package: 'TRIAL',
        plan: null,
        trial: { active: true, days_left: 13, hours_left: 21, ends_at: '2026-12-06T09:00:00.000Z' },
        sms: { allowance: 200, consumed: 0, balance: 200 },
      });

      const guard = new AuthGuard(t.app.get(Reflector), t.app.get(SessionResolver), t.app.get(MembershipReader));
      expect(await guard.canActivate(contextFor(s.token))).toBe(true);

      now += 15 * 24 * 3_600_000;
      // Sessions end after 12 idle hours: log in again on the later day.
      Object.assign(s, await login(t, s.email, STRONG_PASSWORD));
      expect((await t.http().get('/business/membership').set(auth(s.token))).body).toMatchObject({
        package: 'FREE',
        trial: { active: false, days_left: 0, hours_left: 0 },
      });
      await expect(guard.canActivate(contextFor(s.token))).rejects.toMatchObject({ status: 403, message: PLAN_GATE_MESSAGE, code: 'plan_required' });

      await t.app.get(RegistrationService).setPackage(s.email, 'LIBERUP', 'monthly');
      expect((await t.http().get('/business/membership').set(auth(s.token))).body).toMatchObject({ package: 'LIBERUP', plan: 'monthly' });
      expect(await guard.canActivate(contextFor(s.token))).toBe(true);
    });

    it('lists the packages', async () => {
      const res = await t.http().get('/business/package').set(auth(owner.token));
      expect(res.status).toBe(200);
      expect(res.body.data.map((p: { id: string }) => p.id)).toEqual(['TRIAL', 'FREE', 'LIBERUP', 'LIBERPRO']);
    });
  });
});
