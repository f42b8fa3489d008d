import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PgEventStore, WrongExpectedVersion } from '@tabour/eventstore';
import { createTestDatabase, TestDatabase } from './support/db';
import { actor } from './eventstore-support';

describe('event store group commit', () => {
  let t: TestDatabase;
  // One lane: the first append goes alone, the ones made while it is in flight go together next.
  let store: PgEventStore;
  const tenantId = randomUUID();
  const opts = { tenantId, actor };
  const stream = () => `group-${randomUUID()}`;
  const ev = (type = 'Happened') => ({ type, data: { n: 1 } });
  const transactionsOf = async (streams: string[]) => {
    const res = await sql<{ n: number }>`SELECT count(DISTINCT transaction_id)::int AS n FROM es_events WHERE stream_id = ANY(${streams}::text[])`.execute(
      t.db,
    );
    return res.rows[0].n;
  };

  beforeAll(async () => {
    t = await createTestDatabase(4);
    store = new PgEventStore(t.db, { appendLanes: 1 });
  });
  afterAll(() => t.drop());

  it('sends the appends waiting for a lane in one transaction, each with its own expected-revision check', async () => {
    const [first, a, b, taken] = [stream(), stream(), stream(), stream()];
    await store.append(taken, [ev()], opts);
    const results = await Promise.allSettled([
      store.append(first, [ev()], opts),
      store.append(a, [ev(), ev()], { ...opts, expectedRevision: 'no_stream' }),
      // Behind an append to the same stream in the same call: it sees that append's revision.
      store.append(a, [ev()], { ...opts, expectedRevision: 1 }),
      store.append(taken, [ev()], { ...opts, expectedRevision: 'no_stream' }),
      store.append(b, [ev()], { ...opts, expectedRevision: 'stream_exists' }),
      store.append(b, [ev()], { ...opts, expectedRevision: 'no_stream' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ name: 'WrongExpectedVersion', streamId: taken, actual: 0 });
    expect((results[4] as PromiseRejectedResult).reason).toMatchObject({ name: 'WrongExpectedVersion', streamId: b, actual: null });
    expect((await store.readStream(a)).map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(await store.streamRevision(b)).toBe(0);
    expect(await store.streamRevision(taken)).toBe(0);
    // The first went alone; the rest shared one transaction.
    expect(await transactionsOf([first])).toBe(1);
    expect(await transactionsOf([a, b])).toBe(1);
    const positions = results.flatMap((r) => (r.status === 'fulfilled' ? r.value.events.map((e) => e.position) : []));
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('runs each append of a group the server refused on its own, so one bad append fails alone', async () => {
    const [first, good, other] = [stream(), stream(), stream()];
    const results = await Promise.allSettled([
      store.append(first, [ev()], opts),
      store.append(good, [ev()], opts),
      store.append(stream(), [ev()], { ...opts, tenantId: 'not-a-uuid' }),
      store.append(other, [ev()], { ...opts, expectedRevision: 'no_stream' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).not.toBeInstanceOf(WrongExpectedVersion);
    expect(await store.streamRevision(good)).toBe(0);
    expect(await store.streamRevision(other)).toBe(0);
    // Refused together, then written one by one.
    expect(await transactionsOf([good, other])).toBe(2);
  });

  it('stores once a batch whose copies share a group, and returns the first result to each', async () => {
    const [first, s] = [stream(), stream()];
    const batch = [{ id: randomUUID(), ...ev() }];
    const [, one, two] = await Promise.all([
      store.append(first, [ev()], opts),
      store.append(s, batch, { ...opts, expectedRevision: 'no_stream' }),
      store.append(s, batch, { ...opts, expectedRevision: 'no_stream' }),
    ]);
    expect(two.position).toBe(one.position);
    expect(await store.readStream(s)).toHaveLength(1);
  });

  it('keeps the revision order of a stream in the log order across groups', async () => {
    const s = stream();
    await Promise.all(Array.from({ length: 24 }, (_, i) => store.append(i % 3 === 0 ? s : stream(), [ev()], opts)));
    const res = await sql<{ revision: number }>`SELECT revision FROM es_events WHERE stream_id = ${s} ORDER BY transaction_id, position`.execute(t.db);
    expect(res.rows.map((r) => Number(r.revision))).toEqual(Array.from({ length: 8 }, (_, i) => i));
  });
});
