import { sql } from 'kysely';
import { readMailbox, mailboxDir } from '@tabour/notifications';
import { AppConfig } from '@tabour/platform';
import { CaptchaService } from '../apps/api/src/accounts/captcha.service';
import { Clock } from '../apps/api/src/accounts/clock';
import { APP_CONFIG } from '../apps/api/src/common/tokens';
import { createTestApp, TestApp } from './support/app';
import { auth, registerBusiness, STRONG_PASSWORD } from './support/fixtures';

/** Login and reset-code limits under parallel guessing, and the owner's way in during an attack. */
describe('accounts throttle', () => {
  let t: TestApp;
  let clock: Clock;
  let mailbox: string;

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
    mailbox = mailboxDir(t.app.get<AppConfig>(APP_CONFIG).dataDir);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const attempt = (email: string, password: string, address: string, extra: Record<string, unknown> = {}) =>
    t
      .http()
      .post('/business/account/auth')
      .set('X-Forwarded-For', address)
      .send({ email, password, ip: '', ...extra });

  it('checks exactly the three free passwords of 30 sent at once', async () => {
    const { email } = await registerBusiness(t, 'Parallel Login Clinic');
    // A fixed clock: however slowly a loaded machine serves the 30, the fourth never waited long enough.
    const frozen = new Date();
    jest.spyOn(clock, 'now').mockImplementation(() => frozen);
    const answers = await Promise.all(Array.from({ length: 30 }, () => attempt(email, 'Wrong!Pass1', '198.51.100.30')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
  });

  it('records exactly five of 60 reset-code guesses sent at once, and the code is then spent', async () => {
    const { email } = await registerBusiness(t, 'Parallel Reset Clinic');
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + 120_000));
    await t.http().post('/business/account/password/reset').send({ email }).expect(200);
    const [message] = await readMailbox(mailbox, { to: email, limit: 1 });
    const code = /\b(\d{6})\b/.exec(message.text)![1];
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const body = (c: string) => ({ email, code: c, password: 'Reset!Pass9', password_confirmation: 'Reset!Pass9' });
    // From 60 addresses, so that only the code's own limit, not the per-address one, decides.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t
          .http()
          .post('/business/account/password/reset/update')
          .set('X-Forwarded-For', `10.60.${i}.1`)
          .send(body(wrong(i))),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(422));
    const rows = await sql<{
      attempts: number;
    }>`SELECT r.attempts FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email_lower = ${email}`.execute(t.database.db);
    expect(rows.rows).toEqual([{ attempts: 5 }]);
    expect((await t.http().post('/business/account/password/reset/update').send(body(code))).status).toBe(422);
  });

  it('counts wrong reset codes from one address as failed logins: three pass, then it waits, whatever new codes are sent', async () => {
    const { email } = await registerBusiness(t, 'Reset Guess Clinic');
    const now = Date.now() + 300_000;
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
    const guess = (c: string) =>
      t
        .http()
        .post('/business/account/password/reset/update')
        .set('X-Forwarded-For', '198.51.100.150')
        .send({ email, code: c, password: 'Reset!Pass9', password_confirmation: 'Reset!Pass9' });
    const statuses: number[] = [];
    for (const c of ['000001', '000002', '000003']) statuses.push((await guess(c)).status);
    // A fresh code gives the code five new guesses, but not this address.
    await t.http().post('/business/account/password/reset').send({ email }).expect(200);
    const refused = await guess('000004');
    statuses.push(refused.status);
    expect(statuses).toEqual([422, 422, 422, 429]);
    expect(refused.body.code).toBe('login_slowed');
  });

  it('sends one reset code for 10 requests sent at once (at most one a minute)', async () => {
    const { email } = await registerBusiness(t, 'Parallel Request Clinic');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.http().post('/business/account/password/reset').send({ email })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await readMailbox(mailbox, { to: email, limit: 20 })).toHaveLength(1);
  });

  it('counts guesses of the current password on a password change against the same limits', async () => {
    const owner = await registerBusiness(t, 'Session Thief Clinic');
    const change = (current: string) =>
      t
        .http()
        .post('/business/account/password/update')
        .set(auth(owner.token))
        .set('X-Forwarded-For', '198.51.100.120')
        .send({ current_password: current, password: 'Other!Pass9', password_confirmation: 'Other!Pass9' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await change(`Wrong!Pass${i}`)).status);
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    const slowed = await change(STRONG_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps no e-mail or address in its counters, and drops counters idle for a day as logins succeed', async () => {
    const { email } = await registerBusiness(t, 'Tidy Clinic');
    expect((await attempt(email, 'Wrong!Pass1', '198.51.100.90')).status).toBe(401);
    const keys = (await sql<{ key: string }>`SELECT key FROM login_throttle`.execute(t.database.db)).rows.map((r) => r.key);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);

    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    const future = new Date(Date.now() + 3600_000);
    await sql`INSERT INTO login_throttle (key, failures, last_failure_at, locked_until, notice_until) VALUES
      ('idle', 4, ${old}, NULL, NULL), ('still-locked', 10, ${old}, ${future}, NULL), ('recent', 1, now(), NULL, NULL)`.execute(t.database.db);
    expect((await attempt(email, STRONG_PASSWORD, '198.51.100.91')).status).toBe(200);
    const left = (
      await sql<{ key: string }>`SELECT key FROM login_throttle WHERE key IN ('idle', 'still-locked', 'recent') ORDER BY key`.execute(t.database.db)
    ).rows;
    expect(left.map((r) => r.key)).toEqual(['recent', 'still-locked']);
  });

  it("locks the attacker's address for the account, lets the owner in from elsewhere with the captcha, and tells the owner once", async () => {
    const { email } = await registerBusiness(t, 'Attacked Clinic');
    let now = Date.now() + 600_000;
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
    const attacker = '198.51.100.66';
    for (let i = 0; i < 10; i++) {
      expect((await attempt(email, 'Wrong!Pass1', attacker)).status).toBe(401);
      now += 61_000;
    }
    const locked = await attempt(email, STRONG_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('login_locked');

    // The installation has the captcha off, yet an account under attack asks for it.
    const owner = '203.0.113.200';
    const bare = await attempt(email, STRONG_PASSWORD, owner);
    expect(bare.status).toBe(422);
    expect(bare.body.code).toBe('captcha_required');
    expect((await t.http().post('/business/account/auth/old').set('X-Forwarded-For', owner).send({ email, password: STRONG_PASSWORD, ip: '' })).status).toBe(
      422,
    );
    const { key, text } = await t.app.get(CaptchaService).create();
    const ok = await attempt(email, STRONG_PASSWORD, owner, { key, captcha: text });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    // The attacker's address stays locked after the owner's success.
    expect((await attempt(email, STRONG_PASSWORD, attacker)).status).toBe(429);

    // More failures from other addresses in the same window send no second notice.
    for (const other of ['198.51.100.67', '198.51.100.68']) {
      const c = await t.app.get(CaptchaService).create();
      expect((await attempt(email, 'Wrong!Pass1', other, { key: c.key, captcha: c.text })).status).toBe(401);
    }
    const notices = (await readMailbox(mailbox, { to: email, limit: 20 })).filter((m) => /sign-in attempts/i.test(m.subject));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain(attacker);

    // After the window the address is let in again, without the captcha.
    now += 16 * 60_000;
    expect((await attempt(email, STRONG_PASSWORD, attacker)).status).toBe(200);
  });
});
