import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { connectTo, PgEventStore, rebuildProjection, SubscriptionManager } from '@tabour/eventstore';
import { Db, loadConfig } from '@tabour/platform';
import { statisticsProjection } from '@tabour/statistics';
import { createApp } from '../../apps/api/src/bootstrap';
import { BenchContext, BenchSuite, percentile } from '../harness';
import { apiCaller, historyHandled, registerOwner } from '../api';

const ZONE = 'Europe/Paris';
/** The issue's business: 200 queues, 2,000,000 tickets and 200,000 bookings in a year (at BENCH_SCALE=1). */
const QUEUES = 200;
const TICKETS = 2_000_000;
const BOOKINGS = 200_000;
const DAYS = 365;
const LAG_RATE = 500; // events a second
const READS = 40;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/**
 * A year of tickets (pushed, called, ended: three events each, one stream per ticket) and
 * bookings (created, then completed), written by INSERT … SELECT in the shapes the deciders
 * append; the projection then reads them as any other history.
 */
async function seedHistory(
  db: Db,
  tenantId: string,
  queues: { id: string; counter: string }[],
  tickets: number,
  bookings: number,
  today: string,
): Promise<number> {
  const meta = JSON.stringify({ tenantId, actor: { type: 'system', name: 'history' }, correlationId: randomUUID(), schemaVersion: 1 });
  const qs = JSON.stringify(queues);
  await sql`
    CREATE TEMP TABLE bench_tickets AS
    SELECT gen_random_uuid() AS id, q.id AS queue_id, q.counter AS counter_id, x.arrived, x.arrived + (w || ' seconds')::interval AS called,
           x.arrived + (w || ' seconds')::interval + (s || ' seconds')::interval AS ended, w, s
    FROM generate_series(0, ${tickets - 1}::int) AS n,
      LATERAL (SELECT (${qs}::jsonb -> (n % ${queues.length})) AS j) jq,
      LATERAL (SELECT (jq.j ->> 'id')::uuid AS id, (jq.j ->> 'counter')::uuid AS counter) q,
      LATERAL (SELECT ((${today}::date - ${DAYS - 1}::int + (n % ${DAYS})) + time '08:00' + ((n::bigint * 7919) % 36000) * interval '1 second') AT TIME ZONE ${ZONE} AS arrived,
                      (n * 31) % 2400 AS w, 120 + (n * 17) % 900 AS s) x`.execute(db);
  await sql`
    INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
    SELECT 'benchticket-' || t.id, e.rev, 'benchticket', ${tenantId}::uuid, gen_random_uuid(), e.type, e.data, ${meta}::jsonb, e.at
    FROM bench_tickets t,
      LATERAL (VALUES
        (0, 'TicketPushed', t.arrived, jsonb_build_object('queue_id', t.queue_id, 'business_id', ${tenantId}::uuid, 'rank', 1, 'estimated_wait_seconds', 600,
          'ticket', jsonb_build_object('id', t.id, 'uid', t.id, 'number', 1, 'label', 'A1', 'day', (t.arrived AT TIME ZONE ${ZONE})::date, 'urgent', false,
            'service_ids', '[]'::jsonb, 'member_id', NULL, 'customer_id', NULL, 'checked_in_at', t.arrived, 'service_seconds', NULL, 'late', false))),
        (1, 'TicketCalled', t.called, jsonb_build_object('queue_id', t.queue_id, 'business_id', ${tenantId}::uuid, 'ticket_id', t.id, 'counter_id', t.counter_id,
          'member_id', ${tenantId}::uuid, 'from_rank', 1, 'at', t.called, 'waited_seconds', t.w)),
        (2, 'TicketEnded', t.ended, jsonb_build_object('queue_id', t.queue_id, 'business_id', ${tenantId}::uuid, 'ticket_id', t.id, 'from_rank', NULL,
          'counter_id', t.counter_id, 'at', t.ended, 'service_id', NULL, 'served_seconds', t.s))
      ) AS e(rev, type, at, data)
    ORDER BY e.at`.execute(db);
  await sql`
    INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
    SELECT 'benchbooking-' || b.id, e.rev, 'benchbooking', ${tenantId}::uuid, gen_random_uuid(), e.type, e.data, ${meta}::jsonb, e.at
    FROM (SELECT gen_random_uuid() AS id, (${today}::date - ${DAYS - 1}::int + (n % ${DAYS})) + time '09:00' AT TIME ZONE ${ZONE} AS at, n
          FROM generate_series(0, ${bookings - 1}::int) AS n) b,
      LATERAL (VALUES
        (0, 'BookingCreated', b.at - interval '3 days', jsonb_build_object('booking_id', b.id, 'business_id', ${tenantId}::uuid, 'department_id', ${tenantId}::uuid,
          'member_id', NULL, 'service_ids', '[]'::jsonb, 'channel', CASE WHEN b.n % 3 = 0 THEN 'online' ELSE 'staff' END, 'status', 'confirmed')),
        (1, 'BookingCompleted', b.at, jsonb_build_object('booking_id', b.id, 'business_id', ${tenantId}::uuid))
      ) AS e(rev, type, at, data)
    ORDER BY e.at`.execute(db);
  await sql`DROP TABLE bench_tickets`.execute(db);
  return Number((await sql<{ n: string }>`SELECT count(*) AS n FROM es_events`.execute(db)).rows[0].n);
}

async function run(ctx: BenchContext): Promise<void> {
  const scale = ctx.scale;
  const queueCount = Math.max(5, Math.round(QUEUES * scale));
  const tickets = Math.max(10_000, Math.round(TICKETS * scale));
  const bookings = Math.max(1_000, Math.round(BOOKINGS * scale));
  const lagSeconds = Math.max(5, Math.round(20 * Math.min(1, scale * 4)));
  const { url, db } = await ctx.createDatabase(4);
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    APPROVE_REGISTRATIONS: 'auto',
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/tabour-bench-${randomUUID()}`,
    BROADCAST_PORT: '0',
    HISTORY_JOB: 'off',
    DAY_END_JOB: 'off',
    BOOKING_JOB: 'off',
  });
  let app = await createApp(config, url, { logger: ['error'] });
  let base = '';
  const listen = async () => {
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  };
  try {
    await listen();
    const call = apiCaller(() => base);
    const { owner, tenantId } = await registerOwner(base, 'Bench Statistics', 'FR');
    await call('POST', '/business/update', owner, { time_zone: ZONE });
    const queues: { id: string; counter: string }[] = [];
    for (let i = 0; i < queueCount; i++) {
      const q = (await call('PUT', '/business/queue/create', owner, { name: `Queue ${i}`, ticket_prefix: 'A', counters: [{ name: 'Desk' }] })) as {
        id: string;
        counters: { id: string }[];
      };
      queues.push({ id: q.id, counter: q.counters[0].id });
    }
    await app.close();

    const today = DateTime.now().setZone(ZONE).toISODate()!;
    const t0 = Date.now();
    const events = await seedHistory(db, tenantId, queues, tickets, bookings, today);
    // A year of operation: the other subscriptions (messages, webhooks, report triggers) have
    // handled this history long ago, instead of reading it during the timed calls.
    await historyHandled(db);
    await sql`VACUUM (ANALYZE) es_events`.execute(db);
    ctx.log(
      `statistics: ${tickets} tickets and ${bookings} bookings over ${DAYS} days in ${queueCount} queues (${events} events), seeded in ${Math.round((Date.now() - t0) / 1000)} s`,
    );

    // The floor of a rebuild: reading the whole log once, with nothing written.
    const l0 = process.hrtime.bigint();
    await sql`SELECT count(*), sum(length(data::text)) FROM es_events`.execute(db);
    ctx.report('baseline.statistics.logRead', ms(l0) / 1000, 's');
    // The full rebuild, timed: every statistics row from the log.
    const store = new PgEventStore(db);
    const manager = new SubscriptionManager(store, connectTo(url));
    manager.registerAsync(statisticsProjection);
    const r0 = process.hrtime.bigint();
    const rebuilt = await rebuildProjection(db, manager.find(statisticsProjection.name)!);
    const rebuildSeconds = ms(r0) / 1000;
    await sql`VACUUM (ANALYZE)`.execute(db);
    // The reads are timed on a settled database, as a year-old installation's are: without a
    // checkpoint here the rebuild's gigabytes are written out during them (a floor of 40–60 ms).
    await sql`CHECKPOINT`.execute(db);
    ctx.log(`statistics: rebuilt from ${rebuilt.events} events at ${Math.round(rebuilt.events / rebuildSeconds)} events/s`);
    ctx.report(`statistics.rebuild.${rebuilt.events}events`, rebuildSeconds, 's', { op: '<=', value: (120 * rebuilt.events) / 4_000_000 });

    app = await createApp(config, url, { logger: ['error'] });
    await listen();
    const timeCalls = async (what: string, bodies: { path: string; body: Record<string, unknown> }[]) => {
      const times: number[] = [];
      const each = bodies.map(() => [] as number[]);
      for (let i = 0; i < READS; i++) {
        for (const [k, b] of bodies.entries()) {
          const s = process.hrtime.bigint();
          await call('POST', `/business/statistic${b.path}`, owner, b.body);
          times.push(ms(s));
          each[k].push(ms(s));
        }
      }
      // Which call makes the tail: each one's p95 on the progress lines.
      ctx.log(
        `statistics: ${what} p95 by call: ${bodies.map((b, k) => `${b.path}${'queue_id' in b.body ? '?queue' : ''} ${percentile(sorted(each[k]), 95).toFixed(1)}`).join(', ')}`,
      );
      return sorted(times);
    };
    // Beside them, the cheapest authorised read on the same server: the floor any call pays.
    const floor: number[] = [];
    for (let i = 0; i < READS; i++) {
      const s = process.hrtime.bigint();
      await call('GET', '/business/bookingSettings', owner);
      floor.push(ms(s));
    }
    ctx.report('baseline.http.authorisedGet.c1.p95', percentile(sorted(floor), 95), 'ms');
    const day = (n: number) => DateTime.fromISO(today).plus({ days: n }).toISODate()!;
    const calls = (from: string, period: string) => [
      { path: '/filter', body: { from, to: today, period } },
      { path: '/visiteFrequency', body: { from, to: today, period } },
      { path: '/serviceDurationsPerCounter', body: { from, to: today } },
      { path: '/filter', body: { from, to: today, period, queue_id: queues[0].id } },
    ];
    const year = await timeCalls('year', calls(day(-364), 'monthly'));
    ctx.report('statistics.year.p50', percentile(year, 50), 'ms');
    ctx.report('statistics.year.p95', percentile(year, 95), 'ms', { op: '<=', value: 100 });
    const month = await timeCalls('month', calls(day(-29), 'daily'));
    ctx.report('statistics.month.p50', percentile(month, 50), 'ms');
    ctx.report('statistics.month.p95', percentile(month, 95), 'ms', { op: '<=', value: 30 });

    // Lag at 500 events a second: tickets pushed, called and ended through a store of their own
    // (no inline projection), the subscription woken as by any other process's append.
    const writer = new PgEventStore(db);
    const actor = { type: 'system' as const, name: 'bench' };
    const appended: { position: number; at: number }[] = [];
    const polls: { at: number; tx: bigint; pos: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const c = await sql<{
          tx: string;
          position: string;
        }>`SELECT transaction_id::text AS tx, position FROM es_checkpoints WHERE name = ${statisticsProjection.name}`.execute(db);
        if (c.rows[0]) polls.push({ at: Date.now(), tx: BigInt(c.rows[0].tx), pos: Number(c.rows[0].position) });
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const tickPerMs = LAG_RATE / 1000;
    const started = Date.now();
    let sent = 0;
    const inFlight: Promise<void>[] = [];
    while (Date.now() - started < lagSeconds * 1000) {
      const due = Math.floor((Date.now() - started) * tickPerMs);
      while (sent < due) {
        const q = queues[sent % queues.length];
        const id = randomUUID();
        const now = new Date().toISOString();
        const evs = [
          {
            type: 'TicketPushed',
            data: {
              queue_id: q.id,
              business_id: tenantId,
              rank: 1,
              estimated_wait_seconds: 60,
              ticket: {
                id,
                uid: id,
                number: 1,
                label: 'A1',
                day: today,
                urgent: false,
                service_ids: [],
                member_id: null,
                customer_id: null,
                checked_in_at: now,
                service_seconds: null,
                late: false,
              },
            },
          },
          {
            type: 'TicketCalled',
            data: {
              queue_id: q.id,
              business_id: tenantId,
              ticket_id: id,
              counter_id: q.counter,
              member_id: tenantId,
              from_rank: 1,
              at: now,
              waited_seconds: 30,
            },
          },
          {
            type: 'TicketEnded',
            data: {
              queue_id: q.id,
              business_id: tenantId,
              ticket_id: id,
              from_rank: null,
              counter_id: q.counter,
              at: now,
              service_id: null,
              served_seconds: 60,
            },
          },
        ];
        sent += evs.length;
        inFlight.push(
          writer.append(`benchticket-${id}`, evs, { tenantId, actor }).then((r) => {
            appended.push({ position: r.position, at: Date.now() });
          }),
        );
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(inFlight);
    const last = Math.max(...appended.map((a) => a.position));
    const lastTx = BigInt((await sql<{ tx: string }>`SELECT transaction_id::text AS tx FROM es_events WHERE position = ${last}`.execute(db)).rows[0].tx);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !polls.some((p) => p.tx > lastTx || (p.tx === lastTx && p.pos >= last))) await new Promise((r) => setTimeout(r, 20));
    polling = false;
    await poller;
    const txs = await sql<{
      position: string;
      tx: string;
    }>`SELECT position, transaction_id::text AS tx FROM es_events WHERE position = ANY(${appended.map((a) => a.position)}::bigint[])`.execute(db);
    const txOf = new Map(txs.rows.map((r) => [Number(r.position), BigInt(r.tx)]));
    const lags = appended.map((a) => {
      const tx = txOf.get(a.position)!;
      const seen = polls.find((p) => p.at >= a.at && (p.tx > tx || (p.tx === tx && p.pos >= a.position)));
      return seen ? seen.at - a.at : 30_000;
    });
    ctx.log(`statistics: ${sent} events in ${lagSeconds} s (${Math.round(sent / lagSeconds)} events/s)`);
    ctx.report('statistics.projection.lag.p50', percentile(sorted(lags), 50) / 1000, 's');
    ctx.report('statistics.projection.lag.p95', percentile(sorted(lags), 95) / 1000, 's', { op: '<=', value: 1 });
  } finally {
    await app.close();
  }
}

export const suite: BenchSuite = { name: 'statistics', run };
