import type { Kysely, Transaction } from 'kysely';

/**
 * The application's tables as the store sees them: none. It writes its own with raw SQL and
 * hands its transaction to projections typed with the application's tables, so it takes a
 * Kysely of any schema, as Kysely's own Migrator does (a Kysely of one schema is not one of
 * another, nor of unknown).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySchema = any;

/** Who caused an event: shown in the activity log and kept for audit. */
export interface Actor {
  type: 'user' | 'kiosk' | 'display' | 'customer_link' | 'system';
  id?: string;
  name?: string;
}

export interface EventMetadata {
  tenantId: string | null;
  actor: Actor;
  correlationId?: string;
  causationId?: string;
  schemaVersion: number;
  [key: string]: unknown;
}

/** An event about to be appended. `id` makes retries idempotent; generated when absent. */
export interface NewEvent<T extends string = string, D = unknown> {
  id?: string;
  type: T;
  data: D;
  schemaVersion?: number;
  /** Who caused this event, when events of several callers are appended together; else the append's actor. */
  actor?: Actor;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  position: number;
  streamId: string;
  revision: number;
  category: string;
  tenantId: string | null;
  eventId: string;
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
  /**
   * The writing transaction's id (xid8, decimal), given to events read from the log in its
   * reading order (subscriptions, rebuilds): with the position, the event's place in that order.
   */
  transactionId?: string;
}

/** EventStoreDB's four expected-revision states; revisions are 0-based. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
  tenantId: string | null;
  actor: Actor;
  correlationId?: string;
  causationId?: string;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: number;
  events: RecordedEvent[];
}

/** Any domain event: a type and its JSON data. */
type AnyEvent = { type: string; data: unknown };

/**
 * The stored form of one event of the union E: the type narrows the data, so a projection's
 * `switch (e.type)` reads typed fields with no cast.
 */
export type RecordOf<E extends { type: string; data: unknown }> = E extends unknown
  ? Omit<RecordedEvent, 'type' | 'data'> & { type: E['type']; data: E['data'] }
  : never;

/** Where a projection writes: the append's transaction, or the database during a rebuild. */
export type ProjectionDb<DB = AnySchema> = Transaction<DB> | Kysely<DB>;

/**
 * Runs inside the append transaction, so a read model is current when the command returns.
 * E is the union of the events it handles and DB the database's table types, so a projection
 * is declared as `InlineProjection<AccountEvent, Database>` and needs no casts; the store and
 * the registries hold them as the untyped default.
 */
export interface InlineProjection<E extends { type: string; data: unknown } = AnyEvent, DB = AnySchema> {
  name: string;
  /** Event types this projection handles; others are never passed in. */
  handles: readonly E['type'][];
  apply(db: ProjectionDb<DB>, events: RecordOf<E>[]): Promise<void>;
  /** The tables the projection alone writes: a rebuild truncates them before replaying. */
  tables?: readonly string[];
  /** Empties the projection's tables before a rebuild, when TRUNCATE of `tables` is not enough. */
  truncate?(db: ProjectionDb<DB>): Promise<void>;
  /**
   * Events per `apply` when rebuilt from the log (1,000 by default). A projection that folds a
   * batch in memory and writes it in a few statements replays faster in larger batches.
   */
  rebuildBatchSize?: number;
}

/**
 * Runs from a subscription, after the append committed: the handler and the checkpoint move
 * in one transaction, so each event is applied exactly once.
 */
export interface AsyncProjection<E extends { type: string; data: unknown } = AnyEvent, DB = AnySchema> extends InlineProjection<E, DB> {
  /** Narrows the subscription to these categories as well as to `handles`. */
  categories?: readonly string[];
  batchSize?: number;
}

/** Which events a subscription receives; an empty or missing list means all. */
export interface SubscriptionFilter {
  categories?: readonly string[];
  eventTypes?: readonly string[];
}

/** Called after commit with the events just appended in this process. */
export type AppendListener = (result: AppendResult, streamId: string) => void | Promise<void>;

/**
 * Where a reader of the global log stands. The log is read in (transactionId, position) order,
 * which never skips an event that commits late (docs/eventstore.md); transactionId is an xid8
 * in decimal.
 */
export interface Cursor {
  transactionId: string;
  position: number;
}

export interface ReadAllOptions {
  fromPosition?: number; // exclusive
  limit?: number;
  categories?: readonly string[];
  eventTypes?: readonly string[];
  tenantId?: string;
}

export interface ReadStreamOptions {
  fromRevision?: number; // inclusive
  limit?: number;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  streamRevision(streamId: string): Promise<number | null>;
  headPosition(): Promise<number>;
}

export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  if (dash <= 0) throw new Error(`stream id "${streamId}" must be <category>-<id>`);
  return streamId.slice(0, dash);
}
