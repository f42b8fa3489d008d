import { sql, type Kysely } from 'kysely';
import type { FeedPage } from '@tabour/contracts';
import type { AnySchema } from '@tabour/eventstore';
import { encodeCursor, type FeedCursor } from './cursor';
import { FEED_SCAN, type FeedQuery } from './feed';
import { compareKeys, chunkEvents, keyCursor, type ChunkEvent } from './feed-chunks';
import { FEED_CHUNK_EVENTS, feedProjection } from './projections/feed';

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

const cursorOf = (k: Key, within: boolean): FeedCursor =>
  within ? { transactionId: k.tx, position: Number(k.position), index: k.idx } : { transactionId: k.tx, position: Number(k.position) };

/**
 * An unfiltered page: the chunks from the one holding the cursor on, then the rows not yet
 * folded into a chunk. A chunk committed after the checkpoint was read may hold events past it:
 * those are left for the next read, as the rows past it are.
 */
async function chunkedRead(db: Kysely<AnySchema>, tenantId: string, from: Key, bound: Key, want: number): Promise<ChunkEvent[]> {
  const out: ChunkEvent[] = [];
  let after = from;
  // As many chunks as `want` events can span if chunks hold FEED_CHUNK_EVENTS (the first may
  // give one event): 3 for a page of 1,000. Each chunk read is a whole chunk decompressed.
  let ask = Math.ceil((want - 1) / FEED_CHUNK_EVENTS) + 1;
  for (;;) {
    const chunks = (
      await sql<Key & { events: number; body: string }>`
        SELECT last_tx::text AS tx, last_position::text AS position, last_idx AS idx, events, body FROM integration_feed_chunks
        WHERE (tenant_id, last_tx, last_position, last_idx) > (${tenantId}::uuid, ${after.tx}::xid8, ${after.position}::bigint, ${after.idx}::smallint)
          AND tenant_id = ${tenantId}::uuid
        ORDER BY tenant_id, last_tx, last_position, last_idx LIMIT ${ask}`.execute(db)
    ).rows;
    for (const chunk of chunks) {
      if (out.length === want) return out;
      for (const e of chunkEvents(chunk.body)) {
        if (compareKeys(e.key, from) <= 0) continue;
        if (compareKeys(e.key, bound) > 0 || out.length === want) return out;
        out.push(e);
      }
      after = chunk;
    }
    if (chunks.length < ask) break;
    // Chunks of another size than the first read's guess: ask for as many as the rest needs.
    ask = Math.ceil((want - out.length) / Math.max(1, Math.min(...chunks.map((c) => c.events)))) + 1;
  }
  const rows = (
    await sql<Key & { type: string; json: string }>`
      SELECT transaction_id::text AS tx, position::text AS position, idx, type, json FROM integration_feed f
      WHERE (tenant_id, transaction_id, position, idx) > (${tenantId}::uuid, ${after.tx}::xid8, ${after.position}::bigint, ${after.idx}::smallint)
        AND (tenant_id, transaction_id, position, idx) <= (${tenantId}::uuid, ${bound.tx}::xid8, ${bound.position}::bigint, ${bound.idx}::smallint)
      ORDER BY f.tenant_id, f.transaction_id, f.position, f.idx LIMIT ${want - out.length}`.execute(db)
  ).rows;
  for (const r of rows) out.push({ key: r, cursor: keyCursor(r), type: r.type, json: r.json });
  return out;
}

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

  if (!q.record && !q.types?.length) {
    // xid8 in decimal without leading zeros, as the rows' keys compare.
    const start = { tx: BigInt(from.transactionId).toString(), position: String(from.position), idx: fromIdx };
    const got = await chunkedRead(db, tenantId, start, { tx: checkpoint.tx, position: String(checkpoint.position), idx: LAST_INDEX }, q.limit + 1);
    const full = got.length > q.limit;
    const page = full ? got.slice(0, q.limit) : got;
    const events = page.map((e) => ({ cursor: e.cursor, type: e.type, json: e.json }));
    // Not full: everything up to the checkpoint is in the page, the last stored event's every index with it.
    const next = page.length ? cursorOf(page[page.length - 1].key, full) : from;
    return { events, next_cursor: encodeCursor(next), has_more: full };
  }

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
        SELECT transaction_id::text AS tx, position::text AS position, idx FROM integration_feed f WHERE ${range}
        ORDER BY f.tenant_id, f.transaction_id, f.position, f.idx OFFSET ${FEED_SCAN - 1} LIMIT 1`.execute(db)
    ).rows[0];
    if (bound) where = sql`${where} AND ${key} <= (${tenantId}::uuid, ${bound.tx}::xid8, ${bound.position}::bigint, ${bound.idx}::smallint)`;
  }
  if (q.types?.length) where = sql`${where} AND type = ANY(${q.types}::text[])`;

  const rows = (
    await sql<Key & { type: string; json: string }>`
      SELECT transaction_id::text AS tx, position::text AS position, idx, type, json FROM integration_feed f WHERE ${where}
      ORDER BY f.tenant_id, f.transaction_id, f.position, f.idx LIMIT ${q.limit + 1}`.execute(db)
  ).rows;
  const full = rows.length > q.limit;
  const page = full ? rows.slice(0, q.limit) : rows;
  const events = page.map((r) => ({ cursor: keyCursor(r), type: r.type, json: r.json }));
  if (full) return { events, next_cursor: encodeCursor(cursorOf(page[page.length - 1], true)), has_more: true };
  if (bound) return { events, next_cursor: encodeCursor(cursorOf(bound, true)), has_more: true };
  // Everything up to the checkpoint is in the page: the reader moves to the business's last row,
  // past the rows a filter left out.
  const last = (
    await sql<Key>`
      SELECT transaction_id::text AS tx, position::text AS position, idx FROM integration_feed f WHERE ${range}
      ORDER BY f.tenant_id DESC, f.transaction_id DESC, f.position DESC, f.idx DESC LIMIT 1`.execute(db)
  ).rows[0];
  return { events, next_cursor: encodeCursor(last ? cursorOf(last, false) : from), has_more: false };
}
