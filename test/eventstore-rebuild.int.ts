import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { AsyncProjection, connectTo, InlineProjection, PgEventStore, rebuildProjection, SubscriptionManager } from '@tabour/eventstore';
import { createTestDatabase, TestDatabase } from './support/db';
import { actor, caughtUp, waitFor } from './eventstore-support';

type TallyEvent = { type: 'Added' | 'Removed'; data: { n: number } } | { type: 'Renamed'; data: { label: string } };
interface TallyRow {
  stream_id: string;
  total: number;
  events: number;
  last_type: string;
  label: string | null;
  last_position: number;
}

/** A tally per stream: order-sensitive (last type, a running sum), so a wrong replay shows. */
const tally = (name: string, table: string): AsyncProjection<TallyEvent> => ({
  name,
  handles: ['Added', 'Removed', 'Renamed'],
  categories: ['tally'],
  tables: [table],
  async apply(trx, events) {
    for (const e of events) {
      const delta = e.type === 'Renamed' ? 0 : e.type === 'Added' ? e.data.n : -e.data.n;
      await sql`
        INSERT INTO ${sql.table(table)} (tenant_id, stream_id, total, events, last_type, label, last_position)
        VALUES (${e.tenantId}, ${e.streamId}, ${delta}, 1, ${e.type}, ${e.type === 'Renamed' ? e.data.label : null}, ${e.position})
        ON CONFLICT (stream_id) DO UPDATE SET total = ${sql.table(table)}.total + ${delta}, events = ${sql.table(table)}.events + 1,
          last_type = EXCLUDED.last_type, label = COALESCE(EXCLUDED.label, ${sql.table(table)}.label), last_position = EXCLUDED.last_position`.execute(trx);
    }
  },
});

describe('projection rebuild', () => {
  let t: TestDatabase;
  let store: PgEventStore;
  const tenantId = randomUUID();

  const rows = async (table: string) => (await sql<TallyRow>`SELECT * FROM ${sql.table(table)} ORDER BY stream_id`.execute(t.db)).rows;
  const createTable = (table: string) =>
    sql`CREATE TABLE ${sql.table(table)} (tenant_id uuid NOT NULL, stream_id text PRIMARY KEY, total int NOT NULL, events int NOT NULL,
      last_type text NOT NULL, label text, last_position bigint NOT NULL)`.execute(t.db);
  const history = async (streams: number, perStream: number) => {
    for (let i = 0; i < perStream; i++) {
      await Promise.all(
        Array.from({ length: streams }, (_, s) => {
          const type = i % 7 === 3 ? 'Renamed' : i % 3 === 2 ? 'Removed' : 'Added';
          return store.append(
            `tally-${s}`,
            [
              { type, data: { n: i + s, label: `L${i}` } },
              { type: 'Ignored', data: {} },
            ],
            { tenantId, actor },
          );
        }),
      );
      await store.append(`other-${i}`, [{ type: 'Added', data: { n: 1000 } }], { tenantId, actor });
    }
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    store = new PgEventStore(t.db);
  });
  afterAll(() => t.drop());

  it('an async projection rebuilt from position 0 has the same rows as its live run, and its checkpoint at the head', async () => {
    await createTable('tally_async');
    const projection = tally('test.tally_async', 'tally_async');
    const m = new SubscriptionManager(store, connectTo(t.url), { pollIntervalMs: 100, lockPollMs: 50 });
    m.registerAsync(projection, { batchSize: 7 });
    await m.start();
    try {
      await history(6, 30);
      await waitFor(() => caughtUp(t.db, 'test.tally_async'), 'the live run');
      const live = await rows('tally_async');
      expect(live).toHaveLength(6);
      await sql`UPDATE tally_async SET total = -1`.execute(t.db); // damage the rows: the rebuild must not keep them
      const result = await rebuildProjection(t.db, m.find('test.tally_async')!, 11);
      expect(result).toMatchObject({ name: 'test.tally_async', events: 6 * 30 });
      expect(await rows('tally_async')).toEqual(live);
      const cp = await sql<{
        transaction_id: string;
        position: number;
        status: string;
      }>`SELECT transaction_id::text AS transaction_id, position, status FROM es_checkpoints WHERE name = 'test.tally_async'`.execute(t.db);
      expect(cp.rows[0]).toEqual({ transaction_id: result.cursor.transactionId, position: result.cursor.position, status: 'running' });
      expect(await caughtUp(t.db, 'test.tally_async')).toBe(true);
      // The live subscription carries on after the rebuild without applying anything twice.
      await store.append('tally-0', [{ type: 'Added', data: { n: 5 } }], { tenantId, actor });
      const next = await store.headPosition();
      await waitFor(async () => (await rows('tally_async')).some((r) => r.last_position === next), 'the next event');
      const row0 = (await rows('tally_async')).find((r) => r.stream_id === 'tally-0')!;
      const before = live.find((r) => r.stream_id === 'tally-0')!;
      expect(row0.total).toBe(before.total + 5);
      expect(row0.events).toBe(before.events + 1);
    } finally {
      await m.stop();
    }
  });

  it('an inline projection rebuilt by replaying every event through apply has the same rows as its live run', async () => {
    // A database of its own, so the projection has seen every event from position 0.
    const own = await createTestDatabase();
    const outer = { t, store };
    try {
      t = own;
      store = new PgEventStore(own.db);
      await createTable('tally_inline');
      const { categories: _all, ...projection } = tally('test.tally_inline', 'tally_inline');
      const m = new SubscriptionManager(store, connectTo(own.url));
      m.registerInline(projection as InlineProjection);
      await history(4, 12);
      const live = await rows('tally_inline');
      // Inline projections see every category they handle: the other-* streams count too.
      expect(live).toHaveLength(4 + 12);
      await sql`DELETE FROM tally_inline WHERE stream_id = 'tally-1'`.execute(own.db);
      await sql`UPDATE tally_inline SET label = 'damaged'`.execute(own.db);
      const result = await rebuildProjection(own.db, m.find('test.tally_inline')!, 5);
      expect(result).toMatchObject({ events: 4 * 12 + 12, cursor: { position: expect.any(Number) } });
      expect(await rows('tally_inline')).toEqual(live);
    } finally {
      ({ t, store } = outer);
      await own.drop();
    }
  });

  it('refuses a projection that declares no tables', async () => {
    const m = new SubscriptionManager(store, connectTo(t.url));
    m.registerInline({ name: 'test.tableless', handles: ['Added'], apply: async () => undefined });
    await expect(rebuildProjection(t.db, m.find('test.tableless')!)).rejects.toThrow(/declares no tables/);
  });
});
