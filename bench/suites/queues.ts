import { randomUUID } from 'node:crypto';
import { createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io, Socket } from 'socket.io-client';
import { Db } from '@tabour/platform';
import { DEFAULT_SETTINGS } from '@tabour/queues';
import { SessionService } from '../../apps/api/src/accounts/sessions.service';
import { createApp } from '../../apps/api/src/bootstrap';
import { BroadcastService } from '../../apps/api/src/broadcast/broadcast.service';
import { ProjectionRegistry } from '../../apps/api/src/eventing';
import { QueueRunner, SNAPSHOT_VERSION } from '../../apps/api/src/queues/runner';
import { SnapshotStore } from '../../apps/api/src/queues/snapshots';
import { benchConfig } from '../app';
import { BenchContext, BenchSuite, countingStatements, percentile, profiled } from '../harness';
import { apiCaller, historyHandled, openDesks, registerOwner } from '../api';
import { LoadClient, startLoadClient } from '../load/client';

const AGENTS = 50;
const WAITING = 1000;
const SOCKET_CLIENTS = 200;
const PACE_MS = 500;
const PUSHERS = 10;
const PUSH_PACE_MS = 100;
const SOCKET_NOTICES = (ctx: BenchContext) => Math.max(20, Math.round(60 * Math.min(1, ctx.scale * 4)));

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/**
 * A year of a queue's life as its events would stand in the store: created, one counter, then
 * tickets pushed, called and ended, spread over the year. Written with one INSERT … SELECT per
 * stream, the shape the queue's evolve folds.
 */
/**
 * The server's own time for each matching request, from its arrival in Node to the answer's last
 * byte (nanoseconds): beside the client's figure it tells time spent in the server from time
 * spent before Node reads the request or in the client.
 */
function servedTimes(http: Server, method: string, pathEnd: string) {
  const histogram = createHistogram();
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== method || !req.url?.endsWith(pathEnd)) return;
    const t0 = process.hrtime.bigint();
    res.once('finish', () => histogram.record(Math.max(1, Number(process.hrtime.bigint() - t0))));
  };
  http.prependListener('request', onRequest);
  return Object.assign(histogram, { stop: () => void http.removeListener('request', onRequest) });
}

/** Until every subscription of the app has read the log to its head (its cursor counts the events it filters out). */
async function subscriptionsDrained(app: { get: (t: typeof ProjectionRegistry) => ProjectionRegistry }, db: Db): Promise<void> {
  const end = Date.now() + 120_000;
  for (;;) {
    const head = (
      await sql<{ tx: string; position: string }>`
      SELECT transaction_id::text AS tx, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1`.execute(db)
    ).rows[0];
    const behind = app
      .get(ProjectionRegistry)
      .manager.all()
      .filter((s) => BigInt(s.cursor.transactionId) < BigInt(head.tx) || (s.cursor.transactionId === head.tx && s.cursor.position < Number(head.position)));
    if (!behind.length) return;
    if (Date.now() > end) throw new Error(`subscriptions still behind the log after 120 s: ${behind.map((s) => s.name).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function seedHistory(db: Db, tenantId: string, queueIds: string[], eventsPerQueue: number): Promise<void> {
  const tickets = Math.floor((eventsPerQueue - 2) / 3);
  const meta = JSON.stringify({ tenantId, actor: { type: 'system', name: 'history' }, correlationId: randomUUID(), schemaVersion: 1 });
  for (const q of queueIds) {
    const settings = JSON.stringify({ ...DEFAULT_SETTINGS, name: `History ${q.slice(0, 8)}`, ticket_prefix: 'H' });
    const counter = randomUUID();
    await sql`INSERT INTO es_streams (stream_id, category, tenant_id) VALUES (${`queue-${q}`}, 'queue', ${tenantId}) ON CONFLICT DO NOTHING`.execute(db);
    await sql`
      INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
      SELECT ${`queue-${q}`}, r, 'queue', ${tenantId}::uuid, gen_random_uuid(),
        CASE WHEN r = 0 THEN 'QueueCreated' WHEN r = 1 THEN 'CounterCreated'
             WHEN (r - 2) % 3 = 0 THEN 'TicketPushed' WHEN (r - 2) % 3 = 1 THEN 'TicketCalled' ELSE 'TicketEnded' END,
        CASE WHEN r = 0 THEN jsonb_build_object('queue_id', ${q}::text, 'business_id', ${tenantId}::text, 'settings', ${settings}::jsonb)
             WHEN r = 1 THEN jsonb_build_object('queue_id', ${q}::text, 'business_id', ${tenantId}::text, 'counter_id', ${counter}::text, 'name', 'History desk', 'break_minutes', 0, 'service_ids', '[]'::jsonb)
             WHEN (r - 2) % 3 = 0 THEN jsonb_build_object('queue_id', ${q}::text, 'business_id', ${tenantId}::text, 'rank', 1, 'estimated_wait_seconds', 0,
               'ticket', jsonb_build_object('id', x.tid, 'uid', 'h' || replace(x.tid::text, '-', ''), 'number', x.k % 300 + 1, 'label', 'H' || (x.k % 300 + 1), 'day', to_char(x.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
                 'urgent', false, 'service_ids', '[]'::jsonb, 'member_id', null, 'customer_id', null, 'customer_name', null, 'checked_in_at', x.ts, 'service_seconds', null, 'late', false))
             WHEN (r - 2) % 3 = 1 THEN jsonb_build_object('queue_id', ${q}::text, 'business_id', ${tenantId}::text, 'ticket_id', x.tid, 'counter_id', ${counter}::text, 'member_id', ${tenantId}::text, 'from_rank', 1, 'at', x.ts + interval '10 minutes', 'waited_seconds', 600)
             ELSE jsonb_build_object('queue_id', ${q}::text, 'business_id', ${tenantId}::text, 'ticket_id', x.tid, 'counter_id', ${counter}::text, 'from_rank', null, 'at', x.ts + interval '15 minutes', 'service_id', null, 'served_seconds', 300) END,
        ${meta}::jsonb, x.ts
      FROM generate_series(0, ${eventsPerQueue - 1}::int) r,
      LATERAL (SELECT GREATEST(r - 2, 0) / 3 AS k,
                      md5(${q}::text || (GREATEST(r - 2, 0) / 3)::text)::uuid AS tid,
                      now() - interval '1 year' + (GREATEST(r - 2, 0) / 3) * (interval '1 year' / ${Math.max(1, tickets)}::int) AS ts) x`.execute(db);
    // The read tables as the projection would have left them: the queue and its archived tickets.
    await sql`INSERT INTO queues (id, tenant_id, name, priority, settings, created_at, updated_at) VALUES (${q}, ${tenantId}, ${`History ${q.slice(0, 8)}`}, 0, ${settings}::jsonb, now() - interval '1 year', now())`.execute(
      db,
    );
    await sql`INSERT INTO queue_counters (id, tenant_id, queue_id, name, break_minutes, service_ids, updated_at) VALUES (${counter}, ${tenantId}, ${q}, 'History desk', 0, '[]', now())`.execute(
      db,
    );
    await sql`
      INSERT INTO queue_tickets (id, tenant_id, queue_id, uid, number, label, day, status, urgent, service_ids, checked_in_at, called_at, archived_at, service_seconds, notes, updated_at)
      SELECT x.tid, ${tenantId}, ${q}, 'h' || replace(x.tid::text, '-', ''), k % 300 + 1, 'H' || (k % 300 + 1), (x.ts AT TIME ZONE 'UTC')::date, 'ended', false, '[]', x.ts, x.ts + interval '10 minutes', x.ts + interval '15 minutes', 300, '[]', x.ts
      FROM generate_series(0, ${tickets - 1}::int) k,
      LATERAL (SELECT md5(${q}::text || k::text)::uuid AS tid, now() - interval '1 year' + k * (interval '1 year' / ${Math.max(1, tickets)}::int) AS ts) x`.execute(
      db,
    );
  }
}

async function run(ctx: BenchContext): Promise<void> {
  const queues = 200;
  const perQueue = Math.max(1000, Math.round(10_000 * ctx.scale));
  const giantEvents = Math.max(20_000, Math.round(2_000_000 * ctx.scale));
  const waiting = Math.max(200, Math.round(WAITING * Math.min(1, ctx.scale * 4)));
  const rounds = Math.max(4, Math.round(20 * Math.min(1, ctx.scale * 4)));
  const { url, db } = await ctx.createDatabase(2);
  // No customer messages: the suite measures the queue, and its customers have no phone anyway.
  const config = benchConfig({ DAY_END_JOB: 'off', NOTIFICATIONS_SENDER: 'off', REMINDER_JOB: 'off' });
  let app = await createApp(config, url, { logger: ['error'] });
  let base = '';
  const listen = async () => {
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  };
  const sockets: Socket[] = [];
  let client: LoadClient | null = null;
  try {
    await listen();
    const call = apiCaller(() => base);
    const { owner, tenantId } = await registerOwner(base, 'Bench Queues', 'TN');

    // A year of history for 200 queues, and one queue whose own stream holds giantEvents.
    const t0 = Date.now();
    const historyQueues = Array.from({ length: queues }, () => randomUUID());
    await seedHistory(db, tenantId, historyQueues, perQueue);
    const giant = randomUUID();
    await seedHistory(db, tenantId, [giant], giantEvents);
    // A year of operation would long since have been vacuumed and checkpointed: without this,
    // autovacuum and the checkpoint of the bulk load run during the measurements below.
    await sql`VACUUM (ANALYZE) es_events, es_streams, queue_tickets, queues, queue_counters`.execute(db);
    await sql`CHECKPOINT`.execute(db);
    const total = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM es_events`.execute(db)).rows[0].n);
    ctx.log(
      `queues: ${total} events stored (${queues} queues × ${perQueue}, one queue of ${giantEvents}), seeded in ${Math.round((Date.now() - t0) / 1000)} s`,
    );
    ctx.report('queues.store.events', total, 'events');
    // The history was there before this installation started, as a year of operation would be:
    // a fresh start's change relay begins at the head instead of announcing the whole year.
    await app.close();
    await historyHandled(db);
    app = await createApp(config, url, { logger: ['error'] });
    await listen();

    // Loading a queue's state: a full fold (no snapshot) against the snapshot and the events after it.
    const runner = app.get(QueueRunner);
    const benchQueue = historyQueues[0];
    const f0 = process.hrtime.bigint();
    await runner.load(benchQueue);
    ctx.report(`baseline.queues.load.fullFold.${perQueue}events`, ms(f0), 'ms');
    const g0 = process.hrtime.bigint();
    const giantState = await runner.load(giant);
    ctx.report(`baseline.queues.load.fullFold.${giantEvents}events`, ms(g0), 'ms');
    // The snapshot the running system takes every 500 events, then 60 tickets pushed after it:
    // a load replays those on top of the snapshot, as it would between two snapshots.
    for (const q of [benchQueue, giant]) {
      const { state, revision } = q === giant ? giantState : await runner.load(q);
      await app
        .get(SnapshotStore)
        .write(`queue-${q}`, 'queue', SNAPSHOT_VERSION, { state: { ...state, tickets: state.tickets.toObject() }, revision: revision! });
      for (let i = 0; i < 60; i++) {
        const ticket = {
          ticket_id: randomUUID(),
          uid: randomUUID().replace(/-/g, ''),
          service_ids: [],
          member_id: null,
          customer_id: null,
          customer_name: `After snapshot ${i}`,
          urgent: false,
        };
        await runner.submit(
          {
            type: 'PushTicket',
            queue_id: q,
            business_id: tenantId,
            at: new Date().toISOString(),
            day: new Date().toISOString().slice(0, 10),
            random: Math.random(),
            ticket,
          },
          { type: 'system', name: 'bench' },
        );
      }
    }
    const loadTimes = async (q: string) => {
      const xs: number[] = [];
      for (let i = 0; i < 30; i++) {
        const l0 = process.hrtime.bigint();
        await runner.load(q);
        xs.push(ms(l0));
      }
      return sorted(xs);
    };
    const small = await loadTimes(benchQueue);
    const big = await loadTimes(giant);
    ctx.report(`queues.load.${perQueue}events.p50`, percentile(small, 50), 'ms');
    ctx.report(`queues.load.${giantEvents}events.p50`, percentile(big, 50), 'ms', { op: '<=', value: Math.max(5, percentile(small, 50) * 2) });
    runner.forget();

    // 50 agents with a counter each on the bench queue, and `waiting` + what they will call waiting.
    const sessions = app.get(SessionService);
    const agents = await openDesks(call, (m) => sessions.open(m, null), owner, tenantId, benchQueue, AGENTS);
    // How the 50 agents call: paced (each agent calls on average every PACE_MS, at random, so
    // 100 calls a second reach this one queue), in bursts (all 50 press at the same instant),
    // and flat out (no pause at all: the queue's throughput, not a latency a desk sees).
    const paced = rounds;
    const bursts = Math.max(3, Math.round(rounds / 2));
    const flatOut = Math.max(2, Math.round(rounds / 4));
    const pushRounds = Math.max(10, Math.round(40 * Math.min(1, ctx.scale * 4)));
    const totalCalls = AGENTS * (paced + bursts + flatOut) + SOCKET_NOTICES(ctx);
    // Pushes as calls are measured: paced (ten kiosks and desks, each pushing on average every
    // PUSH_PACE_MS at random: 100 pushes a second on one queue, far above a real hall) for the
    // latency one sees, and flat out (each of ten pushes again the moment it is answered) for
    // the queue's throughput, whose latency is that throughput seen from ten clients.
    const pacedPushes = PUSHERS * pushRounds;
    const toPush = waiting + totalCalls - pacedPushes;
    // From here on the desks, kiosks and screens are another process, as they are in use.
    client = await startLoadClient();
    const p0 = process.hrtime.bigint();
    const pushed = await client.run({
      op: 'concurrent',
      base,
      method: 'PUT',
      path: `/business/queue/${benchQueue}/push`,
      token: owner,
      total: toPush,
      workers: PUSHERS,
      bodies: Array.from({ length: toPush }, (_, i) => ({ customer_name: `Walk-in ${i}` })),
    });
    ctx.report(`queues.push.flatOut${PUSHERS}.rate`, toPush / (ms(p0) / 1000), 'pushes/s');
    const flatPushes = sorted(pushed.times);
    ctx.report(`queues.push.flatOut${PUSHERS}.p50`, percentile(flatPushes, 50), 'ms');
    ctx.report(`queues.push.flatOut${PUSHERS}.p99`, percentile(flatPushes, 99), 'ms');
    // The flat-out pushes leave the subscriptions (messages, statistics, webhooks, the feed…)
    // thousands of events behind; the paced figure is the latency a kiosk sees in a hall, not
    // while the server digests a burst no hall makes, so it starts once they have read them.
    const d0 = process.hrtime.bigint();
    await subscriptionsDrained(app, db);
    ctx.report(`queues.push.flatOut${PUSHERS}.drained`, ms(d0), 'ms');
    const kiosks = Array.from({ length: PUSHERS }, (_, i) => ({
      token: owner,
      path: `/business/queue/${benchQueue}/push`,
      body: { customer_name: `Kiosk ${i}` },
    }));
    runner.timings();
    const pushServed = servedTimes(app.getHttpServer() as Server, 'PUT', '/push');
    const pushLoop = monitorEventLoopDelay({ resolution: 5 });
    pushLoop.enable();
    const pacedPush = await profiled('queues.push.paced', () =>
      client!.run({ op: 'paced', base, method: 'PUT', agents: kiosks, rounds: pushRounds, paceMs: PUSH_PACE_MS }),
    );
    pushLoop.disable();
    pushServed.stop();
    const pushPhases = runner.timings();
    ctx.log(
      `queues: paced pushes inside the server (ms): p50 ${(pushServed.percentile(50) / 1e6).toFixed(2)} p99 ${(pushServed.percentile(99) / 1e6).toFixed(2)} max ${(pushServed.max / 1e6).toFixed(2)}; ` +
        `event loop p99 ${(pushLoop.percentile(99) / 1e6).toFixed(1)} max ${(pushLoop.max / 1e6).toFixed(1)}; ` +
        `runner: mailbox p50 ${pushPhases.mailbox.p50.toFixed(2)} p99 ${pushPhases.mailbox.p99.toFixed(2)}; seal p50 ${pushPhases.seal.p50.toFixed(2)} p99 ${pushPhases.seal.p99.toFixed(2)}; ` +
        `append p50 ${pushPhases.append.p50.toFixed(2)} p99 ${pushPhases.append.p99.toFixed(2)}; commands a batch p50 ${pushPhases.batch.p50} max ${pushPhases.batch.max}`,
    );
    const pushes = sorted(pacedPush.times);
    ctx.report(`queues.push.paced${PUSHERS}.p50`, percentile(pushes, 50), 'ms');
    ctx.report(`queues.push.paced${PUSHERS}.p99`, percentile(pushes, 99), 'ms', { op: '<=', value: 40 });

    // The HTTP floor on this machine: an authorised GET of the smallest answer, same pacing.
    const seen = new Set<string>();
    // Every call next must have found a ticket, and never one another call got.
    const check = (ids: (string | null)[]) => {
      for (const id of ids) {
        if (!id) throw new Error('call next found nobody waiting');
        if (seen.has(id)) throw new Error(`ticket ${id} called twice`);
        seen.add(id);
      }
    };
    const desks = agents.map((a) => ({ token: a.token, path: `/business/queue/${benchQueue}/call`, body: { counter_id: a.counter } }));
    const floorRun = await client.run({
      op: 'paced',
      base,
      method: 'GET',
      agents: agents.map((a) => ({ token: a.token, path: '/business/counter/mine' })),
      rounds: paced,
      paceMs: PACE_MS,
    });
    const floor = sorted(floorRun.times);
    ctx.report(`baseline.http.authorisedGet.paced${AGENTS}.p50`, percentile(floor, 50), 'ms');
    ctx.report(`baseline.http.authorisedGet.paced${AGENTS}.p99`, percentile(floor, 99), 'ms');

    // How long the server's event loop was held up meanwhile (GC, long tasks): it delays every call.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    // Where a slow call's time went: the server's garbage collections, and the runner's phases.
    const pauses: number[] = [];
    const gc = new PerformanceObserver((list) => list.getEntries().forEach((e) => pauses.push(e.duration)));
    gc.observe({ entryTypes: ['gc'] });
    runner.timings();
    const served = servedTimes(app.getHttpServer() as Server, 'POST', '/call');
    loop.enable();
    const { result: pacedRun, statements } = await countingStatements(() =>
      profiled('queues.callNext.paced', () => client!.run({ op: 'paced', base, method: 'POST', agents: desks, rounds: paced, paceMs: PACE_MS })),
    );
    loop.disable();
    served.stop();
    gc.disconnect();
    const phases = runner.timings();
    ctx.log(
      `queues: call next inside the server during paced calls (ms): p50 ${(served.percentile(50) / 1e6).toFixed(2)} p99 ${(served.percentile(99) / 1e6).toFixed(2)} max ${(served.max / 1e6).toFixed(2)} (${served.count} calls)`,
    );
    ctx.log(
      `queues: server event loop delay during paced calls: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
    );
    const slowGc = pauses.filter((d) => d >= 5);
    ctx.log(
      `queues: garbage collections during paced calls: ${pauses.length}, ${slowGc.length} of 5 ms or more, longest ${Math.max(0, ...pauses).toFixed(1)} ms, total ${pauses.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
    );
    const fmt = (p: { p50: number; p99: number; max: number }) => `p50 ${p.p50.toFixed(2)} p99 ${p.p99.toFixed(2)} max ${p.max.toFixed(2)}`;
    ctx.log(
      `queues: runner phases during paced calls (ms): mailbox ${fmt(phases.mailbox)}; seal ${fmt(phases.seal)}; append ${fmt(phases.append)}; commands a batch p50 ${phases.batch.p50} max ${phases.batch.max}`,
    );
    // Whether the tail is a few episodes (stalls that catch several calls at once) or spread
    // over the run: the slowest 2 % by when they were sent, in 250 ms windows.
    if (pacedRun.starts?.length) {
      const first = Math.min(...pacedRun.starts);
      const slowest = pacedRun.times
        .map((t, i) => ({ t, at: pacedRun.starts![i] - first }))
        .sort((a, b) => b.t - a.t)
        .slice(0, Math.max(1, Math.round(pacedRun.times.length / 50)));
      const windows = new Map<number, number>();
      for (const c of slowest) windows.set(Math.floor(c.at / 250), (windows.get(Math.floor(c.at / 250)) ?? 0) + 1);
      ctx.log(
        `queues: the slowest ${slowest.length} paced calls (${slowest[slowest.length - 1].t.toFixed(1)} ms and more) fell in ${windows.size} windows of 250 ms: ` +
          [...windows]
            .sort((a, b) => a[0] - b[0])
            .map(([w, n]) => `${(w / 4).toFixed(2)} s ×${n}`)
            .join(', '),
      );
    }
    // Every statement the API sent meanwhile, the call's own and the subscriptions' behind it.
    const statementCount = [...statements.values()].reduce((a, b) => a + b, 0);
    ctx.log(
      `queues: statements sent during paced calls, the most frequent: ` +
        [...statements]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([text, n]) => `${(n / pacedRun.times.length).toFixed(2)} × ${text}`)
          .join('; '),
    );
    ctx.report(`queues.callNext.paced${AGENTS}.statements`, statementCount / pacedRun.times.length, 'statements/call', { op: '<=', value: 13 });
    check(pacedRun.ids);
    const pacedCalls = sorted(pacedRun.times);
    ctx.report(`queues.callNext.paced${AGENTS}.p50`, percentile(pacedCalls, 50), 'ms', { op: '<=', value: 10 });
    ctx.report(`queues.callNext.paced${AGENTS}.p99`, percentile(pacedCalls, 99), 'ms', { op: '<=', value: 40 });

    const burstRun = await client.run({ op: 'burst', base, agents: desks, rounds: bursts, gapMs: 200 });
    check(burstRun.ids);
    const burst = sorted(burstRun.times);
    ctx.report(`queues.callNext.burst${AGENTS}.p50`, percentile(burst, 50), 'ms');
    ctx.report(`queues.callNext.burst${AGENTS}.p99`, percentile(burst, 99), 'ms');

    const flat = await client.run({ op: 'flatOut', base, agents: desks, rounds: flatOut });
    check(flat.ids);
    ctx.report(`queues.callNext.flatOut${AGENTS}.rate`, (AGENTS * flatOut) / (flat.times[0] / 1000), 'calls/s');
    ctx.log(`queues: ${seen.size} calls, each a different ticket`);

    // The waiting list of `waiting` tickets, as the agents' screens read it.
    const list = (await call('GET', `/business/queue/${benchQueue}/waitinglist`, owner)) as { total: number };
    ctx.log(`queues: waiting list holds ${list.total} tickets`);
    const readRun = await client.run({
      op: 'concurrent',
      base,
      method: 'GET',
      path: `/business/queue/${benchQueue}/waitinglist`,
      token: agents[0].token,
      total: 200,
      workers: 1,
    });
    const reads = sorted(readRun.times);
    ctx.report(`queues.waitingList.${list.total}.p50`, percentile(reads, 50), 'ms');
    ctx.report(`queues.waitingList.${list.total}.p95`, percentile(reads, 95), 'ms', { op: '<=', value: 20 });

    // From call next to the change notice at each of 200 connected clients. Receipts are matched
    // to calls by the position of each call's last event, so a late notice is never credited to a
    // later call, and one that never comes is counted lost.
    const port = app.get(BroadcastService).port!;
    const receipts: Map<number, bigint>[] = Array.from({ length: SOCKET_CLIENTS }, () => new Map());
    await Promise.all(
      Array.from({ length: SOCKET_CLIENTS }, (_, i) => {
        const s = io(`http://127.0.0.1:${port}`, { auth: { token: agents[i % AGENTS].token }, transports: ['websocket'], forceNew: true });
        sockets.push(s);
        s.on('change', (n: { key: string; position: number }) => {
          if (n.key === `queue-${benchQueue}` && !receipts[i].has(Number(n.position))) receipts[i].set(Number(n.position), process.hrtime.bigint());
        });
        return new Promise<void>((resolve, reject) => {
          s.once('connect_error', reject);
          s.once('connect', () => s.emit('subscribe', { kind: 'queue', id: benchQueue }, () => resolve()));
        });
      }),
    );
    const sent: { at: bigint; position: number }[] = [];
    for (let k = 0; k < SOCKET_NOTICES(ctx); k++) {
      const a = agents[k % AGENTS];
      const at = process.hrtime.bigint();
      await call('POST', `/business/queue/${benchQueue}/call`, a.token, { counter_id: a.counter });
      const position = Number(
        (await sql<{ p: string }>`SELECT max(position) AS p FROM es_events WHERE stream_id = ${`queue-${benchQueue}`}`.execute(db)).rows[0].p,
      );
      sent.push({ at, position });
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const latencies: number[] = [];
    let lost = 0;
    for (const mine of receipts) {
      for (const c of sent) {
        const t = mine.get(c.position);
        if (t === undefined) lost++;
        else latencies.push(Number(t - c.at) / 1e6);
      }
    }
    latencies.sort((x, y) => x - y);
    ctx.report(`queues.notice.clients${SOCKET_CLIENTS}.p50`, percentile(latencies, 50), 'ms');
    ctx.report(`queues.notice.clients${SOCKET_CLIENTS}.p95`, percentile(latencies, 95), 'ms', { op: '<=', value: 100 });
    ctx.report(`queues.notice.clients${SOCKET_CLIENTS}.lost`, lost, 'notices', { op: '<=', value: 0 });
  } finally {
    await client?.close();
    for (const s of sockets) s.close();
    await app.close();
  }
}

export const suite: BenchSuite = { name: 'queues', run };
