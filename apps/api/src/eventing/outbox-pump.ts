import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/** What an outbox sender tells its pump: how to claim, send and recover its own rows. */
export interface OutboxPumpOptions<T> {
  /** Rows sent at once by this instance. */
  parallel: number;
  /** The poll period: dead senders' claims are looked for at most once in it. */
  pollMs: number;
  /**
   * Claims at most `limit` due rows with a lease (FOR UPDATE SKIP LOCKED, so instances never take
   * the same one); `now` is when the pass began.
   */
  claim: (limit: number, now: Date) => Promise<T[]>;
  /** Sends one claimed row and marks it (sent, or queued again): its lease ends either way. */
  send: (row: T) => Promise<unknown>;
  /** Gives back, or settles, the claims whose lease ran out: their sender died before marking them. */
  recover: (now: Date) => Promise<unknown>;
  /** Asked on every wake; a sender that is off never claims. */
  enabled?: () => boolean;
  /** A pass that failed (no row), or one row's send that failed. */
  failed: (err: unknown, row?: T) => void;
}

/**
 * The claim-with-lease / send / release loop of an outbox sender, one per instance: claims as
 * many rows as there is room for in flight and sends each as soon as it is claimed, so a new
 * row never waits for a whole batch of slower ones; each finished send looks for more. One pass
 * runs at a time; a wake during a pass runs another after it. Exactly once across instances is
 * the claim's (a row is claimed by one sender) and the mark's (a sender marks only the row it
 * still holds); after a crash the lease runs out and `recover` takes the row up again.
 */
export class OutboxPump<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;
  private stopped = false;
  private inFlight = 0;
  private recoveredAt = 0;

  constructor(private readonly o: OutboxPumpOptions<T>) {}

  /** Polls as well as being woken: rows whose retry fell due, and dead senders' claims, are found by the poll. */
  start(): void {
    this.timer = setInterval(() => this.wake(), this.o.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Claims no more; the sends in flight finish and are marked (for a while): an unmarked one waits for its lease to run out. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    for (const end = Date.now() + 10_000; this.inFlight > 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
  }

  wake(): void {
    if (this.stopped || (this.o.enabled && !this.o.enabled())) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pump()
      .catch((err) => this.o.failed(err))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pump(): Promise<void> {
    const now = new Date();
    // Dead senders' claims are looked for at most once a poll period, not on every wake.
    if (now.getTime() - this.recoveredAt >= this.o.pollMs) {
      this.recoveredAt = now.getTime();
      await this.o.recover(now);
    }
    while (!this.stopped) {
      const room = this.o.parallel - this.inFlight;
      if (room <= 0) return;
      const claimed = await this.o.claim(room, now);
      if (!claimed.length) return;
      for (const row of claimed) {
        this.inFlight++;
        void this.o
          .send(row)
          .catch((err) => this.o.failed(err, row))
          .finally(() => {
            this.inFlight--;
            this.wake();
          });
      }
      if (claimed.length < room) return;
    }
  }
}

/**
 * An outbox sender's life with its pump: it starts polling with the application when this
 * instance sends at all, stops with it (the sends in flight are marked first), and is woken by
 * whoever records rows.
 */
export abstract class PumpedSender<T> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly pump: OutboxPump<T>;
  /** Whether this instance sends at all: the eventing's autostart and the sender's own switch. */
  protected abstract sends(): boolean;

  onApplicationBootstrap(): void {
    if (!this.sends()) return;
    this.pump.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pump.stop();
  }

  /** Called when rows were recorded (and by the poll): claims as many as there is room for and sends each at once. */
  wake(): void {
    this.pump.wake();
  }
}

/** Runs `work` on every item with at most `parallel` at once, in the items' order; resolves when all are done. */
export async function eachInParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(parallel, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}
