import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { connectTo, PgEventStore, Subscription } from '@tabour/eventstore';
import { createDb } from '@tabour/platform';
import { BenchContext, BenchSuite, percentile } from '../harness';

const CONCURRENCY = [1, 8, 32];
const actor = { type: 'system' as const, name: 'bench' };
const sampleData = (i: number) => ({
  ticket_id: randomUUID(),
  queue_id: 'b9b5f1c4-1d3e-4c5a-9a55-3f1f0e5d2a11',
  number: i,
  counter: 'A1',
  note: 'called at the counter',
});

interface LoadResult {
  rate: number;
  p50: number;
  p99: number;
}

class Load {
  private readonly latencies: number[] = [];
  private seconds = 0;
  private count = 0;

  constructor(private readonly op: (writer: number, i: number) => Promise<unknown>) {}

  /** `writers` loops calling the operation back to back for `ms`. */
  async run(writers: number, ms: number): Promise<void> {
    const until = Date.now() + ms;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; Date.now() < until; i++) {
          const t0 = process.hrtime.bigint();
          await this.op(w, this.count++);
          this.latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }),
    );
    this.seconds += Number(process.hrtime.bigint() - started) / 1e9;
  }

  result(): LoadResult {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return { rate: sorted.length / this.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  }
}

async function appendThroughput(ctx: BenchContext): Promise<void> {
  const ms = Math.max(800, Math.round(4000 * ctx.scale));
  const { url, db } = await ctx.createDatabase(2);
  await sql`CREATE TABLE bench_raw (id bigserial PRIMARY KEY, stream_id text NOT NULL, data jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())`.execute(
    db,
  );
  ctx.log(`append: single-event appends, each writer to its own stream, ${ms} ms per run`);
  for (const writers of CONCURRENCY) {
    const { db: pool } = createDb(url, writers);
    try {
      // Warm the pool so connection set-up is not measured.
      await Promise.all(Array.from({ length: writers }, () => sql`SELECT 1`.execute(pool)));
      const rawLoad = new Load((w, i) => sql`INSERT INTO bench_raw (stream_id, data) VALUES (${`raw-${w}`}, ${JSON.stringify(sampleData(i))})`.execute(pool));
      const store = new PgEventStore(pool, { notify: process.env.BENCH_NOTIFY !== 'off' });
      const streams = Array.from({ length: writers }, () => `bench-${randomUUID()}`);
      const revisions = new Array<number | null>(writers).fill(null);
      const esLoad = new Load(async (w, i) => {
        const r = await store.append(streams[w], [{ type: 'TicketCalled', data: sampleData(i) }], {
          tenantId: '00000000-0000-4000-8000-000000000001',
          actor,
          expectedRevision: revisions[w] ?? 'no_stream',
        });
        revisions[w] = r.nextExpectedRevision;
      });
      // Alternating slices, so that a change in the machine's load falls on both alike.
      for (let slice = 0; slice < 4; slice++) {
        await rawLoad.run(writers, ms / 4);
        await esLoad.run(writers, ms / 4);
      }
      const raw = rawLoad.result();
      const es = esLoad.result();
      ctx.report(`baseline.rawInsert.c${writers}`, raw.rate, 'rows/s');
      ctx.report(`baseline.rawInsert.c${writers}.p50`, raw.p50, 'ms');
      ctx.report(`baseline.rawInsert.c${writers}.p99`, raw.p99, 'ms');
      const goal = writers === 32 ? { op: '>=' as const, value: raw.rate / 2 } : undefined;
      ctx.report(`eventstore.append.c${writers}`, es.rate, 'events/s', goal);
      ctx.report(`eventstore.append.c${writers}.p50`, es.p50, 'ms');
      ctx.report(`eventstore.append.c${writers}.p99`, es.p99, 'ms');
    } finally {
      await pool.destroy();
    }
  }
}

async function catchUp(ctx: BenchContext): Promise<void> {
  const total = Math.max(10_000, Math.round(1_000_000 * ctx.scale));
  const { url, db } = await ctx.createDatabase(2);
  ctx.log(`catch-up: bulk-loading ${total} events`);
  const loadStart = Date.now();
  // One INSERT ... SELECT: the point is the read side, not the write path.
  await sql`
    INSERT INTO es_events (position, stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
    OVERRIDING SYSTEM VALUE
    SELECT g, 'queue-' || (g % 1000), g / 1000, 'queue', '00000000-0000-4000-8000-000000000001', gen_random_uuid(), 'TicketCalled',
      jsonb_build_object('ticket_id', gen_random_uuid(), 'number', g, 'counter', 'A1', 'note', 'called at the counter'),
      '{"tenantId":"00000000-0000-4000-8000-000000000001","actor":{"type":"system"},"schemaVersion":1}'::jsonb, now()
    FROM generate_series(1, ${total}) g`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('es_events', 'position'), ${total})`.execute(db);
  await sql`ANALYZE es_events`.execute(db);
  ctx.log(`catch-up: loaded in ${Math.round((Date.now() - loadStart) / 1000)} s`);

  let seen = 0;
  const subscription = new Subscription(
    'bench.catchup',
    {},
    async (events) => {
      seen += events.length;
    },
    connectTo(url),
    { batchSize: 1000, pollIntervalMs: 50 },
  );
  const started = process.hrtime.bigint();
  subscription.start();
  while (subscription.position < total) await new Promise((r) => setTimeout(r, 5));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await subscription.stop();
  if (seen !== total) throw new Error(`catch-up saw ${seen} of ${total} events`);
  ctx.report('eventstore.subscription.catchUp', total / seconds, 'events/s', { op: '>=', value: 20_000 });
}

export const suite: BenchSuite = {
  name: 'eventstore',
  async run(ctx) {
    await appendThroughput(ctx);
    await catchUp(ctx);
  },
};
