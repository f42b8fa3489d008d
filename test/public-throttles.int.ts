import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { up as keyEmails } from '../migrations/20261202120000_users_email_key';
import { createTestApp, TestApp } from './support/app';
import { login, STRONG_PASSWORD, uniqueEmail } from './support/fixtures';
import { head, newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';

let next = 0;
/** A new client address each call: the API believes X-Forwarded-For from loopback (a proxy on the machine). */
const rotating = () => `198.51.${Math.floor(next / 250) % 250}.${(next++ % 250) + 1}`;

const registration = (email: string) => ({
  business_name: 'Look Clinic',
  first_name: 'Ola',
  last_name: 'Owner',
  email,
  password: STRONG_PASSWORD,
  password_confirmation: STRONG_PASSWORD,
  terms: true,
  country: 'TN',
});

describe('public entry points: throttled per address and per target', () => {
  let t: TestApp;
  let owner: Staff;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Throttle Clinic');
  });
  afterAll(() => t.close());

  /** Statuses of `n` calls made one after another. */
  const statuses = async (n: number, call: (i: number) => Promise<{ status: number }>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await call(i)).status);
    return out;
  };
  const expectRefusal = (res: { status: number; headers: Record<string, string>; body: { code?: string; message?: string } }, what: RegExp) => {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('too_many_requests');
    expect(res.body.message).toMatch(what);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  describe('GET /business/account/checkemail/{email}', () => {
    const check = (email: string, from: string) =>
      t
        .http()
        .get(`/business/account/checkemail/${encodeURIComponent(email)}`)
        .set('X-Forwarded-For', from);

    it('answers 30 checks from one address, then 429 with Retry-After', async () => {
      const from = '203.0.113.10';
      expect(new Set(await statuses(30, () => check(uniqueEmail('probe'), from)))).toEqual(new Set([200]));
      expectRefusal(await check(uniqueEmail('probe'), from), /e-mail checks from this address/);
    });

    it('answers 10 checks of one e-mail from rotating addresses, then 429, look-alikes of it counted as it', async () => {
      const email = uniqueEmail('target');
      expect(new Set(await statuses(10, (i) => check(i % 2 ? email.toUpperCase() : email, rotating())))).toEqual(new Set([200]));
      expectRefusal(await check(email.replace('e', '\u0435'), rotating()), /checks of this e-mail/);
    });
  });

  describe('POST /business/account/register', () => {
    const register = (body: Record<string, unknown>, from: string) => t.http().post('/business/account/register').set('X-Forwarded-For', from).send(body);

    it('takes 10 registrations from one address an hour, then 429', async () => {
      const from = '203.0.113.20';
      expect(new Set(await statuses(10, () => register(registration(uniqueEmail('many')), from)))).toEqual(new Set([201]));
      const before = await head(t);
      expectRefusal(await register(registration(uniqueEmail('many')), from), /registrations from this address/);
      expect(await head(t)).toBe(before);
    });

    it('counts registrations of one e-mail from rotating addresses, refused or not, and stops them at 5', async () => {
      const email = uniqueEmail('again');
      const answers = await statuses(5, () => register(registration(email), rotating()));
      expect(answers).toEqual([201, 422, 422, 422, 422]);
      expectRefusal(await register(registration(email), rotating()), /registrations of this e-mail/);
    });
  });

  describe('look-alike e-mails are one account', () => {
    let email: string;
    beforeAll(async () => {
      email = uniqueEmail('alike');
      expect((await t.http().post('/business/account/register').set('X-Forwarded-For', rotating()).send(registration(email))).status).toBe(201);
    });

    const lookAlikes: [string, (e: string) => string][] = [
      ['a Cyrillic е', (e) => e.replace('e', '\u0435')],
      ['a Cyrillic о and а', (e) => e.replace('o', '\u043e').replace('a', '\u0430')],
      ['a zero-width space', (e) => e.replace('@', '\u200b@')],
      ['a zero-width joiner and a soft hyphen', (e) => `${e.slice(0, 3)}\u200d${e.slice(3, 6)}\u00ad${e.slice(6)}`],
      ['full-width letters', (e) => e.replace('alike', '\uff41\uff4c\uff49\uff4b\uff45')],
      ['capitals', (e) => e.toUpperCase()],
    ];

    it.each(lookAlikes)('refuses a registration under a look-alike with %s as taken, and says it is not free', async (_what, alikeOf) => {
      // One address a case: the registrations of one address and its look-alikes are limited together.
      const taken = uniqueEmail('alike');
      expect((await t.http().post('/business/account/register').set('X-Forwarded-For', rotating()).send(registration(taken))).status).toBe(201);
      const alike = alikeOf(taken);
      expect(alike).not.toBe(taken);
      const before = await head(t);
      const res = await t.http().post('/business/account/register').set('X-Forwarded-For', rotating()).send(registration(alike));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('email_taken');
      expect(await head(t)).toBe(before);
      const free = await t
        .http()
        .get(`/business/account/checkemail/${encodeURIComponent(alike)}`)
        .set('X-Forwarded-For', rotating());
      expect(free.body).toEqual({ available: false });
    });

    it('logs the owner in by an invisible variant of the address, and the stored address is the plain one', async () => {
      const session = await login(t, email.replace('@', '\u200b@'), STRONG_PASSWORD);
      expect(session.token).toBeTruthy();
      const me = await t
        .http()
        .get('/business/account')
        .set({ Authorization: `Bearer ${session.token}` });
      expect([200, 404]).toContain(me.status);
      const row = await t.database.db.selectFrom('users').select(['email', 'email_lower']).where('id', '=', session.userId).executeTakeFirstOrThrow();
      expect(row).toEqual({ email, email_lower: email });
    });

    it('refuses to invite a team member under a look-alike of a taken address', async () => {
      const res = await t
        .http()
        .post('/business/team/create')
        .set(owner.h)
        .send({ first_name: 'Look', last_name: 'Alike', position: 'Employee', email: email.replace('a', '\u0430') });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('email');
    });

    it('keeps addresses that differ in ASCII apart (l and 1, rn and m) and takes letters of other scripts that imitate none', async () => {
      const base = uniqueEmail('kept');
      for (const e of [
        base.replace('kept', 'kep1'),
        base.replace('kept', 'kepl'),
        base.replace('kept', 'kern'),
        base.replace('kept', 'kem'),
        base.replace('kept', 'képt'),
      ]) {
        expect((await t.http().post('/business/account/register').set('X-Forwarded-For', rotating()).send(registration(e))).status).toBe(201);
      }
    });
  });

  it('gives the rows stored before their keys, the older of two look-alikes first, the other left as it was', async () => {
    const tag = randomUUID().slice(0, 8);
    const rows = [
      { email: `shop.${tag}@example.test`, at: '2026-01-01' },
      { email: `sh\u043ep.${tag}@example.test`, at: '2026-01-02' },
      { email: `\u0430nna.${tag}@example.test`, at: '2026-01-03' },
    ].map((r) => ({ ...r, id: randomUUID() }));
    for (const r of rows) {
      await sql`INSERT INTO users (id, tenant_id, email, email_lower, first_name, last_name, role, position, created_at, updated_at)
        VALUES (${r.id}, ${owner.businessId}, ${r.email}, ${r.email.toLowerCase()}, 'Old', 'Row', 'EMPLOYEE', 'Employee', ${r.at}, ${r.at})`.execute(
        t.database.db,
      );
    }
    await keyEmails(t.database.db);
    const keys = await t.database.db
      .selectFrom('users')
      .select(['id', 'email_lower'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const keyOf = (id: string) => keys.find((k) => k.id === id)!.email_lower;
    expect(keyOf(rows[0].id)).toBe(`shop.${tag}@example.test`);
    expect(keyOf(rows[1].id)).toBe(rows[1].email.toLowerCase());
    expect(keyOf(rows[2].id)).toBe(`anna.${tag}@example.test`);
    await t.database.db
      .deleteFrom('users')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  });

  describe('joining a queue from the web', () => {
    const join = (queueId: string, phone: string, from = rotating()) =>
      t.http().put(`/user/queue/${queueId}/request`).set('X-Forwarded-For', from).send({ name: 'Rotating', phone });

    it('stops a phone number at 5 requests in 10 minutes, whatever the address', async () => {
      const q = await newQueue(t, owner);
      await statuses(5, () => join(q.id, '+216 20 777 001'));
      expectRefusal(await join(q.id, '+21620777001'), /for this phone number/);
    });

    it('stops a queue at 120 requests in 10 minutes from rotating addresses and phones', async () => {
      const q = await newQueue(t, owner);
      const answers = await statuses(120, (i) => join(q.id, `+2162088${String(i).padStart(4, '0')}`));
      expect(answers.every((s) => s === 201)).toBe(true);
      expectRefusal(await join(q.id, '+21620999999'), /to join this queue/);
    });
  });

  describe("a ticket's public page (/t/{uid})", () => {
    it('reads one ticket 120 times in 10 minutes from rotating addresses, then 429', async () => {
      const q = await newQueue(t, owner);
      const ticket = await pushTicket(t, owner, q.id);
      const answers = await statuses(120, () => t.http().get(`/user/queue/uid/${ticket.uid}`).set('X-Forwarded-For', rotating()));
      expect(new Set(answers)).toEqual(new Set([200]));
      expectRefusal(await t.http().get(`/user/queue/uid/${ticket.uid}`).set('X-Forwarded-For', rotating()), /reads of this ticket/);
    });

    it('stops running late and cancelling at 10 per ticket and 30 per address', async () => {
      const q = await newQueue(t, owner);
      const ticket = await pushTicket(t, owner, q.id);
      await statuses(10, () => t.http().post(`/user/queue/uid/${ticket.uid}/late`).set('X-Forwarded-For', rotating()).send({ places: 1 }));
      expectRefusal(await t.http().delete(`/user/queue/uid/${ticket.uid}/cancel`).set('X-Forwarded-For', rotating()), /changes of this ticket/);
      const from = '203.0.113.30';
      const tickets = await Promise.all([1, 2, 3, 4].map(() => pushTicket(t, owner, q.id)));
      await statuses(30, (i) =>
        t
          .http()
          .post(`/user/queue/uid/${tickets[i % 4].uid}/late`)
          .set('X-Forwarded-For', from)
          .send({ places: 1 }),
      );
      expectRefusal(
        await t.http().post(`/user/queue/uid/${tickets[0].uid}/late`).set('X-Forwarded-For', from).send({ places: 1 }),
        /ticket changes from this address/,
      );
    });
  });
});
