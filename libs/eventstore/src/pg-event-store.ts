import { randomUUID } from 'node:crypto';
import { Kysely, sql, Transaction } from 'kysely';
import { IdempotencyConflict, WrongExpectedVersion } from './errors';
import {
  AppendOptions,
  AppendResult,
  categoryOf,
  EventMetadata,
  EventStore,
  InlineProjection,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from './types';

interface EventRow {
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

/**
 * Event store on PostgreSQL with EventStoreDB's append semantics.
 *
 * Positions are handed out under the es_head row lock, taken as the last step of the append
 * transaction: a reader that sees position p can never later see a commit with a position
 * below p, which sequence-based positions cannot promise (see docs/eventstore.md).
 */
export class PgEventStore implements EventStore {
  private readonly inline: InlineProjection[] = [];

  constructor(private readonly db: Kysely<any>) {}

  registerInlineProjection(projection: InlineProjection): void {
    if (this.inline.some((p) => p.name === projection.name)) return;
    this.inline.push(projection);
  }

  inlineProjections(): readonly InlineProjection[] {
    return this.inline;
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const category = categoryOf(streamId);
    const expected = options.expectedRevision ?? 'any';
    const withIds = events.map((e) => ({ ...e, id: e.id ?? randomUUID() }));
    try {
      return await this.db.transaction().execute((trx) => this.appendIn(trx, streamId, category, withIds, expected, options));
    } catch (err) {
      // Two first appends racing on a new stream: the loser sees a unique violation.
      if ((err as { code?: string }).code === '23505' && /es_streams_pkey/.test(String((err as Error).message))) {
        if (expected === 'no_stream') {
          const actual = await this.streamRevision(streamId);
          throw new WrongExpectedVersion(streamId, expected, actual);
        }
        return this.append(streamId, withIds, options);
      }
      // Two retries of the same batch racing: the loser finds the winner's events on retry.
      if ((err as { code?: string }).code === '23505' && /event_id/.test(String((err as Error).message))) {
        return this.append(streamId, withIds, options);
      }
      throw err;
    }
  }

  private async appendIn(
    trx: Transaction<any>,
    streamId: string,
    category: string,
    events: (NewEvent & { id: string })[],
    expected: AppendOptions['expectedRevision'] & {},
    options: AppendOptions,
  ): Promise<AppendResult> {
    // Idempotent retry: the same event ids already stored return the first result.
    const ids = events.map((e) => e.id);
    const existing = await sql<EventRow>`SELECT * FROM es_events WHERE event_id = ANY(${ids}::uuid[]) ORDER BY position`.execute(trx);
    if (existing.rows.length > 0) {
      const sameStream = existing.rows.every((r) => r.stream_id === streamId);
      if (existing.rows.length !== ids.length || !sameStream) {
        throw new IdempotencyConflict(`event ids already used elsewhere in ${streamId}`);
      }
      const recorded = existing.rows.map(toRecorded);
      const last = recorded[recorded.length - 1];
      return { nextExpectedRevision: last.revision, position: last.position, events: recorded };
    }

    const current = await sql<{ revision: string }>`SELECT revision FROM es_streams WHERE stream_id = ${streamId} FOR UPDATE`.execute(trx);
    const actual = current.rows.length ? Number(current.rows[0].revision) : null;
    if (
      (expected === 'no_stream' && actual !== null) ||
      (expected === 'stream_exists' && actual === null) ||
      (typeof expected === 'number' && actual !== expected)
    ) {
      throw new WrongExpectedVersion(streamId, expected, actual);
    }
    const firstRevision = actual === null ? 0 : actual + 1;
    const lastRevision = firstRevision + events.length - 1;
    if (actual === null) {
      await sql`INSERT INTO es_streams (stream_id, category, tenant_id, revision) VALUES (${streamId}, ${category}, ${options.tenantId}, ${lastRevision})`.execute(trx);
    } else {
      await sql`UPDATE es_streams SET revision = ${lastRevision} WHERE stream_id = ${streamId}`.execute(trx);
    }

    const now = new Date();
    const metadataOf = (e: NewEvent): EventMetadata => ({
      tenantId: options.tenantId,
      actor: options.actor,
      correlationId: options.correlationId ?? ids[0],
      causationId: options.causationId,
      schemaVersion: e.schemaVersion ?? 1,
    });
    const pending: RecordedEvent[] = events.map((e, i) => ({
      position: 0,
      streamId,
      revision: firstRevision + i,
      category,
      tenantId: options.tenantId,
      eventId: e.id,
      type: e.type,
      data: e.data,
      metadata: metadataOf(e),
      recordedAt: now,
    }));

    // Inline projections run before positions are taken, so the es_head lock is held only
    // for the insert and the commit.
    for (const projection of this.inline) {
      const mine = pending.filter((e) => projection.handles.includes(e.type));
      if (mine.length) await projection.apply(trx, mine);
    }

    const head = await sql<{ position: string }>`UPDATE es_head SET position = position + ${events.length} WHERE id RETURNING position`.execute(trx);
    const lastPosition = Number(head.rows[0].position);
    const firstPosition = lastPosition - events.length + 1;
    pending.forEach((e, i) => (e.position = firstPosition + i));

    await sql`
      INSERT INTO es_events (position, stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
      SELECT * FROM unnest(
        ${pending.map((e) => e.position)}::bigint[],
        ${pending.map((e) => e.streamId)}::text[],
        ${pending.map((e) => e.revision)}::bigint[],
        ${pending.map((e) => e.category)}::text[],
        ${pending.map((e) => e.tenantId)}::uuid[],
        ${pending.map((e) => e.eventId)}::uuid[],
        ${pending.map((e) => e.type)}::text[],
        ${pending.map((e) => JSON.stringify(e.data ?? null))}::jsonb[],
        ${pending.map((e) => JSON.stringify(e.metadata))}::jsonb[],
        ${pending.map(() => now)}::timestamptz[]
      )`.execute(trx);
    await sql`SELECT pg_notify(${APPENDED_CHANNEL}, ${String(lastPosition)})`.execute(trx);

    return { nextExpectedRevision: lastRevision, position: lastPosition, events: pending };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const res = await sql<EventRow>`
      SELECT * FROM es_events WHERE stream_id = ${streamId} AND revision >= ${options.fromRevision ?? 0}
      ORDER BY revision LIMIT ${options.limit ?? 1_000_000}`.execute(this.db);
    return res.rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    let q = this.db
      .selectFrom('es_events')
      .selectAll()
      .where('position', '>', options.fromPosition ?? 0)
      .orderBy('position')
      .limit(options.limit ?? 1000);
    if (options.categories?.length) q = q.where('category', 'in', options.categories as string[]);
    if (options.eventTypes?.length) q = q.where('event_type', 'in', options.eventTypes as string[]);
    if (options.tenantId) q = q.where('tenant_id', '=', options.tenantId);
    const rows = (await q.execute()) as EventRow[];
    return rows.map(toRecorded);
  }

  async streamRevision(streamId: string): Promise<number | null> {
    const res = await sql<{ revision: string }>`SELECT revision FROM es_streams WHERE stream_id = ${streamId}`.execute(this.db);
    return res.rows.length ? Number(res.rows[0].revision) : null;
  }

  async headPosition(): Promise<number> {
    const res = await sql<{ position: string }>`SELECT position FROM es_head`.execute(this.db);
    return Number(res.rows[0].position);
  }
}
