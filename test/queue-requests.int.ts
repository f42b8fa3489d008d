import { sql } from 'kysely';
import { rebuildProjection } from '@tabour/eventstore';
import { queueRequestProjection } from '@tabour/queues';
import { RateLimits } from '../apps/api/src/common/rate-limits';
import { Commands } from '../apps/api/src/common/commands';
import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket, queueProblems } from './support/queue-fixtures';

/** Each scenario joins from its own address, so the per-address limit of one does not reach another. */
let lastAddress = 10;
const address = () => `203.0.113.${++lastAddress}`;

describe('queue requests: remote joins that wait for staff', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff & { memberId: string };
  let manager: Staff & { memberId: string };
  let other: Staff;
  let serviceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Request Clinic');
    other = await newBusiness(t, 'Other Clinic');
    agent = await newMember(t, owner, 'Front Desk');
    manager = await newMember(t, owner, 'Manager', { role: 'MANAGER' });
    const service = await t
      .http()
      .put('/business/service/create')
      .set(owner.h)
      .send({ name: 'Consultation', price: 10, duration: 15, duration_unit: 'minutes' });
    expect(service.status).toBe(201);
    serviceId = service.body.id;
  });
  afterAll(() => t.close());

  const join = (queueId: string, body: Record<string, unknown>, from = address()) =>
    t.http().put(`/user/queue/${queueId}/request`).set('X-Forwarded-For', from).send(body);
  const publicPage = (uid: string) => t.http().get(`/user/queue/request/${uid}`);
  const requests = (queueId: string, by: Staff = owner, query = 'pagination=off') => t.http().get(`/business/queue/${queueId}/requests?${query}`).set(by.h);
  const waiting = async (queueId: string) =>
    (await t.http().get(`/business/queue/${queueId}/waitinglist`).set(owner.h)).body.data as {
      id: string;
      customer_id: string | null;
      customer_name: string | null;
    }[];

  /** A request made through the public call, found again in the staff list. */
  async function submitted(queueId: string, body: Record<string, unknown>) {
    const res = await join(queueId, body);
    expect(res.status).toBe(201);
    const list = await requests(queueId);
    const row = list.body.data.find((r: { name: string }) => r.name === String(body.name).trim());
    return { uid: res.body.uid as string, id: row.id as string };
  }

  it('takes a request publicly, lets staff correct and approve it, and pushes its ticket into the waiting list', async () => {
    const q = await newQueue(t, owner, { service_ids: [serviceId], ticket_prefix: 'W' });
    const customer = await t
      .http()
      .put('/business/customer/create')
      .set(owner.h)
      .send({ first_name: 'Amira', last_name: 'Registered', phone: '+216 20 555 111' });
    expect(customer.status).toBe(201);

    const res = await join(q.id, { name: ' Amira ', phone: '20 555 112', service_ids: [serviceId], note: 'Wheelchair' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['status', 'uid']);
    expect(res.body.status).toBe('pending');
    const uid = res.body.uid;
    expect(await publicPage(uid).then((r) => r.body)).toEqual({ uid, status: 'pending', queue_name: q.name, ticket: null });

    // The waiting-list screen is open to every role: an agent lists, corrects and approves.
    const list = await requests(q.id, agent);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, per_page: null });
    const request = list.body.data[0];
    expect(request).toMatchObject({
      queue_id: q.id,
      status: 'pending',
      name: 'Amira',
      phone: '+21620555112',
      service_ids: [serviceId],
      note: 'Wheelchair',
      member_id: null,
      ticket: null,
    });
    expect((await requests(q.id, agent, 'page=1&status=approved')).body).toMatchObject({ data: [], total: 0, per_page: 15 });

    // The typo in the phone is corrected: the number then matches the registered customer.
    const updated = await t
      .http()
      .post(`/business/queue/${q.id}/request/${request.id}/update`)
      .set(agent.h)
      .send({ name: 'Amira Registered', phone: '+216 20 555 111', member_id: agent.memberId });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Amira Registered', phone: '+21620555111', member_id: agent.memberId, note: 'Wheelchair', status: 'pending' });

    const approved = await t.http().post(`/business/queue/${q.id}/request/${request.id}/approve`).set(agent.h);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: request.id, status: 'approved', customer_id: customer.body.id, ticket: { label: 'W1', rank: 1 } });
    const ticket = approved.body.ticket;
    expect(Object.keys(ticket).sort()).toEqual(['id', 'label', 'rank', 'uid']);

    const list2 = await waiting(q.id);
    expect(list2.map((x) => x.id)).toEqual([ticket.id]);
    // The ticket names the registered customer by id; the name shown is read from their record.
    expect(list2[0]).toMatchObject({ customer_id: customer.body.id, customer_name: 'Amira Registered' });
    expect((await t.http().get(`/business/queue/${q.id}/request/${request.id}`).set(owner.h)).body.ticket).toEqual(ticket);

    // The customer's page shows the ticket's link and label, and nothing about anyone.
    const page = await publicPage(uid);
    expect(page.body).toEqual({ uid, status: 'approved', queue_name: q.name, ticket: { uid: ticket.uid, label: 'W1' } });
    expect((await t.http().get(`/user/queue/uid/${ticket.uid}`)).body).toMatchObject({ label: 'W1', status: 'waiting', rank: 1 });

    // Decided is decided: no second ticket, no decline, no change, and nothing written.
    const before = await head(t);
    const again = await t.http().post(`/business/queue/${q.id}/request/${request.id}/approve`).set(owner.h);
    expect([again.status, again.body.code]).toEqual([409, 'request_approved']);
    expect((await t.http().post(`/business/queue/${q.id}/request/${request.id}/decline`).set(owner.h).send({})).status).toBe(409);
    expect((await t.http().post(`/business/queue/${q.id}/request/${request.id}/update`).set(owner.h).send({ name: 'Changed' })).status).toBe(409);
    expect(await head(t)).toBe(before);
    expect((await waiting(q.id)).length).toBe(1);
    expect(await queueProblems(t, owner.businessId, q.id)).toEqual([]);
  });

  it('declines a request with a reason, pushes nothing, and refuses to approve it afterwards', async () => {
    const q = await newQueue(t, owner);
    const { uid, id } = await submitted(q.id, { name: 'Bilel', phone: '+216 20 555 201' });
    const declined = await t.http().post(`/business/queue/${q.id}/request/${id}/decline`).set(agent.h).send({ reason: ' Closing early today ' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', decline_reason: 'Closing early today', ticket: null });
    expect(declined.body.decided_at).toBeTruthy();

    const before = await head(t);
    const approve = await t.http().post(`/business/queue/${q.id}/request/${id}/approve`).set(owner.h);
    expect([approve.status, approve.body.code]).toEqual([409, 'request_declined']);
    expect(await head(t)).toBe(before);
    expect(await waiting(q.id)).toEqual([]);
    expect((await publicPage(uid)).body).toEqual({ uid, status: 'declined', queue_name: q.name, ticket: null });
    expect((await requests(q.id, owner, 'pagination=off&status=declined')).body.data.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('keeps one pending request per phone and queue, whatever format the phone is typed in', async () => {
    const q = await newQueue(t, owner);
    const q2 = await newQueue(t, owner);
    const { id } = await submitted(q.id, { name: 'Chokri', phone: '20 555 301' });
    const before = await head(t);
    const twice = await join(q.id, { name: 'Chokri again', phone: '+216-20-555-301' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Could not join the requested queue, you may already be waiting in the queue!');
    expect(await head(t)).toBe(before);
    // Another queue is another wait; a decided request frees the phone.
    expect((await join(q2.id, { name: 'Chokri', phone: '20555301' })).status).toBe(201);
    await t.http().post(`/business/queue/${q.id}/request/${id}/decline`).set(owner.h).send({}).expect(200);
    expect((await join(q.id, { name: 'Chokri', phone: '20555301' })).status).toBe(201);
    // Staff cannot make two pending requests share a phone either.
    const { id: other } = await submitted(q2.id, { name: 'Dalila', phone: '20 555 302' });
    const clash = await t.http().post(`/business/queue/${q2.id}/request/${other}/update`).set(owner.h).send({ phone: '20 555 301' });
    expect([clash.status, clash.body.message]).toEqual([409, 'Could not join the requested queue, you may already be waiting in the queue!']);
    expect((await t.http().get(`/business/queue/${q2.id}/request/${other}`).set(owner.h)).body.phone).toBe('+21620555302');
  });

  it('takes one of two requests of one phone sent at the same moment', async () => {
    const q = await newQueue(t, owner);
    const answers = await Promise.all([join(q.id, { name: 'Imen', phone: '20 555 801' }), join(q.id, { name: 'Imen', phone: '+21620555801' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await requests(q.id)).body.total).toBe(1);
  });

  it('pushes one ticket when a request is approved twice at the same moment', async () => {
    const q = await newQueue(t, owner);
    const { id } = await submitted(q.id, { name: 'Jalel', phone: '20 555 901' });
    const approve = () => t.http().post(`/business/queue/${q.id}/request/${id}/approve`).set(agent.h);
    const answers = await Promise.all([approve(), approve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await waiting(q.id)).length).toBe(1);
    expect(await queueProblems(t, owner.businessId, q.id)).toEqual([]);
  });

  it('takes the pushed ticket back out when the request was decided elsewhere meanwhile', async () => {
    const q = await newQueue(t, owner);
    const { uid, id } = await submitted(q.id, { name: 'Karim', phone: '20 555 951' });
    const commands = t.app.get(Commands);
    const real = commands.run.bind(commands) as (...args: unknown[]) => Promise<unknown>;
    // Another instance of the API declines the request between this one's push and its record.
    const spy = jest.spyOn(commands, 'run').mockImplementation((async (decider: unknown, stream: unknown, command: { type: string }, options: unknown) => {
      if (command.type === 'ApproveQueueRequest') {
        spy.mockRestore();
        await real(decider, stream, { ...command, type: 'DeclineQueueRequest', reason: 'Declined at the other desk' }, options);
      }
      return real(decider, stream, command, options);
    }) as never);
    const res = await t.http().post(`/business/queue/${q.id}/request/${id}/approve`).set(agent.h);
    spy.mockRestore();
    expect([res.status, res.body.code]).toEqual([409, 'request_declined']);
    expect(await waiting(q.id)).toEqual([]);
    const archive = await t.http().post(`/business/queue/${q.id}/archive`).set(owner.h).send({});
    expect(archive.body.data.map((x: { status: string }) => x.status)).toEqual(['revoked']);
    expect((await publicPage(uid)).body).toMatchObject({ status: 'declined', ticket: null });
    expect(await queueProblems(t, owner.businessId, q.id)).toEqual([]);
  });

  it('leaves the request pending and answers why when the queue refuses the ticket', async () => {
    const q = await newQueue(t, owner);
    const customer = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Ezzedine', phone: '+216 20 555 401' });
    const existing = await pushTicket(t, owner, q.id, { customer_id: customer.body.id });
    const { id } = await submitted(q.id, { name: 'Ezzedine', phone: '20 555 401' });

    const refused = await t.http().post(`/business/queue/${q.id}/request/${id}/approve`).set(agent.h);
    expect([refused.status, refused.body.code]).toEqual([409, 'already_waiting']);
    expect((await t.http().get(`/business/queue/${q.id}/request/${id}`).set(owner.h)).body).toMatchObject({ status: 'pending', ticket: null });
    expect((await waiting(q.id)).map((x) => x.id)).toEqual([existing.id]);

    // Once the first visit is over, the same request is approved.
    await t.http().delete(`/business/queue/${q.id}/revoke/${existing.id}`).set(owner.h).expect(200);
    const approved = await t.http().post(`/business/queue/${q.id}/request/${id}/approve`).set(agent.h);
    expect(approved.status).toBe(200);
    expect((await waiting(q.id)).map((x) => x.id)).toEqual([approved.body.ticket.id]);
    expect(await queueProblems(t, owner.businessId, q.id)).toEqual([]);
  });

  it('lets ADMIN and MANAGER delete a request, not an agent', async () => {
    const q = await newQueue(t, owner);
    const { uid, id } = await submitted(q.id, { name: 'Fatma', phone: '20 555 501' });
    const refused = await t.http().delete(`/business/queue/${q.id}/request/${id}/delete`).set(agent.h);
    expect(refused.status).toBe(403);
    const deleted = await t.http().delete(`/business/queue/${q.id}/request/${id}/delete`).set(manager.h);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id });
    expect((await t.http().get(`/business/queue/${q.id}/request/${id}`).set(owner.h)).status).toBe(404);
    expect((await publicPage(uid)).status).toBe(404);
    expect((await requests(q.id)).body.total).toBe(0);
    expect((await t.http().post(`/business/queue/${q.id}/request/${id}/approve`).set(owner.h)).status).toBe(404);
  });

  it('answers 404 to another business on every request call, and writes nothing', async () => {
    const q = await newQueue(t, owner);
    const { id } = await submitted(q.id, { name: 'Ghofrane', phone: '20 555 601', service_ids: [] });
    const theirs = await newQueue(t, other);
    const calls: [string, string, object?][] = [
      ['get', `/business/queue/${q.id}/requests?pagination=off`],
      ['get', `/business/queue/${q.id}/requests?page=1`],
      ['get', `/business/queue/${q.id}/request/${id}`],
      ['post', `/business/queue/${q.id}/request/${id}/approve`],
      ['post', `/business/queue/${q.id}/request/${id}/decline`, { reason: 'no' }],
      ['post', `/business/queue/${q.id}/request/${id}/update`, { name: 'Taken over' }],
      ['delete', `/business/queue/${q.id}/request/${id}/delete`],
      // Their own queue with this business's request in the path is no way in either.
      ['get', `/business/queue/${theirs.id}/request/${id}`],
      ['post', `/business/queue/${theirs.id}/request/${id}/approve`],
      ['delete', `/business/queue/${theirs.id}/request/${id}/delete`],
    ];
    const before = await head(t);
    for (const [method, url, body] of calls) {
      const res = await t.http()[method as 'get'](url).set(other.h).send(body);
      expect([method, url, res.status]).toEqual([method, url, 404]);
      expect(JSON.stringify(res.body)).not.toContain('Ghofrane');
    }
    expect(await head(t)).toBe(before);
    expect((await requests(theirs.id, other)).body.data).toEqual([]);
    expect((await t.http().get(`/business/queue/${q.id}/request/${id}`).set(owner.h)).body).toMatchObject({ status: 'pending', name: 'Ghofrane' });
  });

  it('refuses bad input field by field, unknown queues and links, and writes nothing', async () => {
    const q = await newQueue(t, owner, { service_ids: [serviceId] });
    const before = await head(t);
    const empty = await join(q.id, {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['name', 'phone']);
    const badPhone = await join(q.id, { name: 'Hedi', phone: 'call me later' });
    expect([badPhone.status, badPhone.body.errors]).toEqual([422, { phone: ['Enter a valid phone number'] }]);
    const badServices = await join(q.id, { name: 'Hedi', phone: '20 555 701', service_ids: ['not-a-uuid'] });
    expect([badServices.status, Object.keys(badServices.body.errors)]).toEqual([422, ['service_ids']]);
    const notOffered = await join(q.id, { name: 'Hedi', phone: '20 555 701', service_ids: ['00000000-0000-4000-8000-000000000001'] });
    expect([notOffered.status, Object.keys(notOffered.body.errors)]).toEqual([422, ['service_ids']]);
    // This queue does not let customers pick whom they see.
    const member = await join(q.id, { name: 'Hedi', phone: '20 555 701', member_id: agent.memberId });
    expect([member.status, Object.keys(member.body.errors)]).toEqual([422, ['member_id']]);
    expect((await join('00000000-0000-4000-8000-000000000002', { name: 'Hedi', phone: '20 555 701' })).status).toBe(404);
    expect((await publicPage('no-such-request-link-000000')).status).toBe(404);
    expect((await publicPage('short')).status).toBe(404);
    expect(await head(t)).toBe(before);

    const { id } = await submitted(q.id, { name: 'Hedi', phone: '20 555 701', service_ids: [serviceId] });
    const badUpdate = await t.http().post(`/business/queue/${q.id}/request/${id}/update`).set(owner.h).send({ name: '', phone: 'x', member_id: 'nobody' });
    expect(badUpdate.status).toBe(422);
    expect(Object.keys(badUpdate.body.errors).sort()).toEqual(['member_id', 'name', 'phone']);
    const badReason = await t
      .http()
      .post(`/business/queue/${q.id}/request/${id}/decline`)
      .set(owner.h)
      .send({ reason: 'x'.repeat(501) });
    expect(badReason.status).toBe(422);
    const badStatus = await requests(q.id, owner, 'status=everything');
    expect([badStatus.status, Object.keys(badStatus.body.errors)]).toEqual([422, ['status']]);
    expect((await requests(q.id, owner, 'page=-1')).status).toBe(400);
  });

  it('limits how many requests one address sends in a row', async () => {
    const q = await newQueue(t, owner);
    const from = address();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await join(q.id, { name: `Guest ${i}`, phone: `2${5000000 + i}` }, from)).status);
    expect(answers).toEqual(Array(20).fill(201));
    const before = await head(t);
    const limited = await join(q.id, { name: 'One too many', phone: '25999999' }, from);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/try again/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await head(t)).toBe(before);
    expect((await join(q.id, { name: 'Another address', phone: '25999999' })).status).toBe(201);
  });

  it('counts an address in the database, so every API process sees the same count', async () => {
    // Two limiters over one database stand for two API processes behind a load balancer.
    const one = new RateLimits(t.database.db);
    const two = new RateLimits(t.database.db);
    const policy = { limit: 3, windowSeconds: 600 };
    const key = address();
    const verdicts = [
      await one.hit('test', key, policy),
      await two.hit('test', key, policy),
      await one.hit('test', key, policy),
      await two.hit('test', key, policy),
    ];
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect((await one.hit('test', address(), policy)).allowed).toBe(true);
    // Addresses are kept hashed, never as sent.
    const stored = await sql<{ key_hash: string }>`SELECT key_hash FROM rate_limits WHERE bucket = 'test'`.execute(t.database.db);
    expect(stored.rows.map((r) => r.key_hash)).not.toContain(key);
  });

  it('rebuilds the requests table from the log into the very rows the live run wrote', async () => {
    const db = t.database.db;
    const rows = async () => (await sql`SELECT * FROM queue_requests ORDER BY id`.execute(db)).rows;
    const live = await rows();
    expect(live.length).toBeGreaterThan(20);
    await rebuildProjection(db, { kind: 'inline', projection: queueRequestProjection }, 7);
    expect(await rows()).toEqual(live);
  });
});
