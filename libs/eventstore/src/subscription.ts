import { Kysely, sql, Transaction } from 'kysely';
import type { Client } from 'pg';
import { ConnectFn, kyselyOn, Riders } from './connection';
import { compareCursors, probeLog, readBatch, START } from './log';
import type { AnySchema, Cursor, RecordedEvent, SubscriptionFilter } from './types';
import { checkpointLock, CheckpointRow, checkpointLockText, checkpointMoveText, checkpointReadText, lockKey } from './checkpoint-sql';

export { checkpointLock, lockKey } from './checkpoint-sql';

/** Handles a batch in its transaction; what it returns is handed to `afterCommit`. */
export type SubscriptionHandler = (events: RecordedEvent[], trx: Transaction<AnySchema>) => Promise<unknown>;

export interface SubscriptionLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface SubscriptionOptions {
  /** Events handed to one handler call, in one transaction. */
  batchSize?: number;
  /** Fallback poll when no notice arrives (a lost LISTEN connection, another database client). */
  pollIntervalMs?: number;
  /** How often a standby instance tries to take the advisory lock. */
  lockPollMs?: number;
  /** Failed attempts of one batch before the subscription is marked faulted. */
  maxAttempts?: number;
  /** First back-off after a failure; doubles on each further failure, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  logger?: SubscriptionLogger;
  /**
   * Told after the commit of a batch that handled events, with what the handler returned: a
   * reactor that recorded messages in its outbox wakes their sender, one that recorded none
   * spares it a claim that would find nothing.
   */
  afterCommit?: (handled: number, result: unknown) => void;
  /**
   * How long a subscription woken by an append waits before reading, so that the appends right
   * behind it join the same batch. Each batch is a transaction of a dozen statements on the
   * process's event loop: under a stream of appends, one batch per append competes with the
   * requests themselves.
   */
  gatherMs?: number;
  /**
   * A checkpoint moved only past events the subscription does not want is kept in memory and
   * written at most this often (ms), or sooner once it is `lazyPositions` ahead of the stored
   * one, or when the subscription goes idle or stops (docs/eventstore.md).
   */
  lazyMs?: number;
  lazyPositions?: number;
}

export type SubscriptionState = 'stopped' | 'connecting' | 'standby' | 'running' | 'faulted';

const silent: SubscriptionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The handler threw: the batch is retried, then the subscription is faulted. */
class HandlerFailed extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const describe = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err)).slice(0, 4000);

/**
 * One named reader of the global log. Each batch reads the events after its checkpoint in
 * (transaction_id, position) order below the horizon, runs the handler and moves the
 * checkpoint in one transaction, on the connection that holds the subscription's
 * session advisory lock. A second instance polls for that lock and takes over when the first
 * stops or its connection dies.
 */
export class Subscription {
  private readonly opts: Required<Omit<SubscriptionOptions, 'logger' | 'afterCommit'>> &
    Pick<SubscriptionOptions, 'afterCommit'> & { logger: SubscriptionLogger };
  private client?: Client;
  private db?: Kysely<AnySchema>;
  /** What rides with the batch's BEGIN and COMMIT on this connection (connection.ts). */
  private readonly riders: Riders = {};
  private locked = false;
  private broken = false;
  private stopping = false;
  private loop?: Promise<void>;
  private pending = false;
  private wakeUp?: () => void;
  private attempts = 0;
  private _state: SubscriptionState = 'stopped';
  private _cursor: Cursor = START;
  private loaded = false;
  private behind = false;
  /** The checkpoint as its row holds it, when this instance last wrote or read it under the lock. */
  private stored?: Cursor;
  private storedAt = 0;

  constructor(
    readonly name: string,
    readonly filter: SubscriptionFilter,
    private readonly handler: SubscriptionHandler,
    private readonly connect: ConnectFn,
    options: SubscriptionOptions = {},
  ) {
    this.opts = {
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: options.pollIntervalMs ?? 2000,
      lockPollMs: options.lockPollMs ?? 2000,
      maxAttempts: options.maxAttempts ?? 5,
      retryBaseMs: options.retryBaseMs ?? 200,
      retryMaxMs: options.retryMaxMs ?? 10_000,
      gatherMs: options.gatherMs ?? GATHER_MS,
      lazyMs: options.lazyMs ?? LAZY_MS,
      lazyPositions: options.lazyPositions ?? LAZY_POSITIONS,
      logger: options.logger ?? silent,
      afterCommit: options.afterCommit,
    };
  }

  get state(): SubscriptionState {
    return this._state;
  }

  /** Where this instance has read to: its checkpoint, or past it by events it does not want. */
  get cursor(): Cursor {
    return this._cursor;
  }

  get position(): number {
    return this._cursor.position;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this._state = 'connecting';
    this.loop = this.run().finally(() => {
      this._state = 'stopped';
      this.loop = undefined;
    });
  }

  /** Something was appended: read now rather than at the next poll. */
  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  /** Lets the batch in flight finish, then releases the lock and the connection. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopping) {
        try {
          await this.step();
        } catch (err) {
          await this.onError(err);
        }
      }
    } finally {
      await this.flush(true).catch(() => undefined);
      await this.disconnect();
    }
  }

  private async step(): Promise<void> {
    if (!this.client || this.broken) {
      await this.disconnect();
      this._state = 'connecting';
      await this.open();
    }
    if (!this.locked) {
      this.locked = await this.tryLock();
      if (!this.locked) {
        this._state = 'standby';
        await this.sleep(this.opts.lockPollMs, false);
        return;
      }
      this.opts.logger.log(`subscription ${this.name} took the lock`);
      this.attempts = 0;
      this.loaded = false;
      this.stored = undefined;
      this._state = 'running';
    }
    // Faulted: hold the lock so no standby retries forever, and wait for stop().
    if (this._state === 'faulted') {
      await this.sleep(this.opts.pollIntervalMs, false);
      return;
    }
    const next = await this.batch();
    this.attempts = 0;
    if (next === 'more') return;
    // Events above the horizon wait only for a running transaction to end: look again soon.
    const woken = await this.sleep(next === 'held' ? HELD_RETRY_MS : this.opts.pollIntervalMs, true);
    if (woken && this.opts.gatherMs > 0) await this.sleep(this.opts.gatherMs, false);
  }

  private async open(): Promise<void> {
    const client = await this.connect();
    this.broken = false;
    const lost = () => {
      if (this.client === client) this.broken = true;
    };
    client.on('error', lost);
    client.on('end', lost);
    this.client = client;
    this.riders.afterBegin = undefined;
    this.riders.beforeCommit = undefined;
    this.db = kyselyOn(client, this.riders);
    await sql`INSERT INTO es_checkpoints (name) VALUES (${this.name}) ON CONFLICT (name) DO NOTHING`.execute(this.db);
  }

  private async tryLock(): Promise<boolean> {
    const res = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtextextended(${lockKey(this.name)}, 0)) AS locked`.execute(this.db!);
    return res.rows[0].locked;
  }

  /**
   * One transaction: lock the checkpoint row, read a batch after it, handle it, move it. Says
   * whether more is readable now, held back by a running transaction, or nothing.
   */
  private async batch(): Promise<'more' | 'held' | 'idle'> {
    const woken = this.pending;
    this.pending = false;
    // Idle polls stay out of transactions: a probe with the cursor last seen. A reader catching
    // up (its last batch was full) skips it, and so does one woken by an append it wants: the
    // batch's own read says as much, one round trip less.
    if (this.loaded && !this.behind && !woken) {
      const probe = await probeLog(this.db!, this._cursor);
      if (!probe.readable) {
        // Quiet for a whole poll: a move kept in memory is written now.
        if (!probe.held) await this.flush(false);
        return probe.held ? 'held' : 'idle';
      }
    }
    let handled = 0;
    let result: unknown;
    // The checkpoint's lock is taken, and the checkpoint read, in the BEGIN's round trip; it is
    // moved in the COMMIT's. The horizon comes with the checkpoint. The read follows the lock
    // in the same round trip, so it sees the checkpoint a rebuild holding the lock committed.
    // The lock is an advisory one, not the row's: a row lock would give this transaction an id
    // from its first statement, and every reader's horizon would then wait for the whole
    // batch; the id now comes only with the handler's first write.
    let cp: CheckpointRow | undefined;
    this.riders.afterBegin = `${checkpointLockText(this.client!, this.name)}; ${checkpointReadText(this.client!, this.name)}`;
    this.riders.begun = (rows) => (cp = rows[0] as CheckpointRow);
    const { full, held, to, write } = await this.db!.transaction().execute(async (trx) => {
      if (!cp) throw new Error(`checkpoint ${this.name} not read with its lock`);
      const row: Cursor = { transactionId: cp.transaction_id, position: Number(cp.position) };
      // The row as this instance left it: the cursor kept in memory past it, over events this
      // subscription does not want, is where to go on from. A row someone else moved (a rebuild)
      // is the truth, and the move kept in memory is dropped.
      const ours = this.loaded && this.stored !== undefined && compareCursors(row, this.stored) === 0;
      const from: Cursor = ours && compareCursors(this._cursor, row) > 0 ? this._cursor : row;
      if (!ours) this.storedAt = Date.now();
      this.stored = row;
      this._cursor = from;
      this.loaded = true;
      const horizon = cp.horizon;
      const read = await readBatch(trx, from, horizon, this.filter, this.opts.batchSize);
      const { events } = read;
      if (events.length) {
        try {
          result = await this.handler(events, trx);
          handled = events.length;
        } catch (err) {
          throw new HandlerFailed(err);
        }
      }
      const full = events.length === this.opts.batchSize;
      // A filtered subscription moves on past the events it does not want.
      let to = full ? read.last! : (read.end ?? from);
      if (compareCursors(to, from) < 0) to = from;
      const running = cp.status === 'running';
      const outcome = { full, held: read.held, to, write: false };
      if (compareCursors(to, row) === 0 && running) return outcome;
      // Nothing wanted: the move stays in memory (nothing written, so the commit costs
      // nothing); a restart before it is written reads these events again and skips them again.
      if (!events.length && running && !this.due(to)) return outcome;
      this.riders.beforeCommit = checkpointMoveText(this.client!, this.name, to, running);
      return { ...outcome, write: true };
    });
    // Moved only once the move has committed: a failed commit leaves both where the row is.
    this._cursor = to;
    if (write) {
      this.stored = to;
      this.storedAt = Date.now();
    }
    this.behind = full;
    if (handled) this.opts.afterCommit?.(handled, result);
    // Appended after this batch's read: the append's wake is pending, so no probe is needed to find it.
    return full ? 'more' : held ? 'held' : 'idle';
  }

  /** Whether a move kept in memory has waited long enough, or gone far enough, to be written. */
  private due(to: Cursor): boolean {
    return Date.now() - this.storedAt >= this.opts.lazyMs || to.position - (this.stored?.position ?? 0) >= this.opts.lazyPositions;
  }

  /**
   * Writes a move kept in memory, only over the row as this instance left it: a rebuild that
   * moved the row since wins. Outside a batch, so under the checkpoint's lock like one.
   */
  private async flush(stopping: boolean): Promise<void> {
    const stored = this.stored;
    const to = this._cursor;
    if (!this.locked || !this.db || this.broken || !stored || compareCursors(to, stored) <= 0) return;
    await this.db.transaction().execute(async (trx) => {
      await checkpointLock(this.name).execute(trx);
      const res = await sql`${stopping ? sql`` : sql`WITH relax AS (SELECT set_config('synchronous_commit', 'off', true)) `}UPDATE es_checkpoints
        SET transaction_id = ${to.transactionId}::xid8, position = ${to.position}, updated_at = now()
        ${stopping ? sql`` : sql`FROM relax `}WHERE name = ${this.name} AND transaction_id = ${stored.transactionId}::xid8 AND position = ${stored.position}`.execute(
        trx,
      );
      if (Number(res.numAffectedRows ?? 0) === 1) {
        this.stored = to;
        this.storedAt = Date.now();
      } else {
        // Moved by someone else: the next batch starts from the row.
        this.stored = undefined;
      }
    });
  }

  private async onError(err: unknown): Promise<void> {
    if (this.broken || !this.client) {
      // The connection is gone, and with it the lock: start over, as a standby might.
      this.locked = false;
      if (this._state !== 'faulted') this._state = 'connecting';
      this.opts.logger.warn(`subscription ${this.name}: connection lost (${err instanceof Error ? err.message : String(err)})`);
      await this.sleep(Math.min(this.opts.retryMaxMs, this.opts.lockPollMs), false);
      return;
    }
    this.attempts++;
    const cause = err instanceof HandlerFailed ? err.cause : err;
    const faulted = this.attempts >= this.opts.maxAttempts;
    this.opts.logger.error(
      `subscription ${this.name} failed after position ${this._cursor.position} (attempt ${this.attempts}${faulted ? ', now faulted' : ''}): ${describe(cause)}`,
    );
    try {
      await sql`UPDATE es_checkpoints SET attempts = ${this.attempts}, error = ${describe(cause)}, status = ${faulted ? 'faulted' : 'retrying'}, updated_at = now() WHERE name = ${this.name}`.execute(
        this.db!,
      );
    } catch {
      this.broken = true;
    }
    if (faulted) {
      this._state = 'faulted';
      return;
    }
    const backoff = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** (this.attempts - 1));
    await this.sleep(backoff, false);
  }

  /** Waits for the delay, stop(), or (when `wakeable`) an append notice; says whether a notice ended it. */
  private sleep(ms: number, wakeable: boolean): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    if (wakeable && this.pending) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), ms);
      this.wakeUp = () => {
        if (this.stopping) done(false);
        else if (wakeable) done(true);
      };
    });
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.db = undefined;
    this.locked = false;
    if (client) await client.end().catch(() => undefined);
  }
}

/** How soon to look again when events wait above the horizon. */
const HELD_RETRY_MS = 25;

/** The default wait of a woken subscription for the appends right behind the one that woke it. */
const GATHER_MS = 20;

/** How long, and how far, a checkpoint moved only past unwanted events may go unwritten. */
const LAZY_MS = 5000;
const LAZY_POSITIONS = 10_000;
