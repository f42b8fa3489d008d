import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { connectTo, PgEventStore, RecordedEvent, SubscriptionManager, SubscriptionOptions } from '@tabour/eventstore';
import { createTestDatabase, TestDatabase } from './support/db';
import { actor, sleep, waitFor } from './eventstore-support';

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
    (await sql<{ position: number; status: string; error: string | null; attempts: number }>`SELECT position, status, error, attempts FROM es_checkpoints WHERE name = ${name}`.execute(t.db)).rows[0];

  beforeAll(async () => {
    t = await createTestDatabase(36);
    store = new PgEventStore(t.db);
  });
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.stop()));
  });
  afterAll(() => t.drop());

  it('sees every event of 32 concurrent writers exactly once, in position order', async () => {
    const start = await store.headPosition();
    const seen: number[] = [];
    const m = manager();
    m.subscribe('all-writers', { categories: ['w'] }, async (events) => {
      seen.push(...events.map((e) => e.position));
    }, { batchSize: 50 });
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
    const head = await store.headPosition();
    expect(head - start).toBe(32 * perWriter);
    await waitFor(() => seen.length >= 32 * perWriter && m.get('all-writers')!.position === head, 'the subscription to catch up');
    expect(seen).toEqual(Array.from({ length: 32 * perWriter }, (_, i) => start + 1 + i));
    expect((await checkpoint('all-writers')).position).toBe(head);
  });

  it('filters by category and event type and moves its checkpoint past what it skips', async () => {
    const got: RecordedEvent[] = [];
    const m = manager();
    m.subscribe('filtered', { categories: ['pick'], eventTypes: ['Wanted'] }, async (events) => void got.push(...events));
    await m.start();
    await store.append(`pick-${randomUUID()}`, [{ type: 'Wanted', data: 1 }, { type: 'Unwanted', data: 2 }], opts);
    await store.append(`skip-${randomUUID()}`, [{ type: 'Wanted', data: 3 }], opts);
    const head = await store.headPosition();
    await waitFor(async () => (await checkpoint('filtered'))?.position === head, 'the checkpoint to reach the head');
    expect(got.map((e) => e.data)).toEqual([1]);
  });

  it('runs one instance of a subscription at a time, and a standby takes over', async () => {
    await sql`CREATE TABLE sub_seen (position bigint PRIMARY KEY, instance text NOT NULL)`.execute(t.db);
    let active = 0;
    let overlapped = false;
    const handled: Record<string, number> = { a: 0, b: 0 };
    const handler = (instance: string) => async (events: RecordedEvent[], trx: any) => {
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
    const head = await store.headPosition();
    await waitFor(async () => (await checkpoint('single'))?.position === head, 'b to catch up');
    expect(overlapped).toBe(false);
    expect(handled.b).toBeGreaterThan(0);
    const rows = await sql<{ n: number; min: number; max: number }>`SELECT count(*)::int AS n FROM sub_seen`.execute(t.db);
    expect(rows.rows[0].n).toBe(80);
    expect(handled.a + handled.b).toBe(80);
  });

  it('takes over when the running instance dies (its connection is killed)', async () => {
    await sql`CREATE TABLE die_seen (position bigint PRIMARY KEY)`.execute(t.db);
    const handler = async (events: RecordedEvent[], trx: any) => {
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
    await waitFor(async () => (await checkpoint('dies'))?.position === (await store.headPosition()), 'a to handle');
    // Kill the backend holding the lock, as a crashed process would lose it.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted
      AND objid = (hashtextextended('es_subscription:dies', 0) & 4294967295)::oid`.execute(t.db);
    await waitFor(() => b.get('dies')!.state === 'running', 'b to take over');
    await store.append('die-1', [{ type: 'E', data: 2 }, { type: 'E', data: 3 }], opts);
    await waitFor(async () => (await checkpoint('dies'))?.position === (await store.headPosition()), 'b to handle');
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
    const good = await store.headPosition();
    await waitFor(async () => (await checkpoint('poisoned'))?.position === good, 'the good event');
    await store.append('poison-1', [{ type: 'Poison', data: {} }, { type: 'Fine', data: {} }], opts);
    await waitFor(() => m.get('poisoned')!.state === 'faulted', 'the fault');
    const cp = await checkpoint('poisoned');
    expect(cp).toMatchObject({ position: good, status: 'faulted', attempts: 3 });
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
