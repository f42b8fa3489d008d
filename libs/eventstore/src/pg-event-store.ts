import { randomUUID } from 'node:crypto';
import { Kysely, sql, Transaction } from 'kysely';
import { IdempotencyConflict, WrongExpectedVersion } from './errors';
import {
  AppendListener,
  AppendOptions,
  AppendResult,
  categoryOf,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  InlineProjection,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from './types';

export interface EventRow {
  position: string | number;
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

export const APPENDED_CHANNEL = 'es_appended';

const EVENT_COLUMNS = sql.raw('position, stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at');

type Pending = NewEvent & { id: string };

interface AppendOutcome extends AppendResult {
  /** True when every event id was already stored: nothing was written, nobody is told. */
  replayed: boolean;
}

function uniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

function revisionMatches(expected: ExpectedRevision, actual: number | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === null;
  if (expected === 'stream_exists') return actual !== null;
  return actual === expected;
}

/**
 * Event store on PostgreSQL with EventStoreDB's append semantics.
 *
 * Positions are handed out under the es_head row lock, taken as the last step of the append
 * transaction: a reader that sees position p can never later see a commit with a position
 * below p, which sequence-based positions cannot promise (see docs/eventstore.md).
 */
export class PgEventStore implements EventStore {
  private readonly inline: InlineProjection[] = [];
  private readonly listeners = new Set<AppendListener>();

  constructor(private readonly db: Kysely<any>) {}

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

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (!options?.actor?.type) throw new Error('append needs an actor');
    const category = categoryOf(streamId);
    const expected = options.expectedRevision ?? 'any';
    if (typeof expected === 'number' && !(Number.isInteger(expected) && expected >= 0)) {
      throw new Error(`expected revision must be a 0-based integer, got ${expected}`);
    }
    // Ids the caller chose may come back on a retry; ids made here cannot.
    const callerIds = events.some((e) => e.id !== undefined);
    const pending: Pending[] = events.map((e) => ({ ...e, id: e.id ?? randomUUID() }));
    if (new Set(pending.map((e) => e.id)).size !== pending.length) throw new IdempotencyConflict(`the same event id twice in one append to ${streamId}`);

    let outcome: AppendOutcome;
    for (let attempt = 0; ; attempt++) {
      try {
        outcome = await this.db.transaction().execute((trx) => this.appendIn(trx, streamId, category, pending, expected, options, callerIds));
        break;
      } catch (err) {
        // Two first appends to a new stream, or two copies of one retried batch, raced: the
        // loser runs again and now sees the winner (a WrongExpectedVersion or the first result).
        if (uniqueViolation(err) && attempt < 3) continue;
        throw err;
      }
    }
    const { replayed, ...result } = outcome;
    if (!replayed) this.tell(result, streamId);
    return result;
  }

  private tell(result: AppendResult, streamId: string): void {
    for (const listener of this.listeners) {
      try {
        void Promise.resolve(listener(result, streamId)).catch(() => undefined);
      } catch {
        // A listener is told, not consulted: its failure is its own.
      }
    }
  }

  private async appendIn(
    trx: Transaction<any>,
    streamId: string,
    category: string,
    events: Pending[],
    expected: ExpectedRevision,
    options: AppendOptions,
    callerIds: boolean,
  ): Promise<AppendOutcome> {
    // The stream row lock orders appends to one stream; everything below reads what the
    // previous holder committed.
    const current = await sql<{ revision: string }>`SELECT revision FROM es_streams WHERE stream_id = ${streamId} FOR UPDATE`.execute(trx);
    const actual = current.rows.length ? Number(current.rows[0].revision) : null;

    if (callerIds) {
      const ids = events.map((e) => e.id);
      const existing = await sql<EventRow>`SELECT ${EVENT_COLUMNS} FROM es_events WHERE event_id = ANY(${ids}::uuid[]) ORDER BY position`.execute(trx);
      if (existing.rows.length > 0) {
        const sameBatch = existing.rows.length === ids.length && existing.rows.every((r, i) => r.stream_id === streamId && r.event_id === ids[i]);
        if (!sameBatch) throw new IdempotencyConflict(`event ids of this append to ${streamId} were already used by another append`);
        const recorded = existing.rows.map(toRecorded);
        const last = recorded[recorded.length - 1];
        return { nextExpectedRevision: last.revision, position: last.position, events: recorded, replayed: true };
      }
    }

    if (!revisionMatches(expected, actual)) throw new WrongExpectedVersion(streamId, expected, actual);
    const firstRevision = actual === null ? 0 : actual + 1;
    const lastRevision = firstRevision + events.length - 1;
    if (actual === null) {
      // A racing first append makes this a unique violation, and append() runs again.
      await sql`INSERT INTO es_streams (stream_id, category, tenant_id, revision) VALUES (${streamId}, ${category}, ${options.tenantId}, ${lastRevision})`.execute(trx);
    } else {
      await sql`UPDATE es_streams SET revision = ${lastRevision} WHERE stream_id = ${streamId}`.execute(trx);
    }

    const now = new Date();
    const correlationId = options.correlationId ?? events[0].id;
    const recorded: RecordedEvent[] = events.map((e, i) => ({
      position: 0,
      streamId,
      revision: firstRevision + i,
      category,
      tenantId: options.tenantId,
      eventId: e.id,
      type: e.type,
      data: e.data ?? null,
      metadata: {
        tenantId: options.tenantId,
        actor: options.actor,
        correlationId,
        ...(options.causationId ? { causationId: options.causationId } : {}),
        schemaVersion: e.schemaVersion ?? 1,
      },
      recordedAt: now,
    }));

    // Inline projections run before positions are taken, so the es_head lock is held only
    // for one statement and the commit.
    for (const projection of this.inline) {
      const mine = recorded.filter((e) => projection.handles.includes(e.type));
      if (mine.length) await projection.apply(trx, mine);
    }

    // One round trip under the lock: take the positions, insert, and queue the notice that
    // PostgreSQL delivers on commit.
    const n = recorded.length;
    const head = await sql<{ position: string }>`
      WITH head AS (UPDATE es_head SET position = position + ${n} WHERE id RETURNING position),
      inserted AS (
        INSERT INTO es_events (${EVENT_COLUMNS})
        SELECT head.position - ${n} + e.ord, ${streamId}, e.revision, ${category}, ${options.tenantId}::uuid, e.event_id, e.event_type, e.data, e.metadata, ${now}::timestamptz
        FROM head, unnest(
          ${recorded.map((e) => e.revision)}::bigint[],
          ${recorded.map((e) => e.eventId)}::uuid[],
          ${recorded.map((e) => e.type)}::text[],
          ${recorded.map((e) => JSON.stringify(e.data))}::jsonb[],
          ${recorded.map((e) => JSON.stringify(e.metadata))}::jsonb[]
        ) WITH ORDINALITY AS e(revision, event_id, event_type, data, metadata, ord)
      )
      SELECT head.position, pg_notify(${APPENDED_CHANNEL}, head.position::text) FROM head`.execute(trx);
    const lastPosition = Number(head.rows[0].position);
    recorded.forEach((e, i) => (e.position = lastPosition - n + 1 + i));

    return { nextExpectedRevision: lastRevision, position: lastPosition, events: recorded, replayed: false };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const res = await sql<EventRow>`
      SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = ${streamId} AND revision >= ${options.fromRevision ?? 0}
      ORDER BY revision LIMIT ${options.limit ?? 1_000_000}`.execute(this.db);
    return res.rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return readEvents(this.db, options);
  }

  async streamRevision(streamId: string): Promise<number | null> {
    const res = await sql<{ revision: string }>`SELECT revision FROM es_streams WHERE stream_id = ${streamId}`.execute(this.db);
    return res.rows.length ? Number(res.rows[0].revision) : null;
  }

  async headPosition(): Promise<number> {
    return readHead(this.db);
  }
}

/** The last committed position: every event at or below it is committed too. */
export async function readHead(db: Kysely<any> | Transaction<any>): Promise<number> {
  const res = await sql<{ position: string }>`SELECT position FROM es_head`.execute(db);
  return Number(res.rows[0].position);
}

/** Events after `fromPosition` in position order, optionally no further than `toPosition`. */
export async function readEvents(db: Kysely<any> | Transaction<any>, options: ReadAllOptions & { toPosition?: number } = {}): Promise<RecordedEvent[]> {
  const where = [sql`position > ${options.fromPosition ?? 0}`];
  if (options.toPosition !== undefined) where.push(sql`position <= ${options.toPosition}`);
  if (options.categories?.length) where.push(sql`category = ANY(${[...options.categories]}::text[])`);
  if (options.eventTypes?.length) where.push(sql`event_type = ANY(${[...options.eventTypes]}::text[])`);
  if (options.tenantId) where.push(sql`tenant_id = ${options.tenantId}`);
  const res = await sql<EventRow>`
    SELECT ${EVENT_COLUMNS} FROM es_events WHERE ${sql.join(where, sql` AND `)}
    ORDER BY position LIMIT ${options.limit ?? 1000}`.execute(db);
  return res.rows.map(toRecorded);
}
