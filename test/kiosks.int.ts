import { sql } from 'kysely';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { createTestApp, TestApp } from './support/app';
import { auth } from './support/fixtures';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue } from './support/queue-fixtures';
import { PLAN_MESSAGE, staffCallsAdmitting } from './support/device-fixtures';

describe('kiosks', () => {
  let t: TestApp;
  let owner: Staff;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Kiosk Clinic');
  });
  afterAll(() => t.close());

  const createKiosk = async (fields: Record<string, unknown> = {}) => {
    const res = await t
      .http()
      .post('/business/kiosk/create')
      .set(owner.h)
      .send({ name: `Entrance ${Math.random().toString(36).slice(2, 6)}`, ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string; key: string; secret: string; autologin_token: string } & Record<string, unknown>;
  };
  const kioskLogin = (body: Record<string, unknown>) => t.http().post('/kiosk/auth').send(body);

  it('shows the secret and auto-login token once, and never again: not in reads, lists or events', async () => {
    const q = await newQueue(t, owner);
    const k = await createKiosk({ queue_ids: [q.id], sms_ticket: true, colours: { primary: '#112233' }, config_version: 2, idle_timeout_ms: 45000 });
    expect(k.secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(k.autologin_token).toMatch(/^kiosk-auto-/);
    expect(k).toMatchObject({
      status: 'active',
      queue_ids: [q.id],
      colours: { primary: '#112233' },
      config_version: 2,
      idle_timeout_ms: 45000,
      guest_pseudo: 'customer',
    });
    const reads = [
      await t.http().get(`/business/kiosk/${k.id}`).set(owner.h),
      await t.http().get('/business/kiosk?pagination=off').set(owner.h),
      await t.http().post(`/business/kiosk/${k.id}/update`).set(owner.h).send({ name: 'Renamed' }),
    ];
    for (const r of reads) {
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(k.secret);
      expect(JSON.stringify(r.body)).not.toContain(k.autologin_token);
    }
    const stored = await sql<{ text: string }>`SELECT data::text || metadata::text AS text FROM es_events`.execute(t.database.db);
    const all = stored.rows.map((r) => r.text).join('\n');
    expect(all).not.toContain(k.secret);
    expect(all).not.toContain(k.autologin_token);
    const session = await kioskLogin({ key: k.key, secret: k.secret });
    expect(session.status).toBe(200);
    expect(JSON.stringify(session.body)).not.toContain(k.secret);
  });

  it('logs in with key and secret or the auto-login token, refuses a wrong secret, and resets', async () => {
    const k = await createKiosk();
    const wrong = await kioskLogin({ key: k.key, secret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Key and Secret do not match our records');
    const byToken = await kioskLogin({ token: k.autologin_token });
    expect(byToken.status).toBe(200);
    const first = (await kioskLogin({ key: k.key.toLowerCase(), secret: k.secret })).body.token as string;
    expect((await t.http().get('/kiosk/refresh').set(auth(first))).status).toBe(200);
    const reset = await t.http().post(`/business/kiosk/${k.id}/reset`).set(owner.h);
    expect(reset.body.secret).not.toBe(k.secret);
    expect((await t.http().get('/kiosk/refresh').set(auth(first))).status).toBe(401);
    expect((await kioskLogin({ key: k.key, secret: k.secret })).status).toBe(401);
    const again = await kioskLogin({ key: k.key, secret: reset.body.secret });
    expect(again.status).toBe(200);
    const remote = await t.http().post(`/business/kiosk/${k.id}/remote/logout`).set(owner.h);
    expect(remote.body).toMatchObject({ sent: 'logout', sessions_ended: 1 });
    expect((await t.http().get('/kiosk/refresh').set(auth(again.body.token))).status).toBe(401);
    await t.http().post(`/business/kiosk/${k.id}/update`).set(owner.h).send({ status: 'inactive' }).expect(200);
    expect((await kioskLogin({ key: k.key, secret: reset.body.secret })).status).toBe(403);
  });

  it('admits a kiosk token to the /kiosk calls only: every staff call refuses it', async () => {
    const k = await createKiosk();
    const token = (await kioskLogin({ key: k.key, secret: k.secret })).body.token as string;
    expect(await staffCallsAdmitting(t, token)).toEqual([]);
  });

  it('takes a ticket for its own queues, finds and registers customers, and refuses a second join', async () => {
    const q = await newQueue(t, owner, { name: 'Main hall' });
    const elsewhere = await newQueue(t, owner);
    const k = await createKiosk({ queue_ids: [q.id], collect_customer_details: true });
    const h = auth((await kioskLogin({ key: k.key, secret: k.secret })).body.token);
    const refresh = await t.http().get('/kiosk/refresh').set(h);
    expect(refresh.body.queues.map((x: { id: string }) => x.id)).toEqual([q.id]);
    expect((await t.http().post('/kiosk/customer/search').set(h).send({ phone: '20 555 666' })).body.customer).toBeNull();
    const incomplete = await t.http().put('/kiosk/customer/create').set(h).send({ phone: '20 555 666', first_name: 'Nour' });
    expect(incomplete.status).toBe(422);
    const created = await t.http().put('/kiosk/customer/create').set(h).send({ phone: '20 555 666', first_name: 'Nour', last_name: 'Hamdi' });
    expect(created.status).toBe(200);
    const found = await t.http().post('/kiosk/customer/search').set(h).send({ phone: '+216 20555666' });
    expect(found.body.customer).toEqual({ id: created.body.customer.id, first_name: 'Nour' });
    const ticket = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: q.id, customer_id: created.body.customer.id });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ label: 'A1', rank: 1, queue: { name: 'Main hall' }, sms: 'not_requested' });
    expect(ticket.body.link).toMatch(new RegExp(`/t/${ticket.body.uid}$`));
    const twice = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: q.id, customer_id: created.body.customer.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Could not join the requested queue, you may already be waiting in the queue!');
    expect((await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: elsewhere.id })).status).toBe(404);
    const list = await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h);
    expect(list.body.data.map((x: { uid: string; customer_name: string }) => [x.uid, x.customer_name])).toEqual([[ticket.body.uid, 'Nour Hamdi']]);
  });

  it('lets the customer ask for one of the queue’s team members, only where the queue allows it', async () => {
    const amira = await newMember(t, owner, 'Employee', { first_name: 'Amira', last_name: 'Ben Salah' });
    const sami = await newMember(t, owner, 'Employee', { first_name: 'Sami', last_name: 'Trabelsi' });
    const outsider = await newMember(t, owner, 'Employee', { first_name: 'Walid', last_name: 'Kefi' });
    const choosing = await newQueue(t, owner, { name: 'Consultations', customer_chooses_member: true, member_ids: [sami.memberId, amira.memberId] });
    const plain = await newQueue(t, owner, { name: 'Counter', member_ids: [amira.memberId] });
    const k = await createKiosk({ queue_ids: [choosing.id, plain.id] });
    const h = auth((await kioskLogin({ key: k.key, secret: k.secret })).body.token);
    const queues = (await t.http().get('/kiosk/refresh').set(h)).body.queues as { id: string; members: { id: string; name: string }[] }[];
    expect(queues.find((q) => q.id === choosing.id)!.members).toEqual([
      { id: amira.memberId, name: 'Amira B.' },
      { id: sami.memberId, name: 'Sami T.' },
    ]);
    expect(queues.find((q) => q.id === plain.id)!.members).toEqual([]);
    const before = await head(t);
    const notHere = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: plain.id, member_id: amira.memberId });
    expect([notHere.status, notHere.body.errors]).toEqual([422, { member_id: ['This queue does not let customers choose a team member'] }]);
    const notOfQueue = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: choosing.id, member_id: outsider.memberId });
    expect([notOfQueue.status, notOfQueue.body.errors]).toEqual([422, { member_id: ['Select a valid team member'] }]);
    expect(await head(t)).toBe(before);
    const chosen = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: choosing.id, member_id: sami.memberId, customer_name: 'Walk-in' });
    expect(chosen.status).toBe(200);
    const list = await t.http().get(`/business/queue/${choosing.id}/waitinglist`).set(owner.h);
    expect(list.body.data.map((x: { uid: string; member_id: string | null }) => [x.uid, x.member_id])).toEqual([[chosen.body.uid, sami.memberId]]);
    const anyone = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: choosing.id, member_id: null, customer_name: 'Another' });
    expect(anyone.status).toBe(200);
  });

  it('answers the plan gate to a business on FREE, in the back-office and at the kiosk', async () => {
    const k = await createKiosk();
    await t.app.get(RegistrationService).setPackage(owner.email, 'FREE', null);
    for (const [method, path] of [
      ['get', '/business/kiosk'],
      ['post', '/business/kiosk/create'],
      ['get', `/business/kiosk/${k.id}`],
    ] as const) {
      const res = await t.http()[method](path).set(owner.h).send({ name: 'x' });
      expect([path, res.status, res.body.message]).toEqual([path, 403, PLAN_MESSAGE]);
    }
    const login = await kioskLogin({ key: k.key, secret: k.secret });
    expect([login.status, login.body.message]).toEqual([403, PLAN_MESSAGE]);
    await t.app.get(RegistrationService).setPackage(owner.email, 'LIBERUP', 'monthly');
  });
});
