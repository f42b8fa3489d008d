import { sql } from 'kysely';
import type { AsyncProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { PUBLIC_SOURCE_TYPES, toPublicEvents } from '../public-events';
import { chunkBody } from '../feed-chunks';
import type { IntegrationFeedTable } from '../tables';
import '../tables';

/** Wakes the feed's long polls and streams once rendered events commit (payload: the businesses, or `*`). */
export const FEED_CHANNEL = 'integrations_feed';
/** A notice's payload stays well below PostgreSQL's 8,000 bytes: past this many businesses it says "all". */
const NOTICE_TENANTS_MAX = 100;
/** Rows per INSERT: 8 parameters each, far below the protocol's 65,535. */
const INSERT_ROWS = 2000;
/**
 * Events per chunk: a page of 1,000 reads two or three chunks (some hundreds of kilobytes of
 * JSON, a fifth of it once compressed), and a business's newest events wait in the rows until
 * this many have come.
 */
export const FEED_CHUNK_EVENTS = 500;

type Db = ProjectionDb<Database>;

/**
 * A stored event's public events as the feed serves them to a key without pii:read: the same
 * mapping as everywhere (`toPublicEvents`), rendered once here instead of on every read, so a
 * page is a range of ready JSON. Personal fields are left out by the mapping itself.
 */
export function feedRows(event: RecordedEvent, transactionId: string): IntegrationFeedTable[] {
  if (!event.tenantId) return [];
  return toPublicEvents(event, { personal: false, transactionId }).map((e, idx) => ({
    tenant_id: event.tenantId!,
    transaction_id: transactionId,
    position: String(event.position),
    idx,
    type: e.type,
    record_type: e.record.type,
    record_id: e.record.id,
    json: JSON.stringify(e),
  }));
}

/**
 * Folds each business's rendered rows into chunks of `size` events, oldest first, once that
 * many wait past its last chunk. Chunks hold exactly `size` events and follow the rows' order,
 * so they come out the same whatever the batches were (a rebuild equals the live run).
 */
async function foldChunks(db: Db, added: Map<string, number>, size: number): Promise<void> {
  const heads = await sql<{ tenant_id: string; pending: number; last_tx: string | null; last_position: string | null; last_idx: number | null }>`
    INSERT INTO integration_feed_heads AS h (tenant_id, pending)
    SELECT * FROM unnest(${[...added.keys()]}::uuid[], ${[...added.values()]}::int[])
    ON CONFLICT (tenant_id) DO UPDATE SET pending = h.pending + excluded.pending
    RETURNING tenant_id, pending, last_tx::text, last_position::text, last_idx`.execute(db);
  for (const head of heads.rows) {
    if (head.pending < size) continue;
    const take = Math.floor(head.pending / size) * size;
    const after = sql`(${head.tenant_id}::uuid, ${head.last_tx ?? '0'}::xid8, ${head.last_position ?? '-1'}::bigint, ${head.last_idx ?? -1}::smallint)`;
    // ORDER BY names the table's columns: a bare `position` would name the text column of the
    // output and sort 115 before 83.
    const rows = (
      await sql<{ tx: string; position: string; idx: number; type: string; json: string }>`
        SELECT transaction_id::text AS tx, position::text AS position, idx, type, json FROM integration_feed f
        WHERE tenant_id = ${head.tenant_id}::uuid AND (tenant_id, transaction_id, position, idx) > ${after}
        ORDER BY f.tenant_id, f.transaction_id, f.position, f.idx LIMIT ${take}`.execute(db)
    ).rows;
    if (rows.length !== take)
      throw new Error(`integrations.feed: business ${head.tenant_id} counts ${head.pending} rows past its last chunk, found ${rows.length}`);
    const chunks = [];
    for (let from = 0; from < take; from += size) {
      const events = rows.slice(from, from + size);
      const last = events[events.length - 1];
      chunks.push({ tenant_id: head.tenant_id, last_tx: last.tx, last_position: last.position, last_idx: last.idx, events: size, body: chunkBody(events) });
    }
    await db.insertInto('integration_feed_chunks').values(chunks).execute();
    const last = chunks[chunks.length - 1];
    await db
      .updateTable('integration_feed_heads')
      .set({ pending: head.pending - take, last_tx: last.last_tx, last_position: last.last_position, last_idx: last.last_idx })
      .where('tenant_id', '=', head.tenant_id)
      .execute();
  }
}

/**
 * The feed's read model (migrations/20261128170000_integrations_feed.ts,
 * 20261129090000_integration_feed_chunks.ts). A subscription reads the log in
 * (transaction_id, position) order below the horizon and moves its checkpoint with the rows, so
 * the tables always hold a prefix of the log: a reader bounded by the checkpoint can never pass
 * an event that is written later. `chunkEvents` is fixed for an installation (FEED_CHUNK_EVENTS);
 * a chunk records its own count, so a reader needs no setting.
 */
export function feedProjectionOf(chunkEvents: number = FEED_CHUNK_EVENTS): AsyncProjection<{ type: string; data: unknown }, Database> {
  if (!Number.isInteger(chunkEvents) || chunkEvents < 1) throw new Error(`a feed chunk holds a whole number of events, at least one: ${chunkEvents}`);
  return {
    name: 'integrations.feed',
    handles: PUBLIC_SOURCE_TYPES,
    tables: ['integration_feed', 'integration_feed_chunks', 'integration_feed_heads'],
    batchSize: 1000,
    rebuildBatchSize: 5000,
    async apply(db: Db, events) {
      if (!events.length) return;
      const rows = events.flatMap((e) => {
        // Set on every event read from the log (the subscription's batches, a rebuild).
        if (!e.transactionId) throw new Error(`integrations.feed: event at position ${e.position} came without its transaction id`);
        return feedRows(e as RecordedEvent, e.transactionId);
      });
      const added = new Map<string, number>();
      for (let i = 0; i < rows.length; i += INSERT_ROWS) {
        const inserted = await db
          .insertInto('integration_feed')
          .values(rows.slice(i, i + INSERT_ROWS))
          .onConflict((oc) => oc.doNothing())
          .returning('tenant_id')
          .execute();
        for (const r of inserted) added.set(r.tenant_id, (added.get(r.tenant_id) ?? 0) + 1);
      }
      if (!added.size) return;
      await foldChunks(db, added, chunkEvents);
      const tenants = [...added.keys()];
      // Delivered at commit, to every instance's waiting readers (this one's included).
      await sql`SELECT pg_notify(${FEED_CHANNEL}, ${tenants.length > NOTICE_TENANTS_MAX ? '*' : tenants.join(',')})`.execute(db);
    },
  };
}

/** The feed's projection with the default chunk size: its name and tables, wherever they are named. */
export const feedProjection = feedProjectionOf();
