import { sql, type Kysely } from 'kysely';
import type { FeedPage, PublicEvent, PublicEventType, PublicRecordType } from '@tabour/contracts';
import { readHorizon, toRecorded, type AnySchema, type EventRow, type RecordedEvent } from '@tabour/eventstore';
import { encodeCursor, type FeedCursor } from './cursor';
import { sourcesOf, toPublicEvents } from './public-events';

/** Of an event's metadata the mapping reads only the schema version (for the upcasters): a page parses just that. */
const METADATA = sql`jsonb_build_object('schemaVersion', metadata -> 'schemaVersion') AS metadata`;

export const FEED_LIMIT_MAX = 1000;
export const FEED_LIMIT_DEFAULT = 100;
/**
 * Index entries one read looks through for events of the asked types: a filter that matches
 * rarely answers an empty page with a cursor further on, instead of reading the whole history
 * in one request.
 */
export const FEED_SCAN = 10_000;

export interface FeedQuery {
  after: FeedCursor;
  limit: number;
  /** Public types wanted; all when empty. */
  types?: readonly PublicEventType[];
  /** One record only: its type (optional) and id. */
  record?: { type?: PublicRecordType; id: string };
  /** Whether personal fields are included (pii:read); `open` must then open sealed events. */
  personal: boolean;
}

/** Opens the personal part of stored events (the contexts' keys); called only for readers with pii:read. */
export type OpenEvents = (events: RecordedEvent[]) => Promise<RecordedEvent[]>;

type Row = EventRow & { tx: string };

/**
 * One page of a business's public feed. The business's events are read in (transaction_id,
 * position) order below the horizon (the oldest running transaction), exactly as the store's
 * subscriptions read the log, so a cursor never passes an event that commits later
 * (docs/eventstore.md); the index es_events_tenant_feed serves it.
 */
export async function readFeedPage(db: Kysely<AnySchema>, tenantId: string, q: FeedQuery, open?: OpenEvents): Promise<FeedPage> {
  const horizon = await readHorizon(db);
  const from = q.after;
  const filtered = !!q.types?.length || !!q.record;
  const types = [...sourcesOf(q.types)];
  // A cursor inside a stored event (a page ended among its public events) reads that event again.
  // The business's part of the log is one range of es_events_tenant_feed, bounded on both sides
  // by a whole key: from the cursor to the horizon, both in the business. No other business's
  // row lies between two keys of this one. Both bounds must be row comparisons: with
  // `tenant_id = …` beside them, the index scan starts at the business's first event and walks
  // up to the cursor (a page deep in a long history read a hundred thousand entries first); with
  // (transaction_id, position) alone, the planner may walk the whole log's index instead.
  const key = sql`(tenant_id, transaction_id, position)`;
  const cursor = sql`(${tenantId}::uuid, ${from.transactionId}::xid8, ${from.position}::bigint)`;
  const after = from.index === undefined ? sql`${key} > ${cursor}` : sql`${key} >= ${cursor}`;
  const mine = sql`${after} AND ${key} < (${tenantId}::uuid, ${horizon}::xid8, 0::bigint)`;
  // A filter that matches rarely looks through FEED_SCAN events at most, from the index alone,
  // and answers a page (maybe empty) with a cursor that far on.
  let bound: { tx: string; position: string } | undefined;
  if (filtered)
    bound = (
      await sql<{ tx: string; position: string }>`
        SELECT transaction_id::text AS tx, position FROM es_events WHERE ${mine}
        ORDER BY tenant_id, transaction_id, position OFFSET ${FEED_SCAN - 1} LIMIT 1`.execute(db)
    ).rows[0];
  const within = bound ? sql` AND (tenant_id, transaction_id, position) <= (${tenantId}::uuid, ${bound.tx}::xid8, ${bound.position}::bigint)` : sql``;
  // Ordered by the index es_events_tenant_feed, stopping at the page's end: each row gives one public event at most but one.
  const res = await sql<Row>`
    SELECT transaction_id::text AS tx, position, stream_id, revision, category, tenant_id, event_id, event_type, data, ${METADATA}, recorded_at
    FROM es_events WHERE ${mine}${within} AND event_type = ANY(${types}::text[])
    ORDER BY tenant_id, transaction_id, position LIMIT ${q.limit + 1}`.execute(db);
  const rows = res.rows;
  // The range holds this business's rows only; checked all the same, as another business's
  // event must never leave through a key.
  if (rows.some((r) => r.tenant_id !== tenantId)) throw new Error('feed: a row of another business in the range read');
  let stored = rows.map(toRecorded);
  if (q.personal && open && stored.length) stored = await open(stored);

  const wanted = q.types?.length ? new Set<string>(q.types) : null;
  const data: PublicEvent[] = [];
  let next: FeedCursor | null = null;
  let full = false;
  for (let i = 0; i < stored.length && !full; i++) {
    const tx = rows[i].tx;
    const position = Number(rows[i].position);
    const events = toPublicEvents(stored[i], { personal: q.personal, transactionId: tx });
    const skipThrough = from.index !== undefined && tx === from.transactionId && position === from.position ? from.index : -1;
    for (let index = 0; index < events.length; index++) {
      if (index <= skipThrough) continue;
      const e = events[index];
      if (wanted && !wanted.has(e.type)) continue;
      if (q.record && (e.record.id !== q.record.id || (q.record.type && e.record.type !== q.record.type))) continue;
      if (data.length === q.limit) {
        full = true;
        break;
      }
      data.push(e);
      next = { transactionId: tx, position, index };
    }
    // The stored event is behind the reader once all its public events are.
    if (!full) next = { transactionId: tx, position };
  }
  if (full) return { data, next_cursor: encodeCursor(next!), has_more: true };
  // The SQL limit cut the page: the last row read stands for the rest, read again next time.
  if (rows.length > q.limit) return { data, next_cursor: encodeCursor(next ?? from), has_more: true };
  // Every match up to the bound is in the page: the reader moves to the bound, more may follow it.
  if (bound) return { data, next_cursor: encodeCursor({ transactionId: bound.tx, position: Number(bound.position) }), has_more: true };
  // Everything readable is in the page: the reader moves past the events no public one comes from too.
  const last = (
    await sql<{ tx: string; position: string }>`
      SELECT transaction_id::text AS tx, position FROM es_events WHERE ${mine}
      ORDER BY tenant_id DESC, transaction_id DESC, position DESC LIMIT 1`.execute(db)
  ).rows[0];
  return { data, next_cursor: encodeCursor(last ? { transactionId: last.tx, position: Number(last.position) } : (next ?? from)), has_more: false };
}
