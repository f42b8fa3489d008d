import { sql } from 'kysely';
import { Client } from 'pg';
import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import { lockKey, PgEventStore } from '@tabour/eventstore';
import { SessionService } from '../apps/api/src/accounts/sessions.service';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { DAY_END_LOCK } from '../apps/api/src/queues/day-end';
import { QueueRunner } from '../apps/api/src/queues/runner';
import type { TestApp } from './support/app';
import { Cluster, Instance, killHard, ProbeSubscriber, startCluster, startProbeSubscriber } from './support/cluster';
import { auth } from './support/fixtures';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { asyncProjectionsCaughtUp, readModelsEqualRebuild } from './support/rebuild-check';

const AGENTS = 50;
const TICKETS = 60;
/** How soon a standby must take over a job whose holder died: a few of its polls. */
const TAKEOVER_MS = 5_000;
const POLL_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
  return Date.now() - started;
}

/** Ends a connection as a killed process would: its socket closes, nothing is unlocked first. */
const dropConnection = (c: Client) => (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();

/**
 * Three API processes, built and started as `npm start` starts one, on one PostgreSQL behind
 * nginx. The test clients use socket.io's websocket transport only, so that a socket is one
 * connection on one instance; the proxy's broadcast upstream is sticky by address (ip_hash)
 * for the browsers' polling fallback.
 */
describe('several API instances behind a reverse proxy', () => {
  let c: Cluster;
  let t: TestApp;
  let owner: Staff;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // The three start at once on an empty database, each seeding the demo business as a first start does.
    c = await startCluster({ env: { DAY_END_POLL_MS: String(POLL_MS), HISTORY_JOB_POLL_MS: String(POLL_MS), SEED_DEMO: 'true' } });
    // The fixtures make their calls through t.http() alone: here, through the proxy.
    t = { http: () => c.http() } as TestApp;
    owner = await newBusiness(t, 'Scale Clinic');
  }, 300_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await c?.close();
  });

  const on = (i: Instance) => request(i.url);
  const connect = (url: string, token?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = io(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const join = (s: Socket, kind: string, id: string) => new Promise<void>((resolve) => s.emit('subscribe', { kind, id }, () => resolve()));

  it('three instances started at once on an empty database seed the demo business once', async () => {
    const db = c.database.db;
    const businesses = await sql<{ n: number }>`SELECT count(*)::int AS n FROM business_accounts WHERE name = 'Demo Clinic'`.execute(db);
    expect(businesses.rows[0].n).toBe(1);
    const demo = await t.http().post('/business/account/auth').send({ email: 'admin@demo.test', password: 'Demo!2345', ip: '' });
    expect(demo.status).toBeLessThan(300);
    for (const i of c.instances) expect(i.alive()).toBe(true);
  });

  it('50 agents calling next at once, spread over the instances, get 50 different tickets', async () => {
    const q = await newQueue(t, owner, { name: 'Busy' }, []);
    const sessions = (await c.context()).get(SessionService);
    const agents: { h: Record<string, string>; counter: string }[] = [];
    for (let i = 0; i < AGENTS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const member = await t
            .http()
            .post('/business/team/create')
            .set(owner.h)
            .send({ first_name: 'Agent', last_name: `No ${i + k}`, email: `agent${i + k}.${Date.now()}@scale.test`, position: 'Front Desk' });
          expect(member.status).toBe(201);
          // A session opened directly: logins have their own tests, here only the calls matter.
          const { token } = await sessions.open({ id: member.body.id, tenant_id: owner.businessId }, null);
          return { h: auth(token), id: member.body.id as string };
        }),
      );
      for (const a of batch) {
        const counter = await t
          .http()
          .put(`/business/queue/${q.id}/counter/create`)
          .set(owner.h)
          .send({ name: `Desk ${agents.length}` });
        expect(counter.status).toBe(201);
        await openCounter(t, { ...owner, h: a.h }, q.id, counter.body.id);
        agents.push({ h: a.h, counter: counter.body.id });
      }
    }
    const pushed = new Set<string>();
    for (let i = 0; i < TICKETS; i += 20) for (const p of await Promise.all(Array.from({ length: 20 }, () => pushTicket(t, owner, q.id)))) pushed.add(p.id);

    const calls = await Promise.all(agents.map((a) => t.http().post(`/business/queue/${q.id}/call`).set(a.h).send({ counter_id: a.counter })));
    expect(calls.map((r) => r.status)).toEqual(Array(AGENTS).fill(200));
    const called = calls.map((r) => r.body.ticket.id as string);
    expect(new Set(called).size).toBe(AGENTS);
    const byInstance = new Map<string, number>();
    for (const r of calls) byInstance.set(r.headers['x-upstream'], (byInstance.get(r.headers['x-upstream']) ?? 0) + 1);
    expect([...byInstance.keys()].sort()).toEqual(c.instances.map((i) => `127.0.0.1:${i.port}`).sort());
    const waiting = (await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h)).body.data.map((x: { id: string }) => x.id as string);
    expect(waiting).toHaveLength(TICKETS - AGENTS);
    expect(new Set([...called, ...waiting])).toEqual(pushed);
    const serving = await sql<{ n: number; distinct: number }>`
      SELECT count(serving_ticket_id)::int AS n, count(DISTINCT serving_ticket_id)::int AS distinct FROM queue_counters WHERE queue_id = ${q.id}`.execute(
      c.database.db,
    );
    expect(serving.rows[0]).toEqual({ n: AGENTS, distinct: AGENTS });
    console.log(
      `scale-out: ${AGENTS} simultaneous calls over ${byInstance.size} instances (${[...byInstance.values()].join('/')}): ${new Set(called).size} different tickets`,
    );
  }, 90_000);

  it('a change made on one instance reaches the sockets connected to the others, once each', async () => {
    const [a, b, third] = c.instances;
    const q = await newQueue(t, owner, { name: 'Live' });
    // Pages are told the proxy's broadcast port, whichever instance answers.
    for (const i of [c.instances[0], c.instances[1]])
      expect((await on(i).get('/broadcast/config')).body).toEqual({ port: Number(new URL(c.broadcastUrl).port), path: '/socket.io' });
    const onB = await connect(b.broadcastUrl, owner.token);
    const viaProxy = await connect(c.broadcastUrl, owner.token);
    await join(onB, 'queue', q.id);
    await join(viaProxy, 'queue', q.id);
    const heard = { b: [] as number[], proxy: [] as number[] };
    onB.on('change', (n: { key: string; position: number }) => n.key === `queue-${q.id}` && heard.b.push(n.position));
    viaProxy.on('change', (n: { key: string; position: number }) => n.key === `queue-${q.id}` && heard.proxy.push(n.position));
    const pushed = await on(a).put(`/business/queue/${q.id}/push`).set(owner.h).send({});
    expect(pushed.status).toBe(201);
    await waitFor(async () => heard.b.length > 0 && heard.proxy.length > 0, 'the change notice on the other instances', 5_000);
    await sleep(500);
    // Each instance's relay tells its own sockets: one notice per client, not one per instance.
    // (On a loaded machine the queue's creation may still be on its way when the sockets join: a
    // notice of it is heard too, but never twice; both hear the push's, the last.)
    expect(heard.b).toEqual([...new Set(heard.b)]);
    expect(heard.proxy).toEqual([...new Set(heard.proxy)]);
    expect(Math.max(...heard.b)).toBe(Math.max(...heard.proxy));

    // A remote command exists only on the instance that took the call: the adapter carries it.
    const kiosk = await on(a).post('/business/kiosk/create').set(owner.h).send({ name: 'Entrance' });
    expect(kiosk.status).toBe(201);
    const login = await on(third).post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret });
    expect(login.status).toBeLessThan(300);
    const device = await connect(third.broadcastUrl, login.body.token);
    await join(device, 'kiosk', kiosk.body.id);
    const commands: { type: string }[] = [];
    device.on('command', (cmd: { type: string }) => commands.push(cmd));
    expect((await on(a).post(`/business/kiosk/${kiosk.body.id}/remote/refresh`).set(owner.h)).status).toBeLessThan(300);
    await waitFor(async () => commands.length > 0, 'the remote command on another instance', 5_000);
    await sleep(300);
    expect(commands).toEqual([{ type: 'refresh' }]);
  }, 30_000);

  it('runs the day-end job on one instance at a time, and another takes over when the holder dies', async () => {
    const runner = (await c.context()).get(QueueRunner);
    const q = await newQueue(t, owner, { name: 'Yesterday' });
    // An instance in the middle of a run: the job's lock, held on a connection of its own.
    const holder = new Client({ connectionString: c.database.url });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [DAY_END_LOCK]);
    const past = { at: '2020-01-01T10:00:00.000Z', day: '2020-01-01' };
    for (const n of [1, 2]) {
      const id = `0b6f8a52-0000-4000-8000-00000000000${n}`;
      await runner.submit(
        {
          type: 'PushTicket',
          queue_id: q.id,
          business_id: owner.businessId,
          ...past,
          random: 0.5,
          ticket: { ticket_id: id, uid: `scale-past-uid-${n}`, service_ids: [], member_id: null, customer_id: null, customer_name: null, urgent: false },
        },
        { type: 'system' },
      );
    }
    const damaged = async () => (await t.http().post('/business/queue/getDamagedtickets').set(owner.h).send({ queue_id: q.id })).body.total as number;
    // Every instance ticks every 250 ms; none runs while the holder has the job.
    await sleep(6 * POLL_MS);
    expect(await damaged()).toBe(2);
    dropConnection(holder);
    const took = await waitFor(async () => (await damaged()) === 0, 'an instance to run the day end', TAKEOVER_MS);
    const closed = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM es_events WHERE stream_id = ${`queue-${q.id}`} AND event_type = 'TicketClosedAtDayEnd'`.execute(c.database.db);
    expect(closed.rows[0].n).toBe(2);
    console.log(`scale-out: day-end taken over ${took} ms after its holder's connection died`);
  }, 30_000);

  it('runs a due history deletion on exactly one instance, and another takes it when the claimer dies', async () => {
    const set = await t.http().post('/business/privacy/update').set(owner.h).send({ delete_history_daily: true });
    expect(set.status).toBeLessThan(300);
    const job = () =>
      sql<{ runs: number; next_run_at: Date }>`SELECT runs, next_run_at FROM scheduled_jobs WHERE tenant_id = ${owner.businessId}`
        .execute(c.database.db)
        .then((r) => r.rows[0]);
    expect((await job()).runs).toBe(0);
    // An instance that claimed the row and is still running it: the job's FOR UPDATE SKIP LOCKED
    // passes over a row another transaction locks. KEY SHARE lets the test make it due meanwhile.
    const claimer = new Client({ connectionString: c.database.url });
    claimer.on('error', () => undefined);
    await claimer.connect();
    await claimer.query('BEGIN');
    await claimer.query('SELECT 1 FROM scheduled_jobs WHERE tenant_id = $1 FOR KEY SHARE', [owner.businessId]);
    await sql`UPDATE scheduled_jobs SET next_run_at = now() - interval '1 second' WHERE tenant_id = ${owner.businessId}`.execute(c.database.db);
    await sleep(6 * POLL_MS);
    expect((await job()).runs).toBe(0);
    dropConnection(claimer);
    const took = await waitFor(async () => (await job()).runs > 0, 'an instance to run the history deletion', TAKEOVER_MS);
    await sleep(4 * POLL_MS);
    const after = await job();
    expect(after.runs).toBe(1);
    expect(after.next_run_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    console.log(`scale-out: history deletion taken over ${took} ms after its claimer's connection died, run once`);
  }, 30_000);

  it('runs a subscription in one process of three, and a standby takes over within seconds of a kill -9', async () => {
    const db = c.database.db;
    const name = 'scale.probe';
    await sql`CREATE TABLE scale_probe (position bigint NOT NULL, holder text NOT NULL)`.execute(db);
    const subscribers: ProbeSubscriber[] = ['probe-1', 'probe-2', 'probe-3'].map((n) => startProbeSubscriber(c.database.url, n, name, 'scale_probe'));
    const holders = async () =>
      (
        await sql<{ holder: string }>`
        WITH k AS (SELECT hashtextextended(${lockKey(name)}, 0) AS k)
        SELECT a.application_name AS holder FROM k, pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid::bigint = ((k.k >> 32) & 4294967295) AND l.objid::bigint = (k.k & 4294967295)`.execute(db)
      ).rows.map((r) => r.holder);
    const store = new PgEventStore(db);
    let appended = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await store.append(`probe-${appended % 5}`, [{ type: 'Probed', data: { n: appended } }], {
          tenantId: owner.businessId,
          actor: { type: 'system', name: 'scale test' },
          expectedRevision: 'any',
        });
        appended++;
        await sleep(10);
      }
    })();
    try {
      // All three running before the kill, so the one that takes over is a standby that waited.
      const connected = async () =>
        (
          await sql<{ n: number }>`SELECT count(DISTINCT application_name)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = ANY(${subscribers.map((s) => s.name)}::text[])`.execute(db)
        ).rows[0].n;
      await waitFor(async () => subscribers.every((s) => s.log.includes('started')) && (await connected()) === 3, 'the three processes to run', 30_000);
      await waitFor(async () => (await holders()).length === 1, 'one process to hold the subscription', 30_000);
      const [first] = await holders();
      await waitFor(
        async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM scale_probe`.execute(db)).rows[0].n > 20,
        'the first events handled',
        10_000,
      );
      await killHard(subscribers.find((s) => s.name === first)!.process);
      const took = await waitFor(
        async () => {
          const now = await holders();
          return now.length === 1 && now[0] !== first;
        },
        'a standby to take the subscription',
        15_000,
      );
      await sleep(1000);
      writing = false;
      await writer;
      await waitFor(
        async () => (await sql<{ n: number }>`SELECT count(DISTINCT position)::int AS n FROM scale_probe`.execute(db)).rows[0].n === appended,
        'every event handled',
        15_000,
      );
      const seen = await sql<{ rows: number; distinct: number; holders: number }>`
        SELECT count(*)::int AS rows, count(DISTINCT position)::int AS distinct, count(DISTINCT holder)::int AS holders FROM scale_probe`.execute(db);
      expect(seen.rows[0]).toEqual({ rows: appended, distinct: appended, holders: 2 });
      expect(took).toBeLessThan(10_000);
      console.log(`scale-out: subscription taken over ${took} ms after a kill -9 of its process; ${appended} events handled once each`);
    } finally {
      writing = false;
      await writer.catch(() => undefined);
      await Promise.all(subscribers.map((s) => killHard(s.process)));
    }
  }, 60_000);

  it('loses no acknowledged write when an instance is killed under load, and the read models equal a rebuild', async () => {
    const q = await newQueue(t, owner, { name: 'Crash' }, ['Desk 1']);
    await openCounter(t, owner, q.id, q.counters[0].id);
    const acknowledged: string[] = [];
    let failed = 0;
    const calledIds: string[] = [];
    let stop = false;
    const pusher = async () => {
      while (!stop) {
        const res = await t
          .http()
          .put(`/business/queue/${q.id}/push`)
          .set(owner.h)
          .send({})
          .catch(() => null);
        if (res?.status === 201) acknowledged.push(res.body.id);
        else failed++;
      }
    };
    const caller = async () => {
      while (!stop) {
        const res = await t
          .http()
          .post(`/business/queue/${q.id}/call`)
          .set(owner.h)
          .send({ counter_id: q.counters[0].id })
          .catch(() => null);
        if (res?.status === 200 && res.body.ticket) calledIds.push(res.body.ticket.id);
      }
    };
    const load = [...Array.from({ length: 8 }, pusher), caller()];
    await sleep(1500);
    const victim = c.instances[1];
    await c.kill(victim, 'SIGKILL');
    const atKill = acknowledged.length;
    await sleep(2500);
    stop = true;
    await Promise.all(load);
    expect(atKill).toBeGreaterThan(20);
    expect(acknowledged.length).toBeGreaterThan(atKill);

    const db = c.database.db;
    const missing = await sql<{ id: string }>`
      SELECT x AS id FROM unnest(${acknowledged}::text[]) x
      WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = ${`queue-${q.id}`} AND e.event_type = 'TicketPushed' AND strpos(e.data::text, x) > 0)`.execute(
      db,
    );
    expect(missing.rows).toEqual([]);
    const uncalled = await sql<{ id: string }>`
      SELECT x AS id FROM unnest(${calledIds}::text[]) x
      WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = ${`queue-${q.id}`} AND e.event_type = 'TicketCalled' AND strpos(e.data::text, x) > 0)`.execute(
      db,
    );
    expect(uncalled.rows).toEqual([]);
    const stored = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM es_events WHERE stream_id = ${`queue-${q.id}`} AND event_type = 'TicketPushed'`.execute(db);
    const unread = await sql<{
      id: string;
    }>`SELECT x AS id FROM unnest(${acknowledged}::text[]) x WHERE NOT EXISTS (SELECT 1 FROM queue_tickets t WHERE t.id::text = x)`.execute(db);
    expect(unread.rows).toEqual([]);

    // The asynchronous projections (statistics) first catch up with the log, as a quiet system
    // would; then the survivors stop too: a rebuild compares with tables nobody writes meanwhile.
    const registry = (await c.context()).get(ProjectionRegistry);
    await asyncProjectionsCaughtUp(db, registry, 15_000);
    for (const i of c.instances) await c.kill(i, 'SIGTERM');
    const rebuilt = await readModelsEqualRebuild(db, registry);
    console.log(
      `crash test: ${acknowledged.length} pushes acknowledged (${atKill} before the kill -9), ${acknowledged.length} in the store and the read model (${stored.rows[0].n} stored: a push cut by the kill may have committed unanswered), ${failed} refused or cut while the instance died, ${calledIds.length} calls acknowledged and stored; ${rebuilt.projections} projections (${rebuilt.tables} tables) equal a rebuild`,
    );
  }, 90_000);
});
