import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, TestDatabase } from '../../../test/support/db';
import { actor, caughtUp, sleep, waitFor } from '../../../test/eventstore-support';
import { connectTo } from './connection';
import { PgEventStore } from './pg-event-store';
import { checkpointLock, SubscriptionOptions } from './subscription';
import { SubscriptionManager } from './subscription-manager';

const fast: SubscriptionOptions = { pollIntervalMs: 50, lockPollMs: 50, retryBaseMs: 10, retryMaxMs: 50, gatherMs: 0 };

/** How a subscription's checkpoint is written: lazily past unwanted events, without a WAL flush when the handler wrote nothing. */
describe('subscription checkpoints', () => {
  let t: TestDatabase;
  let store: PgEventStore;
  const managers: SubscriptionManager[] = [];
  const opts = { tenantId: randomUUID(), actor };
  const manager = (options: SubscriptionOptions = {}) => {
    const m = new SubscriptionManager(store, connectTo(t.url), { ...fast, ...options });
    managers.push(m);
    return m;
  };
  /** Each write of the checkpoint row, with the commit mode in force when it was made. */
  const writes = async (name: string) =>
    (await sql<{ mode: string }>`SELECT mode FROM cp_writes WHERE name = ${name} ORDER BY id`.execute(t.db)).rows.map((r) => r.mode);

  beforeAll(async () => {
    t = await createTestDatabase(8);
    store = new PgEventStore(t.db);
    await sql`CREATE TABLE cp_writes (id bigserial PRIMARY KEY, name text NOT NULL, mode text NOT NULL)`.execute(t.db);
    await sql`CREATE FUNCTION cp_written() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO cp_writes (name, mode) VALUES (NEW.name, current_setting('synchronous_commit')); RETURN NEW; END $$`.execute(t.db);
    await sql`CREATE TRIGGER cp_written AFTER UPDATE ON es_checkpoints FOR EACH ROW EXECUTE FUNCTION cp_written()`.execute(t.db);
  });
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((m) => m.stop()));
  });
  afterAll(() => t.drop());

  it('moves past unwanted events without writing its checkpoint per batch, writes it once quiet, and reads them again after a crash without handling any', async () => {
    const got: unknown[] = [];
    const m = manager({ lazyMs: 60_000 });
    m.subscribe('lazy', { categories: ['want'] }, async (events) => void got.push(...events.map((e) => e.data)));
    await m.start();
    await store.append(`want-${randomUUID()}`, [{ type: 'Wanted', data: 1 }], opts);
    await waitFor(() => caughtUp(t.db, 'lazy'), 'the wanted event');
    const before = (await writes('lazy')).length;
    // A stream of unwanted events, closer together than the poll: each poll's batch moves past them.
    for (let i = 0; i < 20; i++) {
      await store.append(`other-${randomUUID()}`, [{ type: 'Unwanted', data: i }], opts);
      await sleep(15);
    }
    const during = (await writes('lazy')).length - before;
    await waitFor(() => caughtUp(t.db, 'lazy'), 'the checkpoint to be written once quiet');
    const after = (await writes('lazy')).length - before;
    expect(during).toBeLessThanOrEqual(1);
    expect(after).toBeLessThanOrEqual(2);
    expect(m.get('lazy')!.state).toBe('running');

    // Unwanted events again, then the connection dies before the move is written: the next
    // holder reads them again from the row and hands none of them to the handler.
    for (let i = 0; i < 5; i++) await store.append(`other-${randomUUID()}`, [{ type: 'Unwanted', data: i }], opts);
    await waitFor(async () => (m.get('lazy')!.position ?? 0) >= (await store.headPosition()), 'the move in memory');
    await sql`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted
      AND objid = (hashtextextended('es_subscription:lazy', 0) & 4294967295)::oid`.execute(t.db);
    await store.append(`want-${randomUUID()}`, [{ type: 'Wanted', data: 2 }], opts);
    await waitFor(() => caughtUp(t.db, 'lazy'), 'the takeover');
    expect(got).toEqual([1, 2]);
  });

  it('writes the checkpoint it kept in memory when it stops', async () => {
    const m = manager({ lazyMs: 60_000, pollIntervalMs: 60_000 });
    m.subscribe('stops', { categories: ['want'] }, async () => undefined);
    await m.start();
    await waitFor(() => m.get('stops')!.state === 'running', 'the lock');
    await store.append(`want-${randomUUID()}`, [{ type: 'Wanted', data: 1 }], opts);
    await waitFor(() => caughtUp(t.db, 'stops'), 'the wanted event');
    await store.append(`other-${randomUUID()}`, [{ type: 'Unwanted', data: 1 }], opts);
    // Only the poll reads past an unwanted event: a notice from another process wakes it here.
    await sql`SELECT pg_notify('es_appended', '0')`.execute(t.db);
    await waitFor(async () => (m.get('stops')!.position ?? 0) >= (await store.headPosition()), 'the move in memory');
    expect(await caughtUp(t.db, 'stops')).toBe(false);
    await m.stop();
    expect(await caughtUp(t.db, 'stops')).toBe(true);
  });

  it('commits a handler that wrote with its checkpoint at once, and one that wrote nothing without waiting for the WAL flush', async () => {
    await sql`CREATE TABLE modes_seen (position bigint PRIMARY KEY)`.execute(t.db);
    const m = manager();
    m.subscribe('modes', { categories: ['mode'] }, async (events, trx) => {
      for (const e of events) if (e.type === 'Written') await sql`INSERT INTO modes_seen VALUES (${e.position})`.execute(trx);
    });
    await m.start();
    await waitFor(() => caughtUp(t.db, 'modes'), 'the start');
    const start = (await writes('modes')).length;
    await store.append(`mode-${randomUUID()}`, [{ type: 'Written', data: {} }], opts);
    await waitFor(() => caughtUp(t.db, 'modes'), 'the written event');
    await store.append(`mode-${randomUUID()}`, [{ type: 'Read', data: {} }], opts);
    await waitFor(() => caughtUp(t.db, 'modes'), 'the read event');
    expect((await writes('modes')).slice(start)).toEqual(['on', 'off']);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM modes_seen`.execute(t.db)).rows[0].n).toBe(1);
  });

  it('goes on from the row, not from its move in memory, once someone else (a rebuild) moved it', async () => {
    const got: unknown[] = [];
    const m = manager({ lazyMs: 60_000, pollIntervalMs: 60_000 });
    m.subscribe('moved', { categories: ['want'] }, async (events) => void got.push(...events.map((e) => e.data)));
    await m.start();
    await store.append(`want-${randomUUID()}`, [{ type: 'Wanted', data: 'first' }], opts);
    await waitFor(() => caughtUp(t.db, 'moved'), 'the wanted event');
    await store.append(`other-${randomUUID()}`, [{ type: 'Unwanted', data: 1 }], opts);
    await sql`SELECT pg_notify('es_appended', '0')`.execute(t.db);
    await waitFor(async () => (m.get('moved')!.position ?? 0) >= (await store.headPosition()), 'the move in memory');
    // As a rebuild does, under the checkpoint's lock: back to the start of the log.
    await t.db.transaction().execute(async (trx) => {
      await checkpointLock('moved').execute(trx);
      await sql`UPDATE es_checkpoints SET transaction_id = '0'::xid8, position = 0 WHERE name = 'moved'`.execute(trx);
    });
    await store.append(`want-${randomUUID()}`, [{ type: 'Wanted', data: 'second' }], opts);
    await waitFor(() => caughtUp(t.db, 'moved'), 'the replay');
    // Every wanted event of the log from its start, this one's 'first' among them, once more.
    expect(got.filter((d) => d === 'first')).toHaveLength(2);
    expect(got[got.length - 1]).toBe('second');
  });
});
