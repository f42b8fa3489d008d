import { randomUUID } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { type AppendCall, appendMany, appendOne, type AppendRow, refusedByServer, retried } from './append-sql';
import { IdempotencyConflict, WrongExpectedVersion } from './errors';
import { CURRENT_HORIZON, EVENT_COLUMNS, type EventRow, filterSql, lastBelow, probeLog, readHorizon, readLog, START, toRecorded } from './log';
import {
  AnySchema,
  AppendListener,
  AppendOptions,
  AppendResult,
  categoryOf,
  Cursor,
  EventStore,
  InlineProjection,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscriptionFilter,
} from './types';

export const APPENDED_CHANNEL = 'es_appended';

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
