import { Inject, Injectable, Logger } from '@nestjs/common';
import { Db } from '@tabour/platform';
import { DB } from '../common/tokens';
import { underAdvisoryLock } from '../eventing/periodic-job';
import { Scheduler } from '../eventing/scheduler';
import { QueueClock } from './clock';
import { QueueQueries } from './queries';
import { QueueRunner } from './runner';

const SYSTEM = { type: 'system' as const, name: 'day end' };
/** One number for the whole installation: pg_try_advisory_lock(DAY_END_LOCK). */
export const DAY_END_LOCK = 0x7a62_0001;

/**
 * Closes the tickets a day left open: when a business's own day has turned, its tickets of an
 * earlier day that are still waiting, in service or on hold are archived as
 * `closed_at_day_end`. It runs every few minutes on one instance at a time (an advisory lock
 * held on one connection for the run), and is safe to run again: a queue with nothing left
 * from an earlier day decides nothing.
 */
@Injectable()
export class DayEndJob {
  private readonly log = new Logger('queues.day-end');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queries: QueueQueries,
    private readonly clock: QueueClock,
    private readonly runner: QueueRunner,
    scheduler: Scheduler,
  ) {
    scheduler.every('dayEnd', 'day end', this.log, () => this.run());
  }

  /** Closes what is due; answers how many tickets were closed, or null when another instance holds the run. */
  async run(): Promise<number | null> {
    return underAdvisoryLock(this.db, DAY_END_LOCK, async () => {
      let closed = 0;
      for (const q of await this.queries.queuesWithOpenTickets()) {
        const { day, at } = await this.clock.now(q.tenant_id);
        if (q.oldest >= day) continue;
        try {
          const { events } = await this.runner.submit({ type: 'CloseDay', queue_id: q.queue_id, business_id: q.tenant_id, day, at }, SYSTEM);
          closed += events.length;
        } catch (err) {
          this.log.warn(`queue ${q.queue_id}: ${String(err)}`);
        }
      }
      if (closed) this.log.log(`${closed} tickets of past days closed`);
      return closed;
    });
  }
}
