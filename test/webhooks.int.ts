import { sql } from 'kysely';
import { rebuildProjection } from '@tabour/eventstore';
import { verifySignature, webhooksProjection } from '@tabour/integrations';
import { WebhookSender } from '../apps/api/src/integrations/webhooks/sender';
import { FAILURE } from '../apps/api/src/integrations/webhooks/transport';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';
import { outOfOrder, verifyAsDocumented, WebhookReceiver } from './support/webhook-receiver';

const BASE = '/business/integrations/webhooks';

describe('webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Retries from 100 ms (30 s in production) so that a receiver's outage fits in a test.
    t = await createTestApp({ WEBHOOKS_POLL_MS: '100', WEBHOOKS_RETRY_FIRST_MS: '100', WEBHOOKS_TIMEOUT_MS: '2000' });
    receiver = await WebhookReceiver.start();
  });
  // A test that fails while its receiver is down must not leave it down for the next ones.
  afterEach(() => {
    receiver.down = false;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const create = (by: Staff, body: Record<string, unknown>) => t.http().post(BASE).set(by.h).send(body);
  const deliveries = (businessId: string) =>
    t.database.db.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', businessId).orderBy('seq').execute();
  const from = (businessId: string) => receiver.received.filter((r) => r.envelope.business_id === businessId);

  it('creates, lists, edits and deletes a webhook; the secret is shown once; bad input is refused with the fields named', async () => {
    const owner = await newBusiness(t, 'Hook Settings');
    const res = await create(owner, { url: receiver.url, event_types: ['ticket.created', 'ticket.called'], description: 'CRM' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: receiver.url, event_types: ['ticket.called', 'ticket.created'], enabled: true, description: 'CRM', pending: 0 });
    expect(res.body.secret).toMatch(/^whsec_/);
    const list = await t.http().get(BASE).set(owner.h);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].secret).toBeUndefined();
    const one = await t.http().get(`${BASE}/${res.body.id}`).set(owner.h);
    expect(one.body.secret).toBeUndefined();

    const edited = await t
      .http()
      .patch(`${BASE}/${res.body.id}`)
      .set(owner.h)
      .send({ event_types: ['*'], enabled: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ event_types: ['*'], enabled: false });

    const refusedEdit = await t.http().patch(`${BASE}/${res.body.id}`).set(owner.h).send({ url: 'http://crm.example.com/hook' });
    expect(refusedEdit.status).toBe(422);
    expect(refusedEdit.body.errors.url[0]).toContain('https://');

    const rotated = await t.http().post(`${BASE}/${res.body.id}/secret`).set(owner.h);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(res.body.secret);

    for (const [body, field] of [
      [{ url: 'http://hooks.example.com/x', event_types: ['ticket.called'] }, 'url'],
      [{ url: 'https://10.0.0.8/x', event_types: ['ticket.called'] }, 'url'],
      [{ url: 'https://169.254.169.254/latest', event_types: ['ticket.called'] }, 'url'],
      [{ url: receiver.url, event_types: ['ticket.exploded'] }, 'event_types'],
      [{ url: receiver.url, event_types: [] }, 'event_types'],
      [{ url: receiver.url }, 'event_types'],
      [{ url: receiver.url, event_types: ['ticket.called'], secret: 'mine' }, 'secret'],
    ] as const) {
      const refused = await create(owner, body);
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors ?? {})).toContain(field);
    }
    expect((await t.http().post(BASE).set(owner.h).send('not json').type('json')).status).toBe(400);

    // The webhook's stream shows in the activity log, worded by the generic sentence.
    const activity = await t.http().get('/business/activity').set(owner.h);
    expect(activity.status).toBe(200);
    expect(activity.body.data.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['WebhookCreated', 'WebhookSecretRotated']));

    const deleted = await t.http().delete(`${BASE}/${res.body.id}`).set(owner.h);
    expect(deleted.body).toEqual({ id: res.body.id });
    expect((await t.http().get(`${BASE}/${res.body.id}`).set(owner.h)).status).toBe(404);
  });

  it("is the ADMIN's alone, and another business's webhook answers as missing", async () => {
    const owner = await newBusiness(t, 'Hook Owner');
    const other = await newBusiness(t, 'Hook Stranger');
    const manager = await newMember(t, owner, 'Manager');
    const { body: hook } = await create(owner, { url: receiver.url, event_types: ['*'] });
    expect((await t.http().get(BASE).set(manager.h)).status).toBe(403);
    for (const call of [
      t.http().get(`${BASE}/${hook.id}`),
      t.http().patch(`${BASE}/${hook.id}`).send({ enabled: false }),
      t.http().delete(`${BASE}/${hook.id}`),
      t.http().post(`${BASE}/${hook.id}/secret`),
      t.http().get(`${BASE}/${hook.id}/deliveries`),
      t.http().post(`${BASE}/${hook.id}/replay`).send({ from_position: 0 }),
    ])
      expect((await call.set(other.h)).status).toBe(404);
    expect((await t.http().get(BASE).set(other.h)).body.data).toEqual([]);
  });

  it('delivers signed events that verify by the documented recipe, each business only its own', async () => {
    const a = await newBusiness(t, 'Hook Clinic A');
    const b = await newBusiness(t, 'Hook Clinic B');
    const hookA = (await create(a, { url: receiver.url, event_types: ['ticket.created', 'ticket.called'] })).body;
    const hookB = (await create(b, { url: receiver.url, event_types: ['*'] })).body;
    const q = await newQueue(t, a, {}, ['Desk']);
    await openCounter(t, a, q.id, q.counters[0].id);
    const tickets = [await pushTicket(t, a, q.id), await pushTicket(t, a, q.id)];
    expect((await t.http().post(`/business/queue/${q.id}/call`).set(a.h).send({ counter_id: q.counters[0].id })).status).toBe(200);

    const got = await until(() => from(a.businessId).length >= 3 && from(a.businessId), 'three deliveries for A');
    // Per record in the log's order; two tickets' deliveries may pass each other.
    const byTicket = (id: string) => got.filter((r) => r.envelope.record.id === id).map((r) => r.envelope.type);
    expect(byTicket(tickets[0].id)).toEqual(['ticket.created', 'ticket.called']);
    expect(byTicket(tickets[1].id)).toEqual(['ticket.created']);
    for (const r of got) {
      expect(verifyAsDocumented(r.headers['tabour-signature'] as string, r.body, hookA.secret)).toBe(true);
      expect(verifySignature(r.headers['tabour-signature'] as string, r.body, hookA.secret).ok).toBe(true);
      expect(verifyAsDocumented(r.headers['tabour-signature'] as string, r.body, hookB.secret)).toBe(false);
      expect(verifyAsDocumented(r.headers['tabour-signature'] as string, r.body.replace('ticket', 'tIcket'), hookA.secret)).toBe(false);
      expect(r.headers['tabour-event-id']).toBe(r.envelope.id);
      expect(r.envelope).not.toHaveProperty('data.customer_name');
    }
    // Replayed outside the window, the same request is refused.
    const old = got[0];
    expect(verifyAsDocumented(old.headers['tabour-signature'] as string, old.body, hookA.secret, Math.floor(Date.now() / 1000) + 600)).toBe(false);
    // B subscribed to everything and saw none of A's events; its own log is empty.
    expect(receiver.received.filter((r) => r.envelope.business_id === b.businessId)).toEqual([]);
    expect(await deliveries(b.businessId)).toEqual([]);
    const log = await t.http().get(`${BASE}/${hookA.id}/deliveries`).set(a.h);
    expect(log.body.total).toBe(3);
    expect(log.body.data[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      response_body: 'ok',
      cause: 'event',
      event_type: 'ticket.called',
    });
    expect((await t.http().get(`${BASE}/${hookB.id}/deliveries`).set(b.h)).body.total).toBe(0);
  });

  it('keeps every event for a receiver that was down, and delivers them afterwards in order per record', async () => {
    const owner = await newBusiness(t, 'Hook Outage');
    const hook = (await create(owner, { url: receiver.url, event_types: ['*'] })).body;
    // queue.created, counter.opened, 6 × ticket.created, 3 × ticket.called and the 2 tickets the later calls served.
    const EXPECTED = 13;
    receiver.down = true;
    const q = await newQueue(t, owner, {}, ['Desk']);
    await openCounter(t, owner, q.id, q.counters[0].id);
    const tickets: { id: string }[] = [];
    for (let i = 0; i < 6; i++) tickets.push(await pushTicket(t, owner, q.id));
    for (let i = 0; i < 3; i++)
      expect((await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id })).status).toBe(200);
    const recorded = await until(async () => {
      const rows = await deliveries(owner.businessId);
      return rows.length === EXPECTED && rows.some((r) => r.attempts >= 2) && rows;
    }, 'deliveries recorded and retried while the receiver is down');
    expect(from(owner.businessId)).toEqual([]);
    const failing = (await t.http().get(`${BASE}/${hook.id}`).set(owner.h)).body;
    expect(failing.failing_since).not.toBeNull();
    expect(failing.pending).toBe(recorded.length);
    const log = (await t.http().get(`${BASE}/${hook.id}/deliveries?status=queued`).set(owner.h)).body.data;
    expect(log.find((d: { attempts: number }) => d.attempts > 0)).toMatchObject({ response_status: 503, response_body: 'down for maintenance' });

    receiver.down = false;
    const total = (await deliveries(owner.businessId)).length;
    const got = await until(
      () => new Set(from(owner.businessId).map((r) => r.envelope.id)).size === total && from(owner.businessId),
      'every delivery after the outage',
      30_000,
    );
    expect(outOfOrder(got)).toEqual([]);
    const ticket0 = got.filter((r) => r.envelope.record.id === tickets[0].id).map((r) => r.envelope.type);
    expect(ticket0.slice(0, 2)).toEqual(['ticket.created', 'ticket.called']);
    // The receiver has answered the last one; its mark follows.
    await until(async () => (await deliveries(owner.businessId)).every((d) => d.status === 'delivered'), 'every delivery marked');
    expect((await t.http().get(`${BASE}/${hook.id}`).set(owner.h)).body.failing_since).toBeNull();
  });

  it('redelivers one delivery and replays from a position, with the same envelope ids', async () => {
    const owner = await newBusiness(t, 'Hook Replay');
    const hook = (await create(owner, { url: receiver.url, event_types: ['ticket.created'] })).body;
    const q = await newQueue(t, owner, {}, ['Desk']);
    for (let i = 0; i < 3; i++) await pushTicket(t, owner, q.id);
    const first = [...(await until(() => from(owner.businessId).length === 3 && from(owner.businessId), 'three tickets delivered'))].sort(
      (x, y) => x.envelope.position - y.envelope.position,
    );
    const log = (await t.http().get(`${BASE}/${hook.id}/deliveries`).set(owner.h)).body.data;
    const again = await t.http().post(`${BASE}/${hook.id}/deliveries/${log[0].id}/redeliver`).set(owner.h);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ cause: 'redeliver', event_id: log[0].event_id });
    await until(() => from(owner.businessId).length === 4, 'the redelivery');
    expect(from(owner.businessId)[3].envelope.id).toBe(log[0].event_id);
    expect((await t.http().post(`${BASE}/${hook.id}/deliveries/${hook.id}/redeliver`).set(owner.h)).status).toBe(404);

    const replay = await t.http().post(`${BASE}/${hook.id}/replay`).set(owner.h).send({ from_position: first[1].envelope.position });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ queued: 2, next_position: null });
    await until(() => from(owner.businessId).length === 6, 'the replay');
    expect(
      new Set(
        from(owner.businessId)
          .slice(4)
          .map((r) => r.envelope.id),
      ),
    ).toEqual(new Set(first.slice(1).map((r) => r.envelope.id)));
    expect((await t.http().post(`${BASE}/${hook.id}/replay`).set(owner.h).send({ from_position: -1 })).status).toBe(422);
    expect((await t.http().post(`${BASE}/${hook.id}/replay`).set(owner.h).send({})).status).toBe(422);
  });

  it('disables a webhook that failed past the horizon (pinned clock) and tells the staff in the bell', async () => {
    const owner = await newBusiness(t, 'Hook Dead End');
    const dead = await WebhookReceiver.start();
    const url = dead.url;
    await dead.close();
    const hook = (await create(owner, { url, event_types: ['*'] })).body;
    const q = await newQueue(t, owner, {}, ['Desk']);
    await pushTicket(t, owner, q.id);
    const failed = await until(async () => (await deliveries(owner.businessId)).find((d) => d.attempts >= 1 && d.status === 'queued'), 'a failed attempt');
    // The log names the failure in generic words, never the socket's text (its address and port).
    expect(failed.error).toBe(FAILURE.connect);
    const sender = t.app.get(WebhookSender);
    const twoDays = await sender.run(new Date(Date.now() + 2 * 86_400_000));
    expect(twoDays.disabled).toBe(0);
    expect((await t.http().get(`${BASE}/${hook.id}`).set(owner.h)).body.enabled).toBe(true);
    const later = await sender.run(new Date(Date.now() + 3 * 86_400_000 + 60_000));
    expect(later.disabled).toBeGreaterThanOrEqual(1);
    const off = (await t.http().get(`${BASE}/${hook.id}`).set(owner.h)).body;
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const bell = await t.http().get('/business/notification').set(owner.h);
    const notice = bell.body.data.find((n: { kind: string }) => n.kind === 'webhook_disabled');
    expect(notice).toMatchObject({ link: '/settings/integrations', data: { webhook_id: hook.id, url } });
    // Disabled, nothing new is recorded, and what waits is not sent.
    const before = (await deliveries(owner.businessId)).length;
    await pushTicket(t, owner, q.id);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await deliveries(owner.businessId)).length).toBe(before);
    // Turned on again, its failures are forgotten.
    const on = await t.http().patch(`${BASE}/${hook.id}`).set(owner.h).send({ enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('rebuilds the webhooks table from their streams alone, equal to the live rows', async () => {
    const rows = async () => (await sql<Record<string, unknown>>`SELECT * FROM webhooks ORDER BY id`.execute(t.database.db)).rows.map((r) => JSON.stringify(r));
    const live = await rows();
    expect(live.length).toBeGreaterThan(3);
    await rebuildProjection(t.database.db, { kind: 'inline', projection: webhooksProjection });
    expect(await rows()).toEqual(live);
  });
});
