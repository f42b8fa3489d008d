import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { connectTo, PgEventStore, RecordedEvent, SubscriptionHandler, SubscriptionManager, SubscriptionOptions } from '@tabour/eventstore';
import { createTestDatabase, TestDatabase } from './support/db';
import { actor, caughtUp, sleep, waitFor } from './eventstore-support';

const fast: SubscriptionOptions = { pollIntervalMs: 200, lockPollMs: 50, retryBaseMs: 10, retryMaxMs: 50 };

describe('event store subscriptions', () => {
  let t: TestDatabase;
  let store: PgEventStore;
  const managers: SubscriptionManager[] = [];
  const opts = { tenantId: randomUUID(), actor };
  const manager = () => {
    const m = new SubscriptionManager(store, connectTo(t.url), fast);
    managers.push(m);
    return m;
  };
  const checkpoint = async (name: string) =>
    (
      await sql<{
        position: number;
        status: string;
        error: string | null;
        attempts: number;
      }>`SELECT position, status, error, attempts FROM es_checkpoints WHERE name = ${name}`.execute(t.db)
    ).rows[0];

  beforeAll(async () => {
    t = await createTestDatabase(36);
    store = new PgEventStore(t.db);
  });
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.stop()));
  });
  afterAll(() => t.drop());

  it('sees every event of 32 concurrent writers exactly once, in log order, each stream in revision order', async () => {
    const start = await store.headPosition();
    const seen: RecordedEvent[] = [];
    const m = manager();
    m.subscribe('all-writers', { categories: ['w'] }, async (events) => void seen.push(...events), { batchSize: 50 });
    await m.start();
    const perWriter = 25;
    await Promise.all(
      Array.from({ length: 32 }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          // Own streams for most writers, one stream shared by a few, to mix lock waits in.
          const s = w < 4 ? 'w-shared' : `w-${w}`;
          await store.append(s, [{ type: 'Wrote', data: { w, i } }], opts);
        }
      }),
    );
    const total = 32 * perWriter;
    await waitFor(() => caughtUp(t.db, 'all-writers'), 'the subscription to catch up');
    // Exactly the stored events, each once, in the order of the log.
    const log = await sql<{ position: number }>`SELECT position FROM es_events WHERE category = 'w' ORDER BY transaction_id, position`.execute(t.db);
    expect(log.rows).toHaveLength(total);
    expect(seen.map((e) => e.position)).toEqual(log.rows.map((r) => Number(r.position)));
    expect(new Set(seen.map((e) => e.eventId)).size).toBe(total);
    expect(seen.every((e) => e.position > start)).toBe(true);
    const revisions = new Map<string, number>();
    for (const e of seen) {
      expect(e.revision).toBe((revisions.get(e.streamId) ?? -1) + 1);
      revisions.set(e.streamId, e.revision);
    }
  });

  it('never skips an event that took a lower position but committed later', async () => {
    const got: number[] = [];
    const m = manager();
    m.subscribe('late-commit', { categories: ['late'] }, async (events) => void got.push(...events.map((e) => e.position)));
    await m.start();
    // A writer that has taken its position and not yet committed.
    const slow = await connectTo(t.url)();
    try {
      await slow.query('BEGIN');
      const held = await slow.query(
        `SELECT positions[1] AS position FROM es_append('late-1', 'late', $1, 'any', false, ARRAY[gen_random_uuid()], ARRAY['Slow'], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb], now())`,
        [opts.tenantId],
      );
      const slowPosition = Number(held.rows[0].position);
      const fast = await store.append('late-2', [{ type: 'Fast', data: {} }], opts);
      expect(fast.position).toBeGreaterThan(slowPosition);
      await sleep(300);
      // The later position is held back while the lower one may still commit.
      expect(got).toEqual([]);
      await slow.query('COMMIT');
      await waitFor(() => got.length === 2, 'both events');
      expect(got).toEqual([slowPosition, fast.position]);
    } finally {
      await slow.end();
    }
  });

  it('filters by category and event type and moves its checkpoint past what it skips', async () => {
    const got: RecordedEvent[] = [];
    const m = manager();
    m.subscribe('filtered', { categories: ['pick'], eventTypes: ['Wanted'] }, async (events) => void got.push(...events));
    await m.start();
    await store.append(
      `pick-${randomUUID()}`,
      [
        { type: 'Wanted', data: 1 },
        { type: 'Unwanted', data: 2 },
      ],
      opts,
    );
    await store.append(`skip-${randomUUID()}`, [{ type: 'Wanted', data: 3 }], opts);
    await waitFor(() => caughtUp(t.db, 'filtered'), 'the checkpoint to reach the end of the log');
    expect(got.map((e) => e.data)).toEqual([1]);
  });

  it('runs one instance of a subscription at a time, and a standby takes over', async () => {
    await sql`CREATE TABLE sub_seen (position bigint PRIMARY KEY, instance text NOT NULL)`.execute(t.db);
    let active = 0;
    let overlapped = false;
    const handled: Record<string, number> = { a: 0, b: 0 };
    const handler =
      (instance: string): SubscriptionHandler =>
      async (events, trx) => {
        if (++active > 1) overlapped = true;
        try {
          // Slow enough that a second runner would be caught inside.
          await sleep(15);
          for (const e of events) await sql`INSERT INTO sub_seen VALUES (${e.position}, ${instance})`.execute(trx);
          handled[instance] += events.length;
        } finally {
          active--;
        }
      };
    const a = manager();
    const b = manager();
    a.subscribe('single', { categories: ['one'] }, handler('a'), { batchSize: 5 });
    b.subscribe('single', { categories: ['one'] }, handler('b'), { batchSize: 5 });
    await a.start();
    await waitFor(() => a.get('single')!.state === 'running', 'a to take the lock');
    await b.start();
    const write = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => store.append(`one-${i % 5}`, [{ type: 'E', data: i }], opts)));
    await write(40);
    await waitFor(() => handled.a >= 10, 'a to handle events');
    expect(b.get('single')!.state).toBe('standby');
    // The first instance goes away mid-stream; the standby carries on from its checkpoint.
    await a.stop();
    await write(40);
    await waitFor(() => caughtUp(t.db, 'single'), 'b to catch up');
    expect(overlapped).toBe(false);
    expect(handled.b).toBeGreaterThan(0);
    const rows = await sql<{ n: number; min: number; max: number }>`SELECT count(*)::int AS n FROM sub_seen`.execute(t.db);
    expect(rows.rows[0].n).toBe(80);
    expect(handled.a + handled.b).toBe(80);
  });

  it('takes over when the running instance dies (its connection is killed)', async () => {
    await sql`CREATE TABLE die_seen (position bigint PRIMARY KEY)`.execute(t.db);
    const handler: SubscriptionHandler = async (events, trx) => {
      for (const e of events) await sql`INSERT INTO die_seen VALUES (${e.position})`.execute(trx);
    };
    const a = manager();
    const b = manager();
    a.subscribe('dies', { categories: ['die'] }, handler);
    await a.start();
    await waitFor(() => a.get('dies')!.state === 'running', 'a to take the lock');
    b.subscribe('dies', { categories: ['die'] }, handler);
    await b.start();
    await store.append('die-1', [{ type: 'E', data: 1 }], opts);
    await waitFor(() => caughtUp(t.db, 'dies'), 'a to handle');
    // Kill the backend holding the lock, as a crashed process would lose it.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted
      AND objid = (hashtextextended('es_subscription:dies', 0) & 4294967295)::oid`.execute(t.db);
    await waitFor(() => b.get('dies')!.state === 'running', 'b to take over');
    await store.append(
      'die-1',
      [
        { type: 'E', data: 2 },
        { type: 'E', data: 3 },
      ],
      opts,
    );
    await waitFor(() => caughtUp(t.db, 'dies'), 'b to handle');
    const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM die_seen`.execute(t.db);
    expect(n.rows[0].n).toBe(3);
  });

  it('retries a failing handler with back-off, then marks the subscription faulted without moving past the batch', async () => {
    const attempts: number[] = [];
    const m = manager();
    m.subscribe(
      'poisoned',
      { categories: ['poison'] },
      async (events) => {
        if (events.some((e) => e.type === 'Poison')) {
          attempts.push(Date.now());
          throw new Error('cannot digest Poison');
        }
      },
      { maxAttempts: 3 },
    );
    await m.start();
    await store.append('poison-1', [{ type: 'Fine', data: {} }], opts);
    await waitFor(() => caughtUp(t.db, 'poisoned'), 'the good event');
    const good = await checkpoint('poisoned');
    await store.append(
      'poison-1',
      [
        { type: 'Poison', data: {} },
        { type: 'Fine', data: {} },
      ],
      opts,
    );
    await waitFor(() => m.get('poisoned')!.state === 'faulted', 'the fault');
    const cp = await checkpoint('poisoned');
    expect(cp).toMatchObject({ position: good.position, status: 'faulted', attempts: 3 });
    expect(cp.error).toContain('cannot digest Poison');
    expect(attempts).toHaveLength(3);
    // Faulted means stopped: nothing more is tried while the fault stands.
    await sleep(150);
    expect(attempts).toHaveLength(3);
    await m.stop();

    // Once the handler is fixed, a restart resumes from the checkpoint and clears the fault.
    const fixed: string[] = [];
    const again = manager();
    again.subscribe('poisoned', { categories: ['poison'] }, async (events) => void fixed.push(...events.map((e) => e.type)));
    await again.start();
    await waitFor(async () => (await checkpoint('poisoned'))?.status === 'running', 'the restart');
    expect(fixed).toEqual(['Poison', 'Fine']);
    expect(await checkpoint('poisoned')).toMatchObject({ error: null, attempts: 0 });
  });

  it('wakes on LISTEN for appends made by another process', async () => {
    // A store that the manager does not know: only the NOTIFY can wake it before the poll.
    const other = new PgEventStore(t.db);
    const got: number[] = [];
    const m = new SubscriptionManager(store, connectTo(t.url), { ...fast, pollIntervalMs: 60_000 });
    managers.push(m);
    m.subscribe('listener', { categories: ['remote'] }, async (events) => void got.push(...events.map((e) => e.position)));
    await m.start();
    await waitFor(() => m.get('listener')!.state === 'running', 'the lock');
    await sleep(100);
    const r = await other.append('remote-1', [{ type: 'E', data: {} }], opts);
    await waitFor(() => got.includes(r.position), 'the notice', 10_000);
  });

  it('stops cleanly and releases its lock', async () => {
    const m = manager();
    m.subscribe('clean', {}, async () => undefined);
    await m.start();
    await waitFor(() => m.get('clean')!.state === 'running', 'the lock');
    await m.stop();
    expect(m.get('clean')!.state).toBe('stopped');
    const held = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'
      AND objid = (hashtextextended('es_subscription:clean', 0) & 4294967295)::oid`.execute(t.db);
    expect(held.rows[0].n).toBe(0);
  });
});
