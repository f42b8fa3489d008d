import { Kysely, sql, Transaction } from 'kysely';
import type { AnySchema, Cursor, EventMetadata, RecordedEvent, SubscriptionFilter } from './types';

/** The log's rows as events, and its reads in the order a subscription follows (docs/eventstore.md). */

export type Executor = Kysely<AnySchema> | Transaction<AnySchema>;

export interface EventRow {
  position: string | number;
  transaction_id?: string;
  stream_id: string;
  revision: string | number;
  category: string;
  tenant_id: string | null;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    revision: Number(row.revision),
    category: row.category,
    tenantId: row.tenant_id,
    eventId: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

/** An event read from the log in its reading order, with the transaction id that places it there. */
export const fromLog = (row: EventRow & { tx: string }): RecordedEvent => ({ ...toRecorded(row), transactionId: row.tx });

export const EVENT_COLUMNS = sql.raw('position, stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at');

export function filterSql(filter: SubscriptionFilter) {
  const where = [];
  if (filter.categories?.length) where.push(sql`category = ANY(${[...filter.categories]}::text[])`);
  if (filter.eventTypes?.length) where.push(sql`event_type = ANY(${[...filter.eventTypes]}::text[])`);
  return where;
}

export const START: Cursor = { transactionId: '0', position: 0 };

export function compareCursors(a: Cursor, b: Cursor): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.position - b.position;
}

/**
 * The oldest transaction id still running: every event written by a lower id is committed or
 * rolled back for good, so a reader that stops below it cannot miss a late commit.
 */
export async function readHorizon(db: Executor): Promise<string> {
  const res = await sql<{ xmin: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`.execute(db);
  return res.rows[0].xmin;
}

/**
 * The horizon of the reading statement's own snapshot: a reader that needs it for nothing else
 * saves the round trip of readHorizon, and every event below it is final in what it reads.
 */
export const CURRENT_HORIZON = Symbol('the statement snapshot horizon');

/**
 * The next events of the global log after `after`, in (transaction_id, position) order, below
 * `horizon` when given (a reader that keeps a cursor must give it).
 */
export async function readLog(
  db: Executor,
  after: Cursor,
  horizon: string | null | typeof CURRENT_HORIZON,
  filter: SubscriptionFilter,
  limit: number,
): Promise<{ events: RecordedEvent[]; last: Cursor | null }> {
  const where = [sql`(transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)`, ...filterSql(filter)];
  if (horizon === CURRENT_HORIZON) where.push(sql`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`);
  else if (horizon !== null) where.push(sql`transaction_id < ${horizon}::xid8`);
  // The text copy of the id gets its own name: ORDER BY must sort the xid8 column, not text.
  const res = await sql<EventRow & { tx: string }>`
    SELECT transaction_id::text AS tx, ${EVENT_COLUMNS} FROM es_events WHERE ${sql.join(where, sql` AND `)}
    ORDER BY es_events.transaction_id, es_events.position LIMIT ${limit}`.execute(db);
  const rows = res.rows;
  const tail = rows[rows.length - 1];
  return { events: rows.map(fromLog), last: tail ? { transactionId: tail.tx, position: Number(tail.position) } : null };
}

/**
 * A subscription's read, in one round trip: the next events after `after` below `horizon` (as
 * readLog), the last event of the whole log below it (where a filtered reader may move on to,
 * as lastBelow), and whether events wait above it (written by transactions still running when
 * the horizon was taken), so the reader knows to look again soon.
 */
export async function readBatch(
  db: Executor,
  after: Cursor,
  horizon: string,
  filter: SubscriptionFilter,
  limit: number,
): Promise<{ events: RecordedEvent[]; last: Cursor | null; end: Cursor | null; held: boolean }> {
  const where = [
    sql`(transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)`,
    ...filterSql(filter),
    sql`transaction_id < ${horizon}::xid8`,
  ];
  // One row at least (the end and the flag), then the batch's events in log order. Each part
  // reads one end of the (transaction_id, position) index, as the statements it replaces did.
  const res = await sql<Partial<EventRow> & { tx: string | null; end_tx: string | null; end_position: string | null; held: boolean | null }>`
    SELECT b.tx, b.position, b.stream_id, b.revision, b.category, b.tenant_id, b.event_id, b.event_type, b.data, b.metadata, b.recorded_at,
      e.end_tx, e.end_position, h.held
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT transaction_id::text AS end_tx, position AS end_position FROM es_events WHERE transaction_id < ${horizon}::xid8
      ORDER BY es_events.transaction_id DESC, es_events.position DESC LIMIT 1) e ON true
    LEFT JOIN LATERAL (SELECT es_events.transaction_id >= ${horizon}::xid8 AS held FROM es_events ORDER BY es_events.transaction_id DESC LIMIT 1) h ON true
    LEFT JOIN LATERAL (SELECT transaction_id AS xid, transaction_id::text AS tx, ${EVENT_COLUMNS} FROM es_events WHERE ${sql.join(where, sql` AND `)}
      ORDER BY es_events.transaction_id, es_events.position LIMIT ${limit}) b ON true
    ORDER BY b.xid, b.position`.execute(db);
  const first = res.rows[0];
  const rows = res.rows.filter((r) => r.tx !== null);
  const tail = rows[rows.length - 1];
  return {
    events: rows.map((r) => fromLog(r as EventRow & { tx: string })),
    last: tail ? { transactionId: tail.tx!, position: Number(tail.position) } : null,
    end: first?.end_tx ? { transactionId: first.end_tx, position: Number(first.end_position) } : null,
    held: first?.held === true,
  };
}

/** The last event of the log below `horizon`: where a filtered reader may move on to. */
export async function lastBelow(db: Executor, horizon: string): Promise<Cursor | null> {
  const res = await sql<{ tx: string; position: string }>`
    SELECT transaction_id::text AS tx, position FROM es_events WHERE transaction_id < ${horizon}::xid8
    ORDER BY es_events.transaction_id DESC, es_events.position DESC LIMIT 1`.execute(db);
  const r = res.rows[0];
  return r ? { transactionId: r.tx, position: Number(r.position) } : null;
}

/**
 * What a cursor reader may do now: `readable` when the log holds events after `after` below the
 * horizon; `held` when events exist above it, written by transactions a running one may still
 * precede. Read outside a transaction, so an idle subscription costs two index probes.
 */
export async function probeLog(db: Executor, after: Cursor): Promise<{ readable: boolean; held: boolean }> {
  // Each probe reads one end of the (transaction_id, position) index. Written as EXISTS, the
  // planner sees a third of the log matching a bound it does not know yet and scans the table:
  // at a million events, 80 ms per probe, once a second per reader.
  const res = await sql<{ readable: boolean; held: boolean }>`
    SELECT
      COALESCE((SELECT e.transaction_id < (SELECT pg_snapshot_xmin(pg_current_snapshot())) FROM es_events e
        WHERE (e.transaction_id, e.position) > (${after.transactionId}::xid8, ${after.position}::bigint)
        ORDER BY e.transaction_id, e.position LIMIT 1), false) AS readable,
      COALESCE((SELECT e.transaction_id >= (SELECT pg_snapshot_xmin(pg_current_snapshot())) FROM es_events e
        ORDER BY e.transaction_id DESC LIMIT 1), false) AS held`.execute(db);
  return res.rows[0];
}
