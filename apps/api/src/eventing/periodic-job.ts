import type { Logger } from '@nestjs/common';

/**
 * A scheduled sweep's timer: runs the job every `everyMs`, never two runs at once in one
 * instance (a tick during a run is dropped, the next finds what is left), and lets shutdown wait
 * for the run under way. Sharing the rows between instances is the job's own (its claims).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly what: string,
    private readonly log: Logger,
    private readonly job: () => Promise<unknown>,
  ) {}

  start(everyMs: number): void {
    this.timer = setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
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
