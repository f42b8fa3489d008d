import { randomUUID } from 'node:crypto';
import { Kysely, sql, Transaction } from 'kysely';
import { DatabaseError } from 'pg';
import { IdempotencyConflict, WrongExpectedVersion } from './errors';
import {
  AnySchema,
  AppendListener,
  AppendOptions,
  AppendResult,
  categoryOf,
  Cursor,
  EventMetadata,
  EventStore,
  InlineProjection,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscriptionFilter,
} from './types';

type Executor = Kysely<AnySchema> | Transaction<AnySchema>;

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
const fromLog = (row: EventRow & { tx: string }): RecordedEvent => ({ ...toRecorded(row), transactionId: row.tx });

export const APPENDED_CHANNEL = 'es_appended';

const EVENT_COLUMNS = sql.raw('position, stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at');

interface AppendRow {
  outcome: 'appended' | 'replayed' | 'wrong_expected_version';
  revision: string | number | null;
  positions: (string | number)[] | null;
}

function uniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/**
 * The server refused the statement, so its transaction rolled back and nothing of it was
 * written. Not so when the connection broke or the server was going away (classes 08, 57):
 * the commit may have happened without its answer reaching us.
 */
function refusedByServer(err: unknown): boolean {
  return err instanceof DatabaseError && !/^(08|57)/.test(err.code ?? '');
}

/** One append as es_append takes it. */
interface AppendCall {
  streamId: string;
  category: string;
  tenantId: string | null;
  expected: string;
  checkIds: boolean;
  ids: string[];
  types: string[];
  data: string[];
  metadata: string[];
  recordedAt: Date;
}

function appendOne(db: Executor, c: AppendCall): Promise<AppendRow> {
  return sql<AppendRow>`SELECT outcome, revision, positions FROM es_append(
    ${c.streamId}, ${c.category}, ${c.tenantId}::uuid, ${c.expected}, ${c.checkIds},
    ${c.ids}::uuid[], ${c.types}::text[], ${c.data}::jsonb[], ${c.metadata}::jsonb[], ${c.recordedAt}::timestamptz)`
    .execute(db)
    .then((r) => r.rows[0]);
}

/** Several appends in one call and one transaction, each with its own checks and outcome. */
async function appendMany(db: Executor, calls: AppendCall[]): Promise<AppendRow[]> {
  const res = await sql<AppendRow & { item: number }>`SELECT item, outcome, revision, positions FROM es_append_batch(
    ${calls.map((c) => c.streamId)}::text[], ${calls.map((c) => c.category)}::text[], ${calls.map((c) => c.tenantId)}::uuid[],
    ${calls.map((c) => c.expected)}::text[], ${calls.map((c) => c.checkIds)}::boolean[], ${calls.map((c) => c.recordedAt)}::timestamptz[],
    ${calls.map((c) => c.ids.length)}::integer[], ${calls.flatMap((c) => c.ids)}::uuid[], ${calls.flatMap((c) => c.types)}::text[],
    ${calls.flatMap((c) => c.data)}::jsonb[], ${calls.flatMap((c) => c.metadata)}::jsonb[])`.execute(db);
  const rows = new Array<AppendRow>(calls.length);
  for (const r of res.rows) rows[Number(r.item) - 1] = r;
  return rows;
}

/**
 * Two copies of a batch whose ids the caller chose raced to different streams: the loser runs
 * again and finds the winner's events.
 */
async function retried(call: AppendCall, run: () => Promise<AppendRow>): Promise<AppendRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err) && call.checkIds && attempt < 2) continue;
      throw err;
    }
  }
}

interface Waiting {
  call: AppendCall;
  resolve(row: AppendRow): void;
  reject(err: unknown): void;
}

const NOTIFY_SPACING_MS = 20;

/** Appends sent in one call at most: bounds the statement and the time its locks are held. */
const MAX_GROUP = 64;

export interface PgEventStoreOptions {
  /** Send NOTIFY es_appended after each commit (coalesced); off only for measurements. */
  notify?: boolean;
  /**
   * At most one NOTIFY per this many ms (default 20): the appends behind one share the next.
   * This process's own readers are told at once without it; other processes' subscriptions
   * gather that long after a wake anyway, and each notice costs every listening connection.
   */
  notifySpacingMs?: number;
  /**
   * Appends without an inline projection in flight at once, each a call that carries every
   * append that was waiting for it (group commit). Default 2.
   */
  appendLanes?: number;
}

/** One append as an observer is told of it: for an operator's figures (docs/operations.md). */
export interface AppendObservation {
  category: string;
  events: number;
  seconds: number;
  /** `conflict`: refused by its expected revision or its event ids; `failed`: any other error. */
  outcome: 'appended' | 'conflict' | 'failed';
}

export type AppendObserver = (observation: AppendObservation) => void;

/**
 * Event store on PostgreSQL with EventStoreDB's append semantics: streams, 0-based revisions,
 * the four expected-revision states, idempotent retries by event id.
 *
 * Appends do not serialise on a global lock: positions come from an identity column and each
 * event keeps the id of the transaction that wrote it. Readers of the whole log follow
 * (transaction_id, position) and stop below the oldest transaction still running, so an
 * event that commits late is never skipped (see docs/eventstore.md).
 */
export class PgEventStore implements EventStore {
  private readonly inline: InlineProjection[] = [];
  private readonly listeners = new Set<AppendListener>();
  private readonly observers = new Set<AppendObserver>();
  private notifying = false;
  private notifyAgain = false;
  private lastPosition = 0;
  private readonly waiting: Waiting[] = [];
  private flights = 0;
  private readonly lanes: number;

  constructor(
    private readonly db: Kysely<AnySchema>,
    private readonly options: PgEventStoreOptions = {},
  ) {
    this.lanes = Math.max(1, options.appendLanes ?? 2);
  }

  registerInlineProjection(projection: InlineProjection): void {
    if (this.inline.some((p) => p.name === projection.name)) return;
    this.inline.push(projection);
  }

  inlineProjections(): readonly InlineProjection[] {
    return this.inline;
  }

  /**
   * Tells `listener` of every append this process commits, after the commit; returns the
   * function that stops telling it. A listener's failure never fails the append it hears of.
   */
  onAppended(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells `observer` how long each append took and how it ended; returns the function that stops telling it. */
  observeAppends(observer: AppendObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (this.observers.size === 0) return this.write(streamId, events, options);
    const started = performance.now();
    const observe = (outcome: AppendObservation['outcome']) => {
      const observation = { category: streamId.split('-', 1)[0], events: events.length, seconds: (performance.now() - started) / 1000, outcome };
      for (const observer of this.observers) {
        try {
          observer(observation);
        } catch {
          // An observer only watches: its failure is never the append's.
        }
      }
    };
    try {
      const result = await this.write(streamId, events, options);
      observe('appended');
      return result;
    } catch (err) {
      observe(err instanceof WrongExpectedVersion || err instanceof IdempotencyConflict ? 'conflict' : 'failed');
      throw err;
    }
  }

  private async write(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (!options?.actor?.type) throw new Error('append needs an actor');
    const category = categoryOf(streamId);
    const expected = options.expectedRevision ?? 'any';
    if (typeof expected === 'number' && !(Number.isInteger(expected) && expected >= 0)) {
      throw new Error(`expected revision must be a 0-based integer, got ${expected}`);
    }
    // Ids the caller chose may come back on a retry; ids made here cannot.
    const callerIds = events.some((e) => e.id !== undefined);
    const ids = events.map((e) => e.id ?? randomUUID());
    if (new Set(ids).size !== ids.length) throw new IdempotencyConflict(`the same event id twice in one append to ${streamId}`);

    const now = new Date();
    const correlationId = options.correlationId ?? ids[0];
    const recorded: RecordedEvent[] = events.map((e, i) => ({
      position: 0,
      streamId,
      revision: 0,
      category,
      tenantId: options.tenantId,
      eventId: ids[i],
      type: e.type,
      data: e.data ?? null,
      metadata: {
        tenantId: options.tenantId,
        actor: e.actor ?? options.actor,
        correlationId,
        ...(options.causationId ? { causationId: options.causationId } : {}),
        schemaVersion: e.schemaVersion ?? 1,
      },
      recordedAt: now,
    }));
    const inline = this.inline.filter((p) => recorded.some((e) => p.handles.includes(e.type)));

    const call: AppendCall = {
      streamId,
      category,
      tenantId: options.tenantId,
      expected: String(expected),
      checkIds: callerIds,
      ids,
      types: recorded.map((e) => e.type),
      data: recorded.map((e) => JSON.stringify(e.data)),
      metadata: recorded.map((e) => JSON.stringify(e.metadata)),
      recordedAt: now,
    };
    const place = (row: AppendRow) => {
      const first = Number(row.revision) - recorded.length + 1;
      recorded.forEach((e, i) => {
        e.revision = first + i;
        e.position = Number(row.positions![i]);
      });
    };

    const row = inline.length
      ? // Inline projections write in the append's transaction: the read model commits with the events.
        await retried(call, () =>
          this.db.transaction().execute(async (trx) => {
            const r = await appendOne(trx, call);
            if (r.outcome !== 'appended') return r;
            place(r);
            for (const projection of inline)
              await projection.apply(
                trx,
                recorded.filter((e) => projection.handles.includes(e.type)),
              );
            return r;
          }),
        )
      : await this.enqueue(call);

    if (row.outcome === 'wrong_expected_version') throw new WrongExpectedVersion(streamId, expected, row.revision === null ? null : Number(row.revision));
    if (row.outcome === 'replayed') return this.firstResult(streamId, ids);
    if (inline.length === 0) place(row);
    const result: AppendResult = { nextExpectedRevision: Number(row.revision), position: recorded[recorded.length - 1].position, events: recorded };
    this.tell(result, streamId);
    return result;
  }

  /**
   * Group commit. An append goes at once when a lane is free; otherwise it waits, and the next
   * lane to free up takes every waiting append in one es_append_batch call: one round trip and
   * one commit for all of them, while each keeps its own expected-revision check and outcome.
   */
  private enqueue(call: AppendCall): Promise<AppendRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ call, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.flights < this.lanes && this.waiting.length) {
      const group = this.waiting.splice(0, MAX_GROUP);
      this.flights++;
      void this.flush(group).finally(() => {
        this.flights--;
        this.pump();
      });
    }
  }

  private async flush(group: Waiting[]): Promise<void> {
    const alone = (w: Waiting) => retried(w.call, () => appendOne(this.db, w.call)).then(w.resolve, w.reject);
    if (group.length === 1) return alone(group[0]);
    let rows: AppendRow[];
    try {
      rows = await appendMany(
        this.db,
        group.map((w) => w.call),
      );
    } catch (err) {
      if (!refusedByServer(err)) {
        for (const w of group) w.reject(err);
        return;
      }
      // Nothing of the group was written. One append's error (an id raced by another append,
      // a malformed tenant id) must not be the others': each runs again on its own, in order.
      for (const w of group) await alone(w);
      return;
    }
    group.forEach((w, i) => w.resolve(rows[i]));
  }

  /** The result of the append that first stored these ids, if it was this very batch. */
  private async firstResult(streamId: string, ids: string[]): Promise<AppendResult> {
    const existing = await sql<EventRow>`SELECT ${EVENT_COLUMNS} FROM es_events WHERE event_id = ANY(${ids}::uuid[]) ORDER BY revision`.execute(this.db);
    const same = existing.rows.length === ids.length && existing.rows.every((r, i) => r.stream_id === streamId && r.event_id === ids[i]);
    if (!same) throw new IdempotencyConflict(`event ids of this append to ${streamId} were already used by another append`);
    const events = existing.rows.map(toRecorded);
    const last = events[events.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position, events };
  }

  private tell(result: AppendResult, streamId: string): void {
    for (const listener of this.listeners) {
      try {
        void Promise.resolve(listener(result, streamId)).catch(() => undefined);
      } catch {
        // A listener is told, not consulted: its failure is its own.
      }
    }
    if (this.options.notify !== false) this.announce(result.position);
  }

  /**
   * NOTIFY after commit, at most one in flight per process and one per `notifySpacingMs`: a
   * NOTIFY inside the append would serialise every commit on PostgreSQL's notification queue lock.
   */
  private announce(position: number): void {
    this.lastPosition = Math.max(this.lastPosition, position);
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    void (async () => {
      do {
        this.notifyAgain = false;
        await sql`SELECT pg_notify(${APPENDED_CHANNEL}, ${String(this.lastPosition)})`.execute(this.db).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, this.options.notifySpacingMs ?? NOTIFY_SPACING_MS).unref());
      } while (this.notifyAgain);
      this.notifying = false;
    })();
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const res = await sql<EventRow>`
      SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = ${streamId} AND revision >= ${options.fromRevision ?? 0}
      ORDER BY revision LIMIT ${options.limit ?? 1_000_000}`.execute(this.db);
    return res.rows.map(toRecorded);
  }

  /**
   * Stored events in position order, for history screens and audits. Not a feed cursor:
   * a position below the last one read can still commit; follow the log with a subscription.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const where = [sql`position > ${options.fromPosition ?? 0}`, ...filterSql(options)];
    if (options.tenantId) where.push(sql`tenant_id = ${options.tenantId}`);
    const res = await sql<EventRow>`
      SELECT ${EVENT_COLUMNS} FROM es_events WHERE ${sql.join(where, sql` AND `)}
      ORDER BY position LIMIT ${options.limit ?? 1000}`.execute(this.db);
    return res.rows.map(toRecorded);
  }

  /**
   * Where a reader that starts now stands: the last event below the horizon. Events above it
   * are left for the reader, since a running transaction may still commit beside them.
   */
  async logHead(): Promise<Cursor> {
    return (await lastBelow(this.db, await readHorizon(this.db))) ?? START;
  }

  /**
   * The next events after `after` in log order, below the horizon: what a reader that keeps a
   * cursor (a change feed) reads; it never skips an event that commits late.
   */
  async readLogAfter(after: Cursor, limit = 500, filter: SubscriptionFilter = {}): Promise<{ events: RecordedEvent[]; last: Cursor | null }> {
    return readLog(this.db, after, CURRENT_HORIZON, filter, limit);
  }

  /** Whether events after `after` are readable now, or held back by a running transaction. */
  probeLogAfter(after: Cursor): Promise<{ readable: boolean; held: boolean }> {
    return probeLog(this.db, after);
  }

  async streamRevision(streamId: string): Promise<number | null> {
    const res = await sql<{ revision: string | null }>`SELECT max(revision) AS revision FROM es_events WHERE stream_id = ${streamId}`.execute(this.db);
    return res.rows[0].revision === null ? null : Number(res.rows[0].revision);
  }

  /** The highest position stored (0 when empty). */
  async headPosition(): Promise<number> {
    const res = await sql<{ position: string }>`SELECT COALESCE(max(position), 0) AS position FROM es_events`.execute(this.db);
    return Number(res.rows[0].position);
  }
}

function filterSql(filter: SubscriptionFilter) {
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
