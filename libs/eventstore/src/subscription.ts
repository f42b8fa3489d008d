import { Kysely, sql, Transaction } from 'kysely';
import type { Client } from 'pg';
import { ConnectFn, kyselyOn } from './connection';
import { compareCursors, lastBelow, probeLog, readLog, START } from './pg-event-store';
import type { AnySchema, Cursor, RecordedEvent, SubscriptionFilter } from './types';

export type SubscriptionHandler = (events: RecordedEvent[], trx: Transaction<AnySchema>) => Promise<void>;

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
  /** Told after the commit of a batch that handled events (a reactor's outbox may then be sent at once). */
  afterCommit?: (handled: number) => void;
  /**
   * How long a subscription woken by an append waits before reading, so that the appends right
   * behind it join the same batch. Each batch is a transaction of a dozen statements on the
   * process's event loop: under a stream of appends, one batch per append competes with the
   * requests themselves.
   */
  gatherMs?: number;
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
      logger: options.logger ?? silent,
      afterCommit: options.afterCommit,
    };
  }

  get state(): SubscriptionState {
    return this._state;
  }

  /** The checkpoint this instance last committed or read. */
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
    this.db = kyselyOn(client);
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
    this.pending = false;
    // Idle polls stay out of transactions: a probe with the cursor last seen. A reader catching
    // up (its last batch was full) skips it.
    if (this.loaded && !this.behind) {
      const probe = await probeLog(this.db!, this._cursor);
      if (!probe.readable) return probe.held ? 'held' : 'idle';
    }
    let handled = 0;
    const full = await this.db!.transaction().execute(async (trx) => {
      // The horizon comes with the checkpoint, one round trip less per batch. It may be taken
      // before the row lock is granted: an older horizon is only more careful (all below it is final).
      // The checkpoint's lock is an advisory one, not the row's: a row lock would give this
      // transaction an id from its first statement, and every reader's horizon would then wait
      // for the whole batch; the id now comes only with the handler's first write.
      await checkpointLock(this.name).execute(trx);
      const cp = await sql<{ transaction_id: string; position: string; status: string; horizon: string }>`
        SELECT transaction_id::text AS transaction_id, position, status, pg_snapshot_xmin(pg_current_snapshot())::text AS horizon
        FROM es_checkpoints WHERE name = ${this.name}`.execute(trx);
      const from: Cursor = { transactionId: cp.rows[0].transaction_id, position: Number(cp.rows[0].position) };
      this._cursor = from;
      this.loaded = true;
      const horizon = cp.rows[0].horizon;
      const { events, last } = await readLog(trx, from, horizon, this.filter, this.opts.batchSize);
      if (events.length) {
        try {
          await this.handler(events, trx);
          handled = events.length;
        } catch (err) {
          throw new HandlerFailed(err);
        }
      }
      const full = events.length === this.opts.batchSize;
      // A filtered subscription moves on past the events it does not want.
      const to = full ? last! : ((await lastBelow(trx, horizon)) ?? from);
      const moved = compareCursors(to, from) > 0;
      if (moved || cp.rows[0].status !== 'running') {
        await sql`UPDATE es_checkpoints SET transaction_id = ${to.transactionId}::xid8, position = ${to.position}, status = 'running', error = NULL, attempts = 0, updated_at = now()
          WHERE name = ${this.name}`.execute(trx);
      }
      this._cursor = moved ? to : from;
      return full;
    });
    this.behind = full;
    if (handled) this.opts.afterCommit?.(handled);
    if (full) return 'more';
    const after = await probeLog(this.db!, this._cursor);
    return after.readable ? 'more' : after.held ? 'held' : 'idle';
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

export const lockKey = (name: string) => `es_subscription:${name}`;

/**
 * Held by a batch of a subscription, and by a rebuild of its projection, until their commit:
 * the two never interleave. Taken before the checkpoint is read, so the read sees the other's
 * committed checkpoint.
 */
export const checkpointLock = (name: string) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${`es_checkpoint:${name}`}, 0))`;
