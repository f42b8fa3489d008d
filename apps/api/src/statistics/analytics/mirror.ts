import type { Logger } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { Client } from 'pg';
import {
  type AnySchema,
  type AsyncProjection,
  compareCursors,
  type ConnectFn,
  type Cursor,
  kyselyOn,
  readBatch,
  readHorizon,
  type SubscriptionFilter,
} from '@tabour/eventstore';

/** The checkpoint row of the mirror in the analytics database. */
export const MIRROR_NAME = 'statistics.figures';
/** Its session lock, in the product's database, where no analyst can take it. */
export const MIRROR_LOCK = 'analytics:statistics.figures';

export interface MirrorOptions {
  batchSize?: number;
  /** A fallback poll when no append of this process wakes it (another instance's appends). */
  pollMs?: number;
  /** How often it looks whether the analytics database exists yet, and a standby for the lock. */
  probeMs?: number;
  /** How long a checkpoint moved only past events it does not want may go unwritten. */
  lazyMs?: number;
}

type MirrorState = 'stopped' | 'absent' | 'standby' | 'running';

const parseCursor = (r: { transaction_id: string; position: string | number }): Cursor => ({
  transactionId: r.transaction_id,
  position: Number(r.position),
});

/**
 * Applies the statistics projection to the analytics database, from the product's log: a
 * subscription whose checkpoint lives in the analytics database and moves in the transaction of
 * the rows it writes, so each event is applied there exactly once (docs/statistics.md). One
 * instance runs it at a time (a session lock in the product's database); a batch locks the
 * checkpoint's row first, so even two runners (a lock lost mid-batch) never apply one event twice.
 */
export class AnalyticsMirror {
  private readonly opts: Required<MirrorOptions>;
  private readonly filter: SubscriptionFilter;
  private product?: Client;
  private productDb?: Kysely<AnySchema>;
  private analytics?: Client;
  private analyticsDb?: Kysely<AnySchema>;
  private locked = false;
  private stopping = false;
  private loop?: Promise<void>;
  private pending = false;
  private wakeUp?: () => void;
  /** The row as last read or written, and where this instance has read to (past unwanted events). */
  private stored?: Cursor;
  private cursor?: Cursor;
  private storedAt = 0;
  private _state: MirrorState = 'stopped';

  constructor(
    private readonly projection: AsyncProjection,
    private readonly connectProduct: ConnectFn,
    private readonly connectAnalytics: ConnectFn,
    private readonly exists: () => Promise<boolean>,
    private readonly log: Logger,
    options: MirrorOptions = {},
  ) {
    this.opts = {
      batchSize: options.batchSize ?? projection.batchSize ?? 500,
      pollMs: options.pollMs ?? 1000,
      probeMs: options.probeMs ?? 5000,
      lazyMs: options.lazyMs ?? 5000,
    };
    this.filter = { eventTypes: projection.handles, categories: projection.categories };
  }

  get state(): MirrorState {
    return this._state;
  }

  /** Whether an appended event is one the mirror applies. */
  wants(e: { type: string; category: string }): boolean {
    const f = this.filter;
    return (!f.categories?.length || f.categories.includes(e.category)) && (!f.eventTypes?.length || f.eventTypes.includes(e.type));
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run().finally(() => {
      this._state = 'stopped';
      this.loop = undefined;
    });
  }

  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    try {
      while (!this.stopping) {
        try {
          await this.step();
          failures = 0;
        } catch (err) {
          failures++;
          // A failed batch moved nothing: the next one starts from the row again.
          this.stored = undefined;
          this.cursor = undefined;
          if (failures === 1 || failures % 20 === 0)
            this.log.error(`the analytics mirror failed (${failures}×): ${err instanceof Error ? err.message : String(err)}`);
          await this.disconnect();
          await this.sleep(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)), false);
        }
      }
    } finally {
      await this.flush().catch(() => undefined);
      await this.disconnect();
    }
  }

  private async step(): Promise<void> {
    if (!this.product) {
      // A lost connection is told by the next statement, which ends the batch and starts over.
      this.product = await this.connectProduct();
      this.product.on('error', () => undefined);
      this.productDb = kyselyOn(this.product);
    }
    if (!this.locked) {
      if (!(await this.exists())) {
        this._state = 'absent';
        await this.sleep(this.opts.probeMs, false);
        return;
      }
      const got = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(hashtextextended(${MIRROR_LOCK}, 0)) AS ok`.execute(this.productDb!);
      if (!got.rows[0].ok) {
        this._state = 'standby';
        await this.sleep(this.opts.probeMs, false);
        return;
      }
      this.locked = true;
      this.stored = this.cursor = undefined;
      this._state = 'running';
      this.log.log('the analytics mirror took its lock');
    }
    if (!this.analytics) {
      this.analytics = await this.connectAnalytics();
      this.analytics.on('error', () => undefined);
      this.analyticsDb = kyselyOn(this.analytics);
    }
    const next = await this.batch();
    if (next === 'more') return;
    await this.sleep(next === 'held' ? 25 : this.opts.pollMs, true);
  }

  /** One batch: events read from the product's log, applied to the analytics database with its checkpoint. */
  private async batch(): Promise<'more' | 'held' | 'idle'> {
    this.pending = false;
    // The row, read each time (one primary-key read): a rebuild from another process sets it
    // back to the start while this instance is idle, and is seen here, not only at the next write.
    const found = await sql<{ transaction_id: string; position: string }>`
      SELECT transaction_id::text AS transaction_id, position FROM analytics_checkpoint WHERE name = ${MIRROR_NAME}`.execute(this.analyticsDb!);
    if (!found.rows[0]) throw new Error('the analytics database has no checkpoint row');
    const row = parseCursor(found.rows[0]);
    if (!this.stored || !this.cursor || compareCursors(row, this.stored) !== 0) {
      this.stored = this.cursor = row;
      this.storedAt = Date.now();
    }
    const from = this.cursor;
    const horizon = await readHorizon(this.productDb!);
    const read = await readBatch(this.productDb!, from, horizon, this.filter, this.opts.batchSize);
    const full = read.events.length === this.opts.batchSize;
    let to = full ? read.last! : (read.end ?? from);
    if (compareCursors(to, from) < 0) to = from;
    if (!read.events.length) {
      // Only events it does not want: moved in memory, written now and then.
      this.cursor = to;
      if (Date.now() - this.storedAt >= this.opts.lazyMs) await this.flush();
      return read.held ? 'held' : 'idle';
    }
    const expected = this.stored;
    const moved = await this.analyticsDb!.transaction().execute(async (trx) => {
      const row = await sql<{ transaction_id: string; position: string }>`
        SELECT transaction_id::text AS transaction_id, position FROM analytics_checkpoint WHERE name = ${MIRROR_NAME} FOR UPDATE`.execute(trx);
      // Moved by someone else (a rebuild, another runner): start again from the row.
      if (!row.rows[0] || compareCursors(parseCursor(row.rows[0]), expected) !== 0) return false;
      await this.projection.apply(trx, read.events);
      await sql`UPDATE analytics_checkpoint SET transaction_id = ${to.transactionId}::xid8, position = ${to.position}, updated_at = now()
        WHERE name = ${MIRROR_NAME}`.execute(trx);
      return true;
    });
    if (!moved) {
      this.stored = this.cursor = undefined;
      return 'more';
    }
    this.stored = this.cursor = to;
    this.storedAt = Date.now();
    return full ? 'more' : read.held ? 'held' : 'idle';
  }

  /** Writes a move kept in memory, only over the row as this instance left it. */
  private async flush(): Promise<void> {
    const stored = this.stored;
    const to = this.cursor;
    if (!this.analyticsDb || !stored || !to || compareCursors(to, stored) <= 0) return;
    const res = await sql`UPDATE analytics_checkpoint SET transaction_id = ${to.transactionId}::xid8, position = ${to.position}, updated_at = now()
      WHERE name = ${MIRROR_NAME} AND transaction_id = ${stored.transactionId}::xid8 AND position = ${stored.position}`.execute(this.analyticsDb);
    if (Number(res.numAffectedRows ?? 0) === 1) this.stored = to;
    else this.stored = this.cursor = undefined;
    this.storedAt = Date.now();
  }

  private sleep(ms: number, wakeable: boolean): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    if (wakeable && this.pending) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), ms);
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve(woken);
      };
      this.wakeUp = () => (this.stopping ? done(false) : wakeable ? done(true) : undefined);
    });
  }

  private async disconnect(): Promise<void> {
    const clients = [this.product, this.analytics];
    this.product = this.analytics = undefined;
    this.productDb = this.analyticsDb = undefined;
    this.locked = false;
    if (this._state === 'running') this._state = 'standby';
    await Promise.all(clients.map((c) => c?.end().catch(() => undefined)));
  }
}

/**
 * Empties the analytics database's statistics tables and sets the mirror back to the start of
 * the log, in one short transaction; the mirror then replays the log in batches. A runner's
 * batch holds the checkpoint's row, so the two never interleave.
 */
export async function resetMirror(analytics: Kysely<AnySchema>, tables: readonly string[]): Promise<void> {
  await analytics.transaction().execute(async (trx) => {
    // An analyst's open transaction holds its tables: waited for as long as the product lets
    // one last (the watchdog ends it), not for ever.
    await sql`SET LOCAL lock_timeout = '30s'`.execute(trx);
    await sql`SELECT 1 FROM analytics_checkpoint WHERE name = ${MIRROR_NAME} FOR UPDATE`.execute(trx);
    await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    await sql`UPDATE analytics_checkpoint SET transaction_id = '0', position = 0, updated_at = now() WHERE name = ${MIRROR_NAME}`.execute(trx);
  });
}
