import type { TestApp } from './support/app';
import { Cluster, startCluster } from './support/cluster';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';
import { outOfOrder, verifyAsDocumented, WebhookReceiver } from './support/webhook-receiver';

const TICKETS = 30;
const CALLS = 10;
const LEASE_MS = 4_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * At least once through a crash: two API processes deliver the webhooks' outbox to a receiver
 * that takes the requests and holds its answers; both processes are killed (kill -9) with
 * deliveries in flight, others claimed or still queued. Restarted, they send again what the dead
 * ones had claimed once the lease runs out, and the rest: every event reaches the receiver, a
 * record's events in order, and a repeat carries the same envelope id for the receiver to drop.
 */
describe('webhooks: a sender killed mid-delivery', () => {
  let c: Cluster;
  let receiver: WebhookReceiver;
  let owner: Staff;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    c = await startCluster({
      instances: 2,
      env: { WEBHOOKS_POLL_MS: '100', WEBHOOKS_LEASE_MS: String(LEASE_MS), WEBHOOKS_RETRY_FIRST_MS: '200', NOTIFICATIONS_SENDER: 'off', REMINDER_JOB: 'off' },
    });
    owner = await newBusiness({ http: () => c.http() } as TestApp, 'Hook Crash Clinic');
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await receiver?.close();
  });

  it('loses nothing and keeps each record in order', async () => {
    const t = { http: () => c.http() } as TestApp;
    const hook = await c
      .http()
      .post('/business/integrations/webhooks')
      .set(owner.h)
      .send({ url: receiver.url, event_types: ['*'] });
    expect(hook.status).toBe(201);
    receiver.hold = true;
    const q = await newQueue(t, owner, {}, ['Desk']);
    await openCounter(t, owner, q.id, q.counters[0].id);
    for (let i = 0; i < TICKETS; i++) await pushTicket(t, owner, q.id);
    for (let i = 0; i < CALLS; i++)
      expect((await c.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id })).status).toBe(200);

    const db = c.database.db;
    const rows = () => db.selectFrom('webhook_deliveries').select(['id', 'status', 'body']).where('tenant_id', '=', owner.businessId).execute();
    // queue.created, counter.opened, the tickets, then per call a served (after the first) and a called.
    const expected = 2 + TICKETS + CALLS + (CALLS - 1);
    await until(async () => (await rows()).length === expected && receiver.received.length > 0, 'every delivery recorded and the first taken', 60_000);
    // The senders all wait for the receiver's answers once its count stops moving.
    for (let seen = -1; seen !== receiver.received.length;) {
      seen = receiver.received.length;
      await sleep(300);
    }
    const before = await rows();
    const inFlight = receiver.received.length;
    const claimed = before.filter((r) => r.status === 'sending').length;
    const queued = before.filter((r) => r.status === 'queued').length;

    await Promise.all(c.instances.map((i) => c.kill(i, 'SIGKILL')));
    receiver.release();
    await Promise.all(c.instances.map((i) => c.start(i)));
    await until(async () => (await rows()).every((r) => r.status === 'delivered'), 'every delivery delivered', 90_000);

    const recorded = new Set((await rows()).map((r) => (JSON.parse(r.body) as { id: string }).id));
    const unique = receiver.unique();
    const lost = [...recorded].filter((id) => !unique.some((r) => r.envelope.id === id)).length;
    const duplicates = receiver.received.length - unique.length;
    console.log(
      `webhooks crash test: ${expected} deliveries recorded; when both senders were killed, ${inFlight} taken by the receiver unanswered, ${claimed} claimed, ${queued} queued; after the restart ${receiver.received.length} received, ${unique.length} distinct, repeats (same envelope id): ${duplicates}, lost: ${lost}, out of order: ${outOfOrder(unique).length}`,
    );
    expect(claimed).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(unique).toHaveLength(expected);
    expect(outOfOrder(unique)).toEqual([]);
    const secret = hook.body.secret as string;
    expect(receiver.received.every((r) => verifyAsDocumented(r.headers['tabour-signature'] as string, r.body, secret))).toBe(true);
  }, 240_000);
});
