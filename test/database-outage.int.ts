import { sql } from 'kysely';
import { Client } from 'pg';
import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { at, bookableBusiness, dayAhead } from './bookings-fixtures';
import type { TestApp } from './support/app';
import { Cluster, startCluster } from './support/cluster';
import { Staff } from './support/organisation-fixtures';
import { asyncProjectionsCaughtUp, readModelsEqualRebuild } from './support/rebuild-check';
import { newQueue, openCounter } from './support/queue-fixtures';
import { WebhookReceiver } from './support/webhook-receiver';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
  return Date.now() - started;
}

interface Tally {
  /** Answers by status: only 2xx and 503 may appear. */
  statuses: Record<string, number>;
  pushes: string[];
  calls: string[];
  customers: { id: string; phone: string }[];
  edits: { id: string; note: string }[];
  bookings: string[];
}

/**
 * What a PostgreSQL restart, a failover or an idle-connection killer does to the API: every
 * server process of its database ends at once. The API runs as `npm start` runs it, in its own
 * process, and must neither exit nor answer 500: a request cut by the loss answers 503, and every
 * long-lived connection (LISTEN, the subscriptions' locks, the broadcast adapter) comes back.
 */
describe('the API when PostgreSQL ends its connections', () => {
  let c: Cluster;
  let t: TestApp;
  let owner: Staff;
  let departmentId: string;
  let receiver: WebhookReceiver;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    c = await startCluster({ instances: 1, env: { WEBHOOKS_POLL_MS: '200', NOTIFICATIONS_POLL_MS: '200' } });
    // Straight to the instance: the proxy's own 502s would hide what the API answered.
    t = { http: () => request(c.instances[0].url) } as TestApp;
    ({ owner, departmentId } = await bookableBusiness(t, 'Outage Clinic'));
  }, 300_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await receiver?.close();
    await c?.close();
  });

  /** Every server process of the API's database but the killer's own. */
  const terminateAll = async (): Promise<number> => {
    const admin = new Client({ connectionString: c.database.url });
    await admin.connect();
    try {
      const res = await admin.query(
        `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) k`,
      );
      return res.rows[0].n as number;
    } finally {
      await admin.end();
    }
  };

  const head = async () =>
    (await sql<{ position: number }>`SELECT coalesce(max(position), 0)::bigint AS position FROM es_events`.execute(c.database.db)).rows[0].position;

  /** The subscriptions the instance runs, by their checkpoint rows. */
  const checkpoints = async () =>
    Object.fromEntries(
      (await sql<{ name: string; position: number }>`SELECT name, position FROM es_checkpoints`.execute(c.database.db)).rows.map((r) => [
        r.name,
        Number(r.position),
      ]),
    );

  it('terminating every connection twice under a mixed load: the process lives, no 500, every acknowledged write is stored, and everything resumes', async () => {
    const db = c.database.db;
    const q = await newQueue(t, owner, { name: 'Outage' }, ['Desk 1']);
    await openCounter(t, owner, q.id, q.counters[0].id);
    const hook = await t
      .http()
      .post('/business/integrations/webhooks')
      .set(owner.h)
      .send({ url: receiver.url, event_types: ['ticket.created'] });
    expect(hook.status).toBe(201);
    const key = await t
      .http()
      .put('/business/integrations/keys/create')
      .set(owner.h)
      .send({ name: 'Feed', scopes: ['feed:read'] });
    expect(key.status).toBe(201);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(c.instances[0].broadcastUrl, { auth: { token: owner.token }, transports: ['websocket'] });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    const notices: { at: number; type?: string }[] = [];
    socket.on('change', (n: { type?: string }) => notices.push({ at: Date.now(), type: n?.type }));

    const tally: Tally = { statuses: {}, pushes: [], calls: [], customers: [], edits: [], bookings: [] };
    const count = (status: number | string) => (tally.statuses[status] = (tally.statuses[status] ?? 0) + 1);
    let stop = false;
    const loop = async (step: (i: number) => Promise<void>) => {
      for (let i = 0; !stop; i++) await step(i).catch(() => count('network'));
    };
    const pusher = () =>
      loop(async () => {
        const res = await t.http().put(`/business/queue/${q.id}/push`).set(owner.h).send({});
        count(res.status);
        if (res.status === 201) tally.pushes.push(res.body.id);
      });
    const caller = () =>
      loop(async () => {
        const res = await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id });
        count(res.status);
        if (res.status === 200 && res.body.ticket) tally.calls.push(res.body.ticket.id);
        await sleep(20);
      });
    let serial = 0;
    const editor = () =>
      loop(async () => {
        const n = serial++;
        const phone = `+2162${String(1_000_000 + n).padStart(7, '0')}`;
        const created = await t
          .http()
          .put('/business/customer/create')
          .set(owner.h)
          .send({ first_name: 'Load', last_name: `No ${n}`, phone });
        count(created.status);
        if (created.status !== 201) return;
        tally.customers.push({ id: created.body.id, phone });
        const note = `edited ${n}`;
        const edited = await t.http().post(`/business/customer/${created.body.id}/update`).set(owner.h).send({ notes: note });
        count(edited.status);
        if (edited.status === 200) tally.edits.push({ id: created.body.id, note });
      });
    // Slots a day ahead and on, every half hour from 08:00 to 17:30: one booking each.
    const slots = Array.from({ length: 12 }, (_, d) => Array.from({ length: 20 }, (_, k) => ({ date: dayAhead(d + 2), k }))).flat();
    const booker = () =>
      loop(async () => {
        const slot = slots.shift();
        if (!slot) return void (await sleep(50));
        const time = `${String(8 + Math.floor(slot.k / 2)).padStart(2, '0')}:${slot.k % 2 ? '30' : '00'}`;
        const res = await t
          .http()
          .put('/business/booking/create')
          .set(owner.h)
          .send({ department_id: departmentId, starts_at: at(slot.date, time), remarks: 'booked under load' });
        count(res.status);
        if (res.status === 201) tally.bookings.push(res.body.id);
      });

    const load = [pusher(), pusher(), pusher(), caller(), editor(), booker()];
    await sleep(1500);
    const before = { pushes: tally.pushes.length, customers: tally.customers.length, bookings: tally.bookings.length };
    const killed = [await terminateAll()];
    const firstKillAt = Date.now();
    await sleep(2500);
    killed.push(await terminateAll());
    const lastKillAt = Date.now();
    await sleep(3000);
    stop = true;
    await Promise.all(load);

    // The process lives, and answered nothing but successes and 503s.
    expect(c.instances[0].alive()).toBe(true);
    const unexpected = Object.keys(tally.statuses).filter((s) => !/^2\d\d$/.test(s) && s !== '503');
    expect({ unexpected, statuses: tally.statuses }).toEqual({ unexpected: [], statuses: tally.statuses });
    expect(killed[0]).toBeGreaterThan(5);
    expect(tally.pushes.length).toBeGreaterThan(before.pushes);
    expect(tally.customers.length).toBeGreaterThan(before.customers);

    // Every acknowledged write is stored: in the log and in the read model.
    const lostPushes = await sql<{ id: string }>`
      SELECT x AS id FROM unnest(${tally.pushes}::text[]) x WHERE NOT EXISTS (SELECT 1 FROM queue_tickets t WHERE t.id::text = x)`.execute(db);
    expect(lostPushes.rows).toEqual([]);
    const uncalled = await sql<{ id: string }>`
      SELECT x AS id FROM unnest(${tally.calls}::text[]) x
      WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = ${`queue-${q.id}`} AND e.event_type = 'TicketCalled' AND strpos(e.data::text, x) > 0)`.execute(
      db,
    );
    expect(uncalled.rows).toEqual([]);
    for (const customer of tally.customers) {
      const res = await t.http().get(`/business/customer/${customer.id}`).set(owner.h);
      expect(res.status).toBe(200);
    }
    for (const edit of tally.edits) expect((await t.http().get(`/business/customer/${edit.id}`).set(owner.h)).body.notes).toBe(edit.note);
    for (const id of tally.bookings) expect((await t.http().get(`/business/booking/${id}`).set(owner.h)).status).toBe(200);

    // Everything that follows the log resumes: each subscription reaches the head, a new ticket
    // reaches the staff's socket, the webhook receiver and the feed.
    const after = Date.now();
    const pushed = await t.http().put(`/business/queue/${q.id}/push`).set(owner.h).send({});
    expect(pushed.status).toBe(201);
    const target = await head();
    const names = Object.keys(await checkpoints());
    const registry = (await c.context()).get(ProjectionRegistry);
    const asyncNames = registry
      .projections()
      .filter((p) => p.kind === 'async')
      .map((p) => p.projection.name);
    const resumed: Record<string, number> = {};
    await Promise.all(
      names.map(async (name) => {
        await waitFor(async () => (await checkpoints())[name] >= target || !asyncNames.includes(name), `${name} to reach ${target}`);
        resumed[name] = Date.now() - after;
      }),
    );
    const noticeMs = await waitFor(async () => notices.some((n) => n.at >= after), 'a change notice on the socket');
    const hookMs = await waitFor(async () => receiver.received.some((r) => r.envelope.record.id === pushed.body.id), 'the webhook delivery');
    const feedMs = await waitFor(async () => {
      let cursor = '0';
      for (;;) {
        const page = await t
          .http()
          .get('/business/integrations/feed')
          .query({ after: cursor, limit: 1000 })
          .set({ Authorization: `Bearer ${key.body.token}` });
        if (page.status !== 200) return false;
        if (page.body.data.some((e: { record: { id: string } }) => e.record.id === pushed.body.id)) return true;
        if (!page.body.has_more) return false;
        cursor = page.body.next_cursor;
      }
    }, 'the new ticket in the feed');

    // Read models equal a rebuild, once the asynchronous ones caught up and the instance stopped.
    await asyncProjectionsCaughtUp(db, registry);
    await c.kill(c.instances[0], 'SIGTERM');
    // A key's last use is stamped by the read that used it, not by an event.
    const rebuilt = await readModelsEqualRebuild(db, registry, { api_keys: ['last_used_at'] });

    console.log(
      [
        `connections ended: ${killed.join(' and ')} (${lastKillAt - firstKillAt} ms apart)`,
        `answers: ${JSON.stringify(tally.statuses)}`,
        `acknowledged and stored: ${tally.pushes.length} pushes, ${tally.calls.length} calls, ${tally.customers.length} customers, ${tally.edits.length} edits, ${tally.bookings.length} bookings; lost: 0`,
        `a new event after the outage, handled by each subscription in (ms): ${JSON.stringify(resumed)}`,
        `a new ticket reached the socket in ${noticeMs} ms, the webhook in ${hookMs} ms, the feed in ${feedMs} ms`,
        `${rebuilt.projections} projections (${rebuilt.tables} tables) equal a rebuild`,
      ].join('\n'),
    );
  }, 180_000);
});
