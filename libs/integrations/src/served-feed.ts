import { sql, type Kysely } from 'kysely';
import type { FeedPage } from '@tabour/contracts';
import type { AnySchema } from '@tabour/eventstore';
import { encodeCursor, type FeedCursor } from './cursor';
import { FEED_SCAN, type FeedQuery } from './feed';
import { feedProjection } from './feed-projection';

/** One public event of a page, ready to send: its JSON, with what a stream needs beside it. */
export interface ServedEvent {
  cursor: string;
  type: string;
  json: string;
}

/** A page of the feed as it goes out: the events as JSON text, never parsed and written again. */
export interface ServedPage {
  events: ServedEvent[];
  next_cursor: string;
  has_more: boolean;
}

/** The highest index a stored event's public events take: a cursor without one has passed them all. */
const LAST_INDEX = 32767;

/** The page's JSON, as `FeedPage` describes it, from the events' own JSON. */
export function servedPageJson(page: ServedPage): string {
  return `{"data":[${page.events.map((e) => e.json).join(',')}],"next_cursor":${JSON.stringify(page.next_cursor)},"has_more":${page.has_more}}`;
}

/** A page read from the store (a key with pii:read) in the same shape. */
export function servedFrom(page: FeedPage): ServedPage {
  return {
    events: page.data.map((e) => ({ cursor: e.cursor, type: e.type, json: JSON.stringify(e) })),
    next_cursor: page.next_cursor,
    has_more: page.has_more,
  };
}

type Key = { tx: string; position: string; idx: number };
const keyOf = (k: { position: string; idx: number }) => `${k.position}.${k.idx}`;

/** The JSON of the page's events too long for the index, from the heap by key (rare: a few kilobytes of JSON). */
async function longJson(db: Kysely<AnySchema>, tenantId: string, page: (Key & { json: string | null })[]): Promise<Map<string, string>> {
  const long = page.filter((r) => r.json === null);
  if (!long.length) return new Map();
  const found = await sql<{ position: string; idx: number; json_long: string }>`
    SELECT f.position, f.idx, f.json_long FROM integration_feed f
    JOIN unnest(${long.map((r) => r.tx)}::xid8[], ${long.map((r) => r.position)}::bigint[], ${long.map((r) => r.idx)}::smallint[]) AS k(tx, position, idx)
      ON f.tenant_id = ${tenantId}::uuid AND f.transaction_id = k.tx AND f.position = k.position AND f.idx = k.idx`.execute(db);
  return new Map(found.rows.map((r) => [keyOf(r), r.json_long]));
}
const cursorOf = (k: Key, within: boolean): FeedCursor =>
  within ? { transactionId: k.tx, position: Number(k.position), index: k.idx } : { transactionId: k.tx, position: Number(k.position) };

/**
 * One page of a business's feed for a key without pii:read, from `integration_feed`
 * (docs/integrations.md, "How a page is read"). Every read is bounded by the projection's
 * checkpoint, read first: the rows up to it committed with it and none can be added below it,
 * so two statements of one read see the same rows and a cursor never passes an event written
 * later. The same cursors as the store's read, so a key may change scopes between pages.
 */
export async function readServedPage(db: Kysely<AnySchema>, tenantId: string, q: FeedQuery): Promise<ServedPage> {
  const from = q.after;
  const checkpoint = (
    await sql<{ tx: string; position: string }>`
      SELECT transaction_id::text AS tx, position FROM es_checkpoints WHERE name = ${feedProjection.name}`.execute(db)
  ).rows[0];
  if (!checkpoint) return { events: [], next_cursor: encodeCursor(from), has_more: false };
  const fromIdx = Math.min(from.index ?? LAST_INDEX, LAST_INDEX);
  // Whole keys on both sides of the business's range: the scan starts at the cursor, not at the
  // business's first row (see feed.ts), and ends at the checkpoint.
  const key = sql`(tenant_id, transaction_id, position, idx)`;
  const lower = sql`${key} > (${tenantId}::uuid, ${from.transactionId}::xid8, ${from.position}::bigint, ${fromIdx}::smallint)`;
  const upper = sql`${key} <= (${tenantId}::uuid, ${checkpoint.tx}::xid8, ${checkpoint.position}::bigint, ${LAST_INDEX}::smallint)`;
  const range = sql`${lower} AND ${upper}`;

  let where = range;
  let bound: Key | undefined;
  if (q.record) {
    // One record's rows, from their own index; few enough that no scan bound is needed.
    const rkey = sql`(tenant_id, record_id, transaction_id, position, idx)`;
    where = sql`${rkey} > (${tenantId}::uuid, ${q.record.id}, ${from.transactionId}::xid8, ${from.position}::bigint, ${fromIdx}::smallint)
      AND ${rkey} <= (${tenantId}::uuid, ${q.record.id}, ${checkpoint.tx}::xid8, ${checkpoint.position}::bigint, ${LAST_INDEX}::smallint)`;
    if (q.record.type) where = sql`${where} AND record_type = ${q.record.type}`;
  } else if (q.types?.length) {
    // A type that comes rarely looks through FEED_SCAN rows at most and answers with a cursor that far on.
    bound = (
      await sql<Key>`
        SELECT transaction_id::text AS tx, position, idx FROM integration_feed WHERE ${range}
        ORDER BY tenant_id, transaction_id, position, idx OFFSET ${FEED_SCAN - 1} LIMIT 1`.execute(db)
    ).rows[0];
    if (bound) where = sql`${where} AND ${key} <= (${tenantId}::uuid, ${bound.tx}::xid8, ${bound.position}::bigint, ${bound.idx}::smallint)`;
  }
  if (q.types?.length) where = sql`${where} AND type = ANY(${q.types}::text[])`;

  // Only columns of the primary key's leaves: read from the index alone where the pages are marked all-visible.
  const rows = (
    await sql<Key & { type: string; json: string | null }>`
      SELECT transaction_id::text AS tx, position, idx, type, json FROM integration_feed WHERE ${where}
      ORDER BY tenant_id, transaction_id, position, idx LIMIT ${q.limit + 1}`.execute(db)
  ).rows;
  const full = rows.length > q.limit;
  const page = full ? rows.slice(0, q.limit) : rows;
  const long = await longJson(db, tenantId, page);
  const events = page.map((r) => ({ cursor: encodeCursor(cursorOf(r, true)), type: r.type, json: r.json ?? long.get(keyOf(r))! }));
  if (full) return { events, next_cursor: encodeCursor(cursorOf(page[page.length - 1], true)), has_more: true };
  if (bound) return { events, next_cursor: encodeCursor(cursorOf(bound, true)), has_more: true };
  // Everything up to the checkpoint is in the page: the reader moves to the business's last row,
  // past the rows a filter left out. Unfiltered, that row is the page's own last.
  const last =
    !q.types?.length && !q.record && page.length
      ? page[page.length - 1]
      : (
          await sql<Key>`
          SELECT transaction_id::text AS tx, position, idx FROM integration_feed WHERE ${range}
          ORDER BY tenant_id DESC, transaction_id DESC, position DESC, idx DESC LIMIT 1`.execute(db)
        ).rows[0];
  return { events, next_cursor: encodeCursor(last ? cursorOf(last, false) : from), has_more: false };
}
