import { sql } from 'kysely';
import { rebuildProjection } from '@tabour/eventstore';
import { feedProjection, feedProjectionOf } from '@tabour/integrations';
import { migrateToLatest } from '@tabour/platform';
import { down as chunksDown } from '../migrations/20261129090000_integration_feed_chunks';
import { caughtUp } from './eventstore-support';
import { createTestApp, TestApp } from './support/app';
import { newBusiness } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

const CHUNK_MIGRATION = '20261129090000_integration_feed_chunks';

/**
 * An installation upgraded with a feed already rendered in the old shape (JSON in the primary
 * key, no chunks): the migration runs over the data, and the feed is rendered again, chunks
 * included, into the same rows.
 */
describe('integrations: the feed chunks’ migration on a database that holds a feed', () => {
  let t: TestApp;
  afterAll(async () => {
    // The app is stopped in the test, before the migration runs.
    await t?.database.drop();
  });

  it('empties the old rendering and its checkpoint, and the projection renders the same rows again with their chunks', async () => {
    t = await createTestApp();
    const owner = await newBusiness(t, 'Upgrade Clinic');
    const queue = await newQueue(t, owner, { name: 'Before the upgrade' });
    for (let i = 0; i < 12; i++) await pushTicket(t, owner, queue.id, { customer_name: `Walk-in ${i}` });
    // The test database's own pool: it outlives the app, which is stopped and started again.
    const db = t.database.db;
    await until(() => caughtUp(db, feedProjection.name), 'the feed’s projection', 60_000);
    const rows = async () =>
      (
        await sql<{
          r: string;
        }>`SELECT concat_ws('|', tenant_id, transaction_id, position, idx, type, record_id, json) AS r FROM integration_feed ORDER BY 1`.execute(db)
      ).rows.map((x) => x.r);
    const before = await rows();
    expect(before.length).toBeGreaterThan(12);
    await t.app.close();

    // Back to the shape before the chunks, with that shape's rows and checkpoint in place: the
    // migrations after it are stepped back first, newest first, as a downgrade would.
    const admin = db;
    const later = (await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name > ${CHUNK_MIGRATION} ORDER BY name DESC`.execute(admin)).rows.map(
      (r) => r.name,
    );
    for (const name of later) await ((await import(`../migrations/${name}`)) as { down: (db: typeof admin) => Promise<void> }).down(admin);
    await chunksDown(admin);
    await sql`DELETE FROM kysely_migration WHERE name >= ${CHUNK_MIGRATION}`.execute(admin);
    const old = await sql<{ n: number }>`SELECT count(*)::int AS n FROM integration_feed`.execute(admin);
    expect(old.rows[0].n).toBe(0);
    await sql`INSERT INTO integration_feed (tenant_id, transaction_id, position, idx, type, record_type, record_id, json)
      SELECT e.tenant_id, e.transaction_id, e.position, 0, 'queue.created', 'queue', ${queue.id}, '{"old":true}'
      FROM es_events e WHERE e.tenant_id = ${owner.businessId}::uuid ORDER BY e.position LIMIT 3`.execute(admin);
    await sql`INSERT INTO es_checkpoints (name, transaction_id, position)
      SELECT ${feedProjection.name}, transaction_id, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1`.execute(admin);

    expect(await migrateToLatest(admin)).toEqual([CHUNK_MIGRATION, ...later.reverse()]);
    const after = await sql<{ rows: number; checkpoints: number }>`
      SELECT (SELECT count(*)::int FROM integration_feed) AS rows, (SELECT count(*)::int FROM es_checkpoints WHERE name = ${feedProjection.name}) AS checkpoints`.execute(
      admin,
    );
    expect(after.rows[0]).toEqual({ rows: 0, checkpoints: 0 });

    // What the feed's subscription does once started without a checkpoint: render from position 0.
    await rebuildProjection(db, { kind: 'async', projection: feedProjectionOf(5) });
    expect(await rows()).toEqual(before);
    const chunked = await sql<{
      n: number;
    }>`SELECT COALESCE(sum(events), 0)::int AS n FROM integration_feed_chunks WHERE tenant_id = ${owner.businessId}::uuid`.execute(db);
    const own = before.filter((r) => r.startsWith(owner.businessId)).length;
    expect(chunked.rows[0].n).toBe(Math.floor(own / 5) * 5);
  }, 120_000);
});
