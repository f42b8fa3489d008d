import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@tabour/platform';
import { feedProjection } from '@tabour/integrations';
import { apiCaller, caughtUp, historyHandled, registerOwner } from '../api';
import { benchApp } from '../app';
import { BenchContext, BenchSuite, percentile } from '../harness';

/** Businesses sharing the store: the measured one holds a tenth of it, as one customer of many would. */
const TENANTS = 10;
/** Rows per INSERT: each statement is its own transaction, so the log holds many transaction ids, as in operation. */
const CHUNK = 200_000;
const PAGE = 1000;

/**
 * Tickets taken, called, ended and moved (a move is no public event: the feed reads past it),
 * spread over TENANTS businesses in turn, written by INSERT … SELECT in the shapes the deciders
 * append, in chunks of their own transactions.
 */
async function seedStore(db: Db, tenants: string[], total: number): Promise<void> {
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    await sql`
      INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
      SELECT 'queue-' || q.queue_id, g, 'queue', q.tenant, gen_random_uuid(), e.type, e.data,
        jsonb_build_object('tenantId', q.tenant, 'actor', jsonb_build_object('type', 'system', 'name', 'history'), 'schemaVersion', 1),
        now() - ((${total}::int - g) * interval '1 second')
      FROM generate_series(${from}::int, ${to}::int) AS g,
        LATERAL (SELECT (${tenants}::uuid[])[1 + (g / 4) % ${tenants.length}] AS tenant,
                        md5('q' || ((g / 4) % 50))::uuid AS queue_id, md5('t' || (g / 4))::uuid AS ticket_id) q,
        LATERAL (SELECT CASE g % 4
          WHEN 0 THEN 'TicketPushed' WHEN 1 THEN 'TicketMoved' WHEN 2 THEN 'TicketCalled' ELSE 'TicketEnded' END AS type) t,
        LATERAL (SELECT t.type, CASE t.type
          WHEN 'TicketPushed' THEN jsonb_build_object('queue_id', q.queue_id, 'business_id', q.tenant, 'rank', 3, 'estimated_wait_seconds', 600,
            'ticket', jsonb_build_object('id', q.ticket_id, 'uid', q.ticket_id, 'number', g / 4 % 1000, 'label', 'A' || (g / 4 % 1000), 'day', current_date,
              'urgent', false, 'service_ids', '[]'::jsonb, 'member_id', NULL, 'customer_id', NULL, 'checked_in_at', now(), 'service_seconds', NULL,
              'late', false, 'booking_id', NULL))
          WHEN 'TicketMoved' THEN jsonb_build_object('queue_id', q.queue_id, 'business_id', q.tenant, 'ticket_id', q.ticket_id, 'from_rank', 3, 'to_rank', 2, 'reason', 'moved')
          WHEN 'TicketCalled' THEN jsonb_build_object('queue_id', q.queue_id, 'business_id', q.tenant, 'ticket_id', q.ticket_id, 'counter_id', q.queue_id,
            'member_id', q.tenant, 'from_rank', 1, 'at', now(), 'waited_seconds', 300)
          ELSE jsonb_build_object('queue_id', q.queue_id, 'business_id', q.tenant, 'ticket_id', q.ticket_id, 'from_rank', NULL, 'counter_id', q.queue_id,
            'at', now(), 'service_id', NULL, 'served_seconds', 420) END) e(type, data)`.execute(db);
  }
  await sql`ANALYZE es_events`.execute(db);
}

/** Cursors spread over the measured business's history, each with at least a page after it. */
async function startingPoints(db: Db, tenantId: string, count: number): Promise<string[]> {
  const n = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM es_events WHERE tenant_id = ${tenantId}::uuid`.execute(db)).rows[0].n);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const offset = Math.floor(((i + 0.5) / count) * Math.max(0, n - 2 * PAGE));
    const r = await sql<{ tx: string; position: string }>`
      SELECT transaction_id::text AS tx, position FROM es_events WHERE tenant_id = ${tenantId}::uuid
      ORDER BY transaction_id, position OFFSET ${offset} LIMIT 1`.execute(db);
    out.push(`${r.rows[0].tx}_${r.rows[0].position}`);
  }
  return out;
}

/** p95 of reading one page of 1,000 public events through the API with a key, from points spread over the history. */
async function measure(base: string, key: string, cursors: string[], types?: string): Promise<{ p95: number; p50: number; events: number }> {
  const times: number[] = [];
  let events = 0;
  for (const after of [cursors[0], ...cursors]) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}/business/integrations/feed?limit=${PAGE}&after=${after}${types ? `&types=${types}` : ''}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const body = (await res.json()) as { data: unknown[] };
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.status !== 200) throw new Error(`the feed answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
    events += body.data.length;
  }
  // The first read warms the connection and the plan: left out.
  const sorted = times.slice(1).sort((a, b) => a - b);
  return { p95: percentile(sorted, 95), p50: percentile(sorted, 50), events };
}

async function feedPage(ctx: BenchContext, total: number, figure: string, goal: boolean): Promise<void> {
  const { url, db } = await ctx.createDatabase(4);
  const app = await benchApp(url, { REMINDER_JOB: 'off', DAY_END_JOB: 'off', BOOKING_JOB: 'off' });
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const call = apiCaller(() => base);
    const { owner, tenantId } = await registerOwner(base, 'Bench Integrations', 'FR');
    const key = ((await call('PUT', '/business/integrations/keys/create', owner, { name: 'Bench', scopes: ['feed:read'] })) as { token: string }).token;
    const tenants = [tenantId, ...Array.from({ length: TENANTS - 1 }, () => randomUUID())];
    const t0 = Date.now();
    await seedStore(db, tenants, total);
    // The feed's projection renders the history as it would have over the months it was written;
    // the other subscriptions count it as handled.
    await historyHandled(db, [feedProjection.name]);
    const stored = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM es_events`.execute(db)).rows[0].n);
    ctx.log(
      `integrations: ${stored} events stored, ${Math.round(stored / TENANTS)} of them the measured business's, seeded in ${Math.round((Date.now() - t0) / 1000)} s`,
    );
    const t1 = Date.now();
    await caughtUp(db, feedProjection.name, 30 * 60_000);
    const rendered = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM integration_feed`.execute(db)).rows[0].n);
    const seconds = (Date.now() - t1) / 1000;
    ctx.log(`integrations: the feed's projection rendered ${rendered} public events in ${seconds.toFixed(0)} s`);
    if (goal) ctx.report('integrations.feedProjection.catchUp', Math.round(stored / seconds), 'events/s');
    // In operation, autovacuum marks the table's pages all-visible by its insert count
    // (migration 20261128170000); the rendering just ran in one go, so it is done here. The
    // checkpoint writes the rendering's pages out before the reads, not during them.
    await sql`VACUUM (ANALYZE) integration_feed`.execute(db);
    await sql`VACUUM (ANALYZE) integration_feed_chunks`.execute(db);
    await sql`CHECKPOINT`.execute(db);
    const size = async (table: string) =>
      Number((await sql<{ n: string }>`SELECT pg_total_relation_size(${table}::regclass) AS n`.execute(db)).rows[0].n) / 2 ** 20;
    ctx.log(
      `integrations: stored for the plain feed: rows ${(await size('integration_feed')).toFixed(0)} MB, chunks ${(await size('integration_feed_chunks')).toFixed(0)} MB (with their indexes and out-of-line values)`,
    );
    const cursors = await startingPoints(db, tenantId, Math.max(20, Math.round(100 * Math.min(1, ctx.scale * 4))));
    const all = await measure(base, key, cursors);
    ctx.log(`integrations: ${all.events} public events read in ${cursors.length + 1} pages; p50 ${all.p50.toFixed(1)} ms`);
    ctx.report(figure, all.p95, 'ms', goal ? { op: '<=', value: 50 } : undefined);
    // A filter matching one stored event in four: the page reads through four times the rows.
    const called = await measure(base, key, cursors, 'ticket.called');
    ctx.report(`${figure}.oneType`, called.p95, 'ms');
  } finally {
    await app.close();
  }
}

/**
 * integrations.feedPage1000: a page of 1,000 events of one business read through the feed, over
 * a store of 4,000,000 events × BENCH_SCALE shared by ten businesses; beside it the same read
 * over a store of 40,000 (the baseline: what the page costs when the store is small).
 */
export const suite: BenchSuite = {
  name: 'integrations',
  async run(ctx) {
    await feedPage(ctx, 40_000, 'integrations.feedPage1000.baseline', false);
    await feedPage(ctx, Math.max(40_000, Math.round(4_000_000 * ctx.scale)), 'integrations.feedPage1000', true);
  },
};
