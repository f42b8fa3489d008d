import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AppendOptions, AppendResult, IdempotencyConflict, PgEventStore, WrongExpectedVersion } from '@tabour/eventstore';
import { createTestDatabase, TestDatabase } from './support/db';
import { actor } from './eventstore-support';

describe('event store append contract', () => {
  let t: TestDatabase;
  let store: PgEventStore;
  const tenantId = randomUUID();
  const opts = { tenantId, actor };
  const stream = () => `contract-${randomUUID()}`;
  const ev = (type = 'Happened', data: unknown = {}) => ({ type, data });

  beforeAll(async () => {
    t = await createTestDatabase(34);
    store = new PgEventStore(t.db);
  });
  afterAll(() => t.drop());

  describe("expectedRevision 'no_stream'", () => {
    it('creates a stream at revision 0', async () => {
      const s = stream();
      const r = await store.append(s, [ev()], { ...opts, expectedRevision: 'no_stream' });
      expect(r.nextExpectedRevision).toBe(0);
      expect(await store.streamRevision(s)).toBe(0);
    });
    it('refuses a stream that exists, reporting its revision', async () => {
      const s = stream();
      await store.append(s, [ev(), ev()], { ...opts, expectedRevision: 'no_stream' });
      const err = await store.append(s, [ev()], { ...opts, expectedRevision: 'no_stream' }).catch((e) => e);
      expect(err).toBeInstanceOf(WrongExpectedVersion);
      expect(err).toMatchObject({ streamId: s, expected: 'no_stream', actual: 1 });
    });
  });

  describe("expectedRevision 'stream_exists'", () => {
    it('appends to a stream that exists', async () => {
      const s = stream();
      await store.append(s, [ev()], opts);
      const r = await store.append(s, [ev()], { ...opts, expectedRevision: 'stream_exists' });
      expect(r.nextExpectedRevision).toBe(1);
    });
    it('refuses a stream that does not exist and writes nothing', async () => {
      const s = stream();
      const err = await store.append(s, [ev()], { ...opts, expectedRevision: 'stream_exists' }).catch((e) => e);
      expect(err).toBeInstanceOf(WrongExpectedVersion);
      expect(err).toMatchObject({ actual: null });
      expect(await store.readStream(s)).toEqual([]);
      expect(await store.streamRevision(s)).toBeNull();
    });
  });

  describe("expectedRevision 'any'", () => {
    it('appends whether or not the stream exists', async () => {
      const s = stream();
      expect((await store.append(s, [ev()], { ...opts, expectedRevision: 'any' })).nextExpectedRevision).toBe(0);
      expect((await store.append(s, [ev(), ev()], { ...opts, expectedRevision: 'any' })).nextExpectedRevision).toBe(2);
    });
    it('is the default', async () => {
      const s = stream();
      await store.append(s, [ev()], opts);
      expect((await store.append(s, [ev()], opts)).nextExpectedRevision).toBe(1);
    });
  });

  describe('expectedRevision n', () => {
    it('appends when n is the current revision', async () => {
      const s = stream();
      await store.append(s, [ev('A'), ev('B')], opts);
      const r = await store.append(s, [ev('C')], { ...opts, expectedRevision: 1 });
      expect(r.nextExpectedRevision).toBe(2);
      expect((await store.readStream(s)).map((e) => [e.revision, e.type])).toEqual([
        [0, 'A'],
        [1, 'B'],
        [2, 'C'],
      ]);
    });
    it('refuses a stale or future n, and a missing stream', async () => {
      const s = stream();
      await store.append(s, [ev(), ev()], opts);
      await expect(store.append(s, [ev()], { ...opts, expectedRevision: 0 })).rejects.toMatchObject({ name: 'WrongExpectedVersion', actual: 1 });
      await expect(store.append(s, [ev()], { ...opts, expectedRevision: 5 })).rejects.toBeInstanceOf(WrongExpectedVersion);
      await expect(store.append(stream(), [ev()], { ...opts, expectedRevision: 0 })).rejects.toMatchObject({ actual: null });
      expect(await store.streamRevision(s)).toBe(1);
    });
    it('lets exactly one of several writers at the same revision win', async () => {
      const s = stream();
      await store.append(s, [ev()], opts);
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(s, [ev()], { ...opts, expectedRevision: 0 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersion);
      expect(await store.streamRevision(s)).toBe(1);
    });
    it('lets exactly one of several first writers of a new stream win', async () => {
      const s = stream();
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(s, [ev()], { ...opts, expectedRevision: 'no_stream' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersion);
    });
  });

  describe('idempotent retries', () => {
    it('a retried batch returns the first result and writes nothing', async () => {
      const s = stream();
      const batch = [
        { id: randomUUID(), ...ev('A', { n: 1 }) },
        { id: randomUUID(), ...ev('B', { n: 2 }) },
      ];
      const first = await store.append(s, batch, { ...opts, expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      // The retry states the revision the first attempt expected, which is now stale.
      const again = await store.append(s, batch, { ...opts, expectedRevision: 'no_stream' });
      expect(again.position).toBe(first.position);
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(again.events.map((e) => [e.eventId, e.position, e.revision])).toEqual(first.events.map((e) => [e.eventId, e.position, e.revision]));
      expect(await store.headPosition()).toBe(head);
      expect(await store.readStream(s)).toHaveLength(2);
    });
    it('concurrent copies of one batch store it once and all return the same result', async () => {
      const s = stream();
      const batch = [{ id: randomUUID(), ...ev() }];
      const results = await Promise.all(Array.from({ length: 6 }, () => store.append(s, batch, { ...opts, expectedRevision: 'no_stream' })));
      expect(new Set(results.map((r) => r.position)).size).toBe(1);
      expect(await store.readStream(s)).toHaveLength(1);
    });
    it('an id reused by a different batch is a conflict, not a silent success', async () => {
      const s = stream();
      const id = randomUUID();
      await store.append(s, [{ id, ...ev() }], opts);
      await expect(store.append(s, [{ id, ...ev() }, ev()], opts)).rejects.toBeInstanceOf(IdempotencyConflict);
      await expect(store.append(stream(), [{ id, ...ev() }], opts)).rejects.toBeInstanceOf(IdempotencyConflict);
      expect(await store.readStream(s)).toHaveLength(1);
    });
  });

  it('records tenant id and actor on every event, in the column and the metadata', async () => {
    const s = stream();
    const who = { type: 'user' as const, id: randomUUID(), name: 'Ana' };
    await store.append(s, [ev('A'), ev('B')], { tenantId, actor: who, correlationId: 'corr-1', causationId: 'cause-1' });
    const rows = await sql<{
      tenant_id: string;
      category: string;
      metadata: unknown;
    }>`SELECT tenant_id, category, metadata FROM es_events WHERE stream_id = ${s} ORDER BY revision`.execute(t.db);
    expect(rows.rows).toHaveLength(2);
    for (const r of rows.rows) {
      expect(r.tenant_id).toBe(tenantId);
      expect(r.category).toBe('contract');
      expect(r.metadata).toEqual({ tenantId, actor: who, correlationId: 'corr-1', causationId: 'cause-1', schemaVersion: 1 });
    }
  });

  it('refuses an append without an actor or with a malformed stream id', async () => {
    await expect(store.append(stream(), [ev()], { tenantId } as unknown as AppendOptions)).rejects.toThrow(/actor/);
    await expect(store.append('nocategory', [ev()], opts)).rejects.toThrow(/category/);
  });

  it('gives every event of concurrent appends its own position and keeps each stream in revision order', async () => {
    const before = await store.headPosition();
    const results: AppendResult[] = await Promise.all(
      Array.from({ length: 32 }, (_, i) => store.append(i % 4 === 0 ? 'contract-shared' : stream(), [ev(), ev()], opts)),
    );
    const positions = results.flatMap((r) => r.events.map((e) => e.position)).sort((a, b) => a - b);
    expect(new Set(positions).size).toBe(64);
    expect(positions[0]).toBeGreaterThan(before);
    const stored = await store.readAll({ fromPosition: before, limit: 1000 });
    expect(stored.map((e) => e.position)).toEqual(positions);
    expect(await store.headPosition()).toBe(positions[63]);
    // The shared stream's revisions are gapless and follow its positions.
    const shared = await store.readStream('contract-shared');
    expect(shared.map((e) => e.revision)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const byPosition = [...shared].sort((a, b) => a.position - b.position);
    expect(byPosition.map((e) => e.revision)).toEqual(shared.map((e) => e.revision));
  });

  it('gives inline projections the events with their positions and revisions, in the append transaction', async () => {
    const seen: { position: number; revision: number }[] = [];
    store.registerInlineProjection({
      name: 'contract.inline',
      handles: ['InlineSeen', 'InlineRefused'],
      async apply(_trx, events) {
        if (events.some((e) => e.type === 'InlineRefused')) throw new Error('refused by the projection');
        seen.push(...events.map((e) => ({ position: e.position, revision: e.revision })));
      },
    });
    const s = stream();
    const r = await store.append(s, [ev('InlineSeen'), ev('Other'), ev('InlineSeen')], opts);
    expect(seen).toEqual([r.events[0], r.events[2]].map((e) => ({ position: e.position, revision: e.revision })));
    expect(seen.every((e) => e.position > 0)).toBe(true);
    // A failing inline projection rolls the append back.
    await expect(store.append(s, [ev('InlineRefused')], opts)).rejects.toThrow('refused by the projection');
    expect(await store.streamRevision(s)).toBe(2);
  });

  it('tells onAppended listeners after commit, and not of a refused append', async () => {
    const heard: number[] = [];
    const off = store.onAppended((r) => {
      heard.push(r.position);
      throw new Error('a failing listener does not fail the append');
    });
    const s = stream();
    const r = await store.append(s, [ev()], { ...opts, expectedRevision: 'no_stream' });
    await expect(store.append(s, [ev()], { ...opts, expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersion);
    off();
    await store.append(s, [ev()], opts);
    expect(heard).toEqual([r.position]);
  });
});
