import { sql } from 'kysely';
import type { AsyncProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { PUBLIC_SOURCE_TYPES, toPublicEvents } from './public-events';
import type { IntegrationFeedTable } from './tables';
import './tables';

/** Wakes the feed's long polls and streams once rendered events commit (payload: the businesses, or `*`). */
export const FEED_CHANNEL = 'integrations_feed';
/** A notice's payload stays well below PostgreSQL's 8,000 bytes: past this many businesses it says "all". */
const NOTICE_TENANTS_MAX = 100;
/** Rows per INSERT: 9 parameters each, far below the protocol's 65,535. */
const INSERT_ROWS = 2000;
/**
 * The longest JSON kept in the primary key's leaves, in bytes: a B-tree entry holds about
 * 2,700 with its key, and a longer one would refuse the insert and stop the projection.
 */
export const FEED_INDEXED_JSON_MAX = 2000;

type Db = ProjectionDb<Database>;

/**
 * A stored event's public events as the feed serves them to a key without pii:read: the same
 * mapping as everywhere (`toPublicEvents`), rendered once here instead of on every read, so a
 * page is a range of ready JSON. Personal fields are left out by the mapping itself.
 */
export function feedRows(event: RecordedEvent, transactionId: string): IntegrationFeedTable[] {
  if (!event.tenantId) return [];
  return toPublicEvents(event, { personal: false, transactionId }).map((e, idx) => {
    const json = JSON.stringify(e);
    const indexed = Buffer.byteLength(json) <= FEED_INDEXED_JSON_MAX;
    return {
      tenant_id: event.tenantId!,
      transaction_id: transactionId,
      position: String(event.position),
      idx,
      type: e.type,
      record_type: e.record.type,
      record_id: e.record.id,
      json: indexed ? json : null,
      json_long: indexed ? null : json,
    };
  });
}

/**
 * The feed's read model (migrations/20261128170000_integrations_feed.ts). A subscription reads
 * the log in (transaction_id, position) order below the horizon and moves its checkpoint with
 * the rows, so the table always holds a prefix of the log: a reader bounded by the checkpoint
 * can never pass an event that is written later.
 */
export const feedProjection: AsyncProjection<{ type: string; data: unknown }, Database> = {
  name: 'integrations.feed',
  handles: PUBLIC_SOURCE_TYPES,
  tables: ['integration_feed'],
  batchSize: 1000,
  rebuildBatchSize: 5000,
  async apply(db: Db, events) {
    if (!events.length) return;
    const rows = events.flatMap((e) => {
      // Set on every event read from the log (the subscription's batches, a rebuild).
      if (!e.transactionId) throw new Error(`integrations.feed: event at position ${e.position} came without its transaction id`);
      return feedRows(e as RecordedEvent, e.transactionId);
    });
    for (let i = 0; i < rows.length; i += INSERT_ROWS)
      await db
        .insertInto('integration_feed')
        .values(rows.slice(i, i + INSERT_ROWS))
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (!rows.length) return;
    const tenants = [...new Set(rows.map((r) => r.tenant_id))];
    // Delivered at commit, to every instance's waiting readers (this one's included).
    await sql`SELECT pg_notify(${FEED_CHANNEL}, ${tenants.length > NOTICE_TENANTS_MAX ? '*' : tenants.join(',')})`.execute(db);
  },
};
