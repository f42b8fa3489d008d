import type { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '@tabour/platform';

/**
 * A scheduled sweep's timer: runs the job every `everyMs`, never two runs at once in one
 * instance (a tick during a run is dropped, the next finds what is left), and lets shutdown wait
 * for the run under way. Sharing the rows between instances is the job's own (its claims, or
 * `underAdvisoryLock` for a job that runs whole on one instance at a time). The application's
 * jobs are timed by the `Scheduler` (scheduler.ts), which starts and stops them with it.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    readonly what: string,
    private readonly log: Logger,
    private readonly job: () => Promise<unknown>,
  ) {}

  start(everyMs: number): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One line per run: at debug when it went through, at error (with the error) when it failed. */
  tick(): Promise<unknown> {
    if (this.running) return this.running;
    const started = performance.now();
    const ms = () => Math.round((performance.now() - started) * 10) / 10;
    this.running = this.job()
      .then(
        (result) => {
          const handled = typeof result === 'number' ? { handled: result } : {};
          this.log.debug({ job: this.what, durationMs: ms(), outcome: 'ok', ...handled, msg: `${this.what} ran` });
        },
        (err: unknown) => this.log.error({ job: this.what, durationMs: ms(), outcome: 'failed', err, msg: `${this.what} failed: ${String(err)}` }),
      )
      .finally(() => (this.running = null));
    return this.running;
  }
}

/** Runs `batch` until one handles fewer than `size` rows (nothing is left due); answers the rows handled. */
export async function untilShortBatch(size: number, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < size) return total;
  }
}

/**
 * Runs `work` on one instance of the installation at a time: it holds the session advisory lock
 * `key` on a connection of its own for the run, so an instance that dies mid-run releases it with
 * its connection and the next tick of another takes over. Answers null, running nothing, while
 * another instance holds it.
 */
export function underAdvisoryLock<T>(db: Db, key: number, work: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${key}) AS ok`.execute(conn);
    if (!got.rows[0].ok) return null;
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
