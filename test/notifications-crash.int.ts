import type { TestApp } from './support/app';
import { Cluster, startCluster } from './support/cluster';
import { FakeProviders, providerEnv, startFakeProviders } from './support/fake-providers';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';

const TICKETS = 40;
const LEASE_MS = 6_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Exactly once through a crash: two API processes send the outbox against the fake Twilio; the
 * provider takes the messages and holds its answers while both processes are killed (kill -9)
 * with messages in flight and others claimed or still queued. Restarted, they find at the
 * provider what the dead ones had handed over once their claims' lease ran out, and send the
 * rest: every message reaches the provider once.
 */
describe('notifications: a sender killed mid-batch', () => {
  let c: Cluster;
  let fake: FakeProviders;
  let owner: Staff;

  beforeAll(async () => {
    fake = await startFakeProviders();
    c = await startCluster({
      instances: 2,
      env: { ...providerEnv(fake), NOTIFICATIONS_POLL_MS: '100', NOTIFICATIONS_LEASE_MS: String(LEASE_MS), REMINDER_JOB: 'off' },
    });
    owner = await newBusiness({ http: () => c.http() } as TestApp, 'Crash Clinic');
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await fake?.close();
  });

  it('records, sends, and loses and repeats nothing', async () => {
    const t = { http: () => c.http() } as TestApp;
    const q = await newQueue(t, owner, {}, ['Desk']);
    fake.hold = true;
    const phones: string[] = [];
    for (let i = 0; i < TICKETS; i++) {
      const phone = `+336${String(10_000_000 + i).padStart(8, '0')}`;
      phones.push(phone);
      const res = await c
        .http()
        .put('/business/customer/create')
        .set(owner.h)
        .send({ first_name: `Client ${i}`, phone });
      expect(res.status).toBe(201);
      await pushTicket(t, owner, q.id, { customer_id: res.body.id });
    }
    const db = c.database.db;
    const rows = () =>
      db.selectFrom('notification_messages').select(['id', 'status', 'recipient', 'provider_id']).where('tenant_id', '=', owner.businessId).execute();
    // Every message recorded, some taken by the provider and waiting for its answer.
    await waitFor(async () => (await rows()).length === TICKETS && fake.sms.length > 0, 'the messages recorded and the first taken');
    // The senders are all waiting for the provider's answers once its count stops moving.
    for (let seen = -1; seen !== fake.sms.length;) {
      seen = fake.sms.length;
      await sleep(300);
    }
    const before = await rows();
    const inFlight = fake.sms.length;
    const claimed = before.filter((r) => r.status === 'sending').length;
    // A claim held longer than its lease is looked up at the provider by the other sender already, and found.
    const foundAlready = before.filter((r) => r.status === 'sent').length;

    // Both senders die: whatever was claimed belongs to a dead process. The provider then answers into closed sockets.
    await Promise.all(c.instances.map((i) => c.kill(i, 'SIGKILL')));
    fake.release();
    await Promise.all(c.instances.map((i) => c.start(i)));
    await waitFor(async () => (await rows()).every((r) => r.status === 'sent'), 'every message sent', 60_000);

    const after = await rows();
    const byRecipient = new Map<string, number>();
    for (const s of fake.sms) byRecipient.set(s.to, (byRecipient.get(s.to) ?? 0) + 1);
    const duplicates = [...byRecipient.values()].filter((n) => n > 1).length;
    const lost = phones.filter((p) => !byRecipient.has(p)).length;
    // The figures the closing note quotes.
    console.log(
      `notifications crash test: ${TICKETS} recorded; when both senders were killed, ${inFlight} taken by the provider unanswered (${foundAlready} of them found there already after their lease), ${claimed} claimed, ${TICKETS - claimed - foundAlready} queued; after the restart ${fake.sms.length} sent, duplicates: ${duplicates}, lost: ${lost}`,
    );
    expect(claimed).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    expect(fake.sms).toHaveLength(TICKETS);
    // Each row names the provider's own record of it.
    expect(new Set(after.map((r) => r.provider_id))).toEqual(new Set(fake.sms.map((s) => s.sid)));
  }, 180_000);
});
