import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'kysely';
import { PgEventStore } from '@tabour/eventstore';
import { createDb } from '@tabour/platform';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { DatabaseFigures } from '../apps/api/src/observability/database-figures';
import { Metrics } from '../apps/api/src/observability/metrics';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

const TOKEN = 'scrape-token-0123456789';

/** One sample of a Prometheus text answer: the series' name, its labels and its value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (undefined when absent). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${found.length} samples`);
  return found[0]?.value;
}

/** An address of this machine that is not loopback: a client bound to it is a stranger to the server. */
function nonLoopbackAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  if (!found) throw new Error('this test needs a network interface with an IPv4 address other than loopback');
  return found.address;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let owner: Staff;

  beforeAll(async () => {
    // The senders wait ten minutes between passes, so the rows this test queues stay queued.
    t = await createTestApp({
      METRICS_TOKEN: TOKEN,
      METRICS_ALLOW: '127.0.0.0/8,::1/128,198.51.100.0/24',
      NOTIFICATIONS_POLL_MS: '600000',
      WEBHOOKS_POLL_MS: '600000',
    });
    owner = await newBusiness(t, 'Metered Clinic');
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
    return parse(res.text);
  };

  it('reports the requests by route pattern, the appends, each subscription lag, the outbox backlog and the pool', async () => {
    const all = t.app.get(ProjectionRegistry).manager.all();
    await until(() => all.every((s) => s.state === 'running'), 'every subscription to run');
    const before = await scrape();
    const push = { method: 'PUT', route: '/business/queue/:id/push', status_class: '2xx' };
    const q = await newQueue(t, owner);
    for (let i = 0; i < 3; i++) await pushTicket(t, owner, q.id);
    // Queued for an hour from now (no sender takes it early) and due a minute ago.
    const later = new Date(Date.now() + 3600_000);
    const ago = new Date(Date.now() - 60_000);
    for (const [channel, at] of [
      ['sms', later],
      ['email', ago],
    ] as const) {
      await sql`INSERT INTO notification_messages (id, tenant_id, dedupe_key, message_type, channel, recipient, language, body, next_attempt_at)
        VALUES (${randomUUID()}, ${owner.businessId}, ${randomUUID()}, 'TEST', ${channel}, 'someone', 'en', 'hello', ${at})`.execute(t.database.db);
    }
    await sql`INSERT INTO webhook_deliveries (id, tenant_id, webhook_id, dedupe_key, event_id, position, event_type, record_key, body, cause, next_attempt_at)
      VALUES (${randomUUID()}, ${owner.businessId}, ${randomUUID()}, 'd', ${randomUUID()}, 1, 'ticket.created', 'r', '{}', 'event', ${later})`.execute(
      t.database.db,
    );

    expect((await t.http().get(`/no-such-path/${q.id}`).set('Accept', 'application/json')).status).toBe(404);

    const after = await scrape();
    const unmatched = (s: Sample[]) => value(s, 'tabour_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' }) ?? 0;
    expect(unmatched(after) - unmatched(before)).toBe(1);
    expect(value(before, 'tabour_http_requests_total', push)).toBeUndefined();
    expect(value(after, 'tabour_http_requests_total', push)).toBe(3);
    expect(value(after, 'tabour_http_request_duration_seconds_count', push)).toBe(3);
    expect(value(after, 'tabour_http_request_duration_seconds_sum', push)).toBeGreaterThan(0);
    // A path with an id is counted under its pattern, never under the id.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(q.id)))).toBe(false);

    const appends = (s: Sample[]) => value(s, 'tabour_eventstore_appends_total', { category: 'queue', outcome: 'appended' }) ?? 0;
    expect(appends(after) - appends(before)).toBeGreaterThanOrEqual(4);
    expect(value(after, 'tabour_eventstore_append_duration_seconds_count', { outcome: 'appended' })).toBeGreaterThan(0);
    expect(value(after, 'tabour_eventstore_head_position')).toBeGreaterThan(value(before, 'tabour_eventstore_head_position')!);

    const subscriptions = all.map((s) => s.name);
    expect(subscriptions.length).toBeGreaterThan(0);
    for (const subscription of subscriptions) {
      expect(value(after, 'tabour_subscription_lag_events', { subscription })).toBeGreaterThanOrEqual(0);
      expect(value(after, 'tabour_subscription_lag_seconds', { subscription })).toBeGreaterThanOrEqual(0);
      expect(value(after, 'tabour_subscription_status', { subscription, status: 'faulted' })).toBe(0);
      expect(value(after, 'tabour_subscription_running', { subscription })).toBe(1);
    }

    expect(value(before, 'tabour_outbox_pending', { channel: 'sms' })).toBe(0);
    expect(value(after, 'tabour_outbox_pending', { channel: 'sms' })).toBe(1);
    expect(value(after, 'tabour_outbox_due', { channel: 'sms' })).toBe(0);
    expect(value(after, 'tabour_outbox_pending', { channel: 'email' })).toBe(1);
    expect(value(after, 'tabour_outbox_due', { channel: 'email' })).toBe(1);
    expect(value(after, 'tabour_outbox_oldest_due_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(59);
    expect(value(after, 'tabour_outbox_pending', { channel: 'push' })).toBe(0);
    expect(value(after, 'tabour_outbox_pending', { channel: 'webhook' })).toBe(1);

    expect(value(after, 'tabour_database_up')).toBe(1);
    expect(value(after, 'tabour_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(value(after, 'tabour_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(value(after, 'tabour_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(value(after, 'tabour_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(value(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('shows a subscription falling behind the log head, in events and in seconds', async () => {
    const subscription = t.app.get(ProjectionRegistry).manager.all()[0].name;
    const stored = await sql<{
      tx: string;
      position: number;
    }>`SELECT transaction_id::text AS tx, position FROM es_checkpoints WHERE name = ${subscription}`.execute(t.database.db);
    // The checkpoint read back at the log's start, as a subscription that fell behind would have it; put back after.
    await sql`UPDATE es_checkpoints SET transaction_id = '0', position = 0 WHERE name = ${subscription}`.execute(t.database.db);
    try {
      const samples = await scrape();
      const events = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events`.execute(t.database.db);
      expect(value(samples, 'tabour_subscription_lag_events', { subscription })).toBe(Math.min(events.rows[0].n, 10_000));
      expect(value(samples, 'tabour_subscription_lag_seconds', { subscription })).toBeGreaterThan(0);
    } finally {
      const { tx, position } = stored.rows[0];
      await sql`UPDATE es_checkpoints SET transaction_id = ${tx}::xid8, position = ${position} WHERE name = ${subscription}`.execute(t.database.db);
    }
  });

  it('reports what it can, and tabour_database_up 0, when the database does not answer', async () => {
    // A server that takes the connection and never answers: a database hung or cut off by the network.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { db, pool } = createDb(`postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/none`, 2);
    const eventing = { manager: { all: () => t.app.get(ProjectionRegistry).manager.all() } } as unknown as ProjectionRegistry;
    const metrics = new Metrics(new PgEventStore(db as never), pool, eventing);
    const figures = new DatabaseFigures(db, metrics);
    try {
      const started = Date.now();
      await figures.refresh();
      const samples = parse((await metrics.registry.metrics()) + (await figures.exposition()));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(value(samples, 'tabour_database_up')).toBe(0);
      expect(value(samples, 'tabour_metrics_figure_failures_total', { figure: 'head' })).toBe(1);
      expect(samples.filter((s) => /^tabour_(outbox|subscription_lag|eventstore_head)/.test(s.name))).toEqual([]);
      // What the process knows without the database is still there.
      expect(value(samples, 'tabour_db_pool_connections', { state: 'max' })).toBe(2);
      expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await db.destroy().catch(() => undefined);
    }
  });

  it('is not there for another address without the token, and is with it or from an allowed network', async () => {
    const unknown = await t.http().get('/no-such-path').set('Accept', 'application/json');
    const stranger = await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Accept', 'application/json');
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual(unknown.body);
    const wrongToken = await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', 'Bearer not-the-token');
    expect(wrongToken.status).toBe(404);
    const withToken = await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9').set('Authorization', `Bearer ${TOKEN}`);
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('tabour_http_requests_total');
    const allowedNetwork = await t.http().get('/metrics').set('X-Forwarded-For', '198.51.100.20');
    expect(allowedNetwork.status).toBe(200);
    // Through a proxy on loopback, the client is the last address the proxy added, not what the client claimed.
    const spoofedThroughProxy = await t.http().get('/metrics').set('X-Forwarded-For', '127.0.0.1, 203.0.113.9');
    expect(spoofedThroughProxy.status).toBe(404);
  });

  it('does not believe X-Forwarded-For from a peer that is not loopback', async () => {
    const address = nonLoopbackAddress();
    const server = t.app.getHttpServer();
    const listening = server.listening ? server : server.listen(0, '0.0.0.0');
    if (!server.listening) await new Promise((resolve) => listening.once('listening', resolve));
    const port = (listening.address() as AddressInfo).port;
    const get = async (headers: Record<string, string>) => {
      const { request } = await import('node:http');
      return new Promise<number>((resolve, reject) => {
        const req = request({ host: address, port, path: '/metrics', localAddress: address, headers: { Accept: 'application/json', ...headers } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.once('error', reject);
        req.end();
      });
    };
    expect(await get({ 'X-Forwarded-For': '127.0.0.1' })).toBe(404);
    expect(await get({})).toBe(404);
    expect(await get({ Authorization: `Bearer ${TOKEN}` })).toBe(200);
  });
});

describe('GET /metrics with METRICS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS: 'off' });
  });
  afterAll(() => t?.close());

  it('is an unknown path, even from loopback', async () => {
    const res = await t.http().get('/metrics').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('route_not_found');
  });
});
