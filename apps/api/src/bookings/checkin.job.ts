import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { Actor } from '@tabour/eventstore';
import { BOOKING_SETTINGS_DEFAULTS, bookingDecider, bookingStream } from '@tabour/bookings';
import { queueCards, ticketCards } from '@tabour/queues';
import { Db, DomainError } from '@tabour/platform';
import { Commands } from '../common/commands';
import { DB } from '../common/tokens';
import { underAdvisoryLock } from '../eventing/periodic-job';
import { Scheduler } from '../eventing/scheduler';
import { QueueClock } from '../queues/clock';
import { BookingCheckins } from './checkin.service';

const SYSTEM: Actor = { type: 'system', name: 'bookings' };
/** One number for the whole installation: pg_try_advisory_lock(BOOKING_JOB_LOCK). */
export const BOOKING_JOB_LOCK = 0x7a62_0003;
/** At most this many bookings per kind and run: a backlog (a first start on old data) drains over a few runs. */
const BATCH = 500;

export interface BookingJobRun {
  pushed: number;
  no_show: number;
  /** Checked-in bookings whose ticket left the queue, closed as it left (served: completed; no-show or absent: no-show). */
  followed: number;
}

/** How a ticket's leaving the queue closes its booking; other ways out (revoked, closed at day end) leave the booking to the desk. */
const FOLLOWS = { ended: 'CompleteBooking', no_show: 'MarkBookingNoShow', absent: 'MarkBookingNoShow' } as const;

/**
 * The bookings' clock work, on one instance at a time (an advisory lock held on one connection
 * for the run):
 * - a queue with "auto push bookings" gets each of its confirmed bookings of the business's
 *   today at the booking's start, as a check-in by the system;
 * - a booking still not checked in `no_show_after_minutes` (booking settings) after its start
 *   is marked no-show.
 * - a checked-in booking whose ticket was served is completed, one whose ticket was marked
 *   no-show or absent at the counter is a no-show: the queue's no-show rules decide the booking.
 * All are decided by the booking's own stream, so a run repeated, or racing a desk's check-in,
 * changes nothing twice.
 */
@Injectable()
export class BookingClockJob {
  private readonly log = new Logger('bookings.clock');

  constructor(
    private readonly commands: Commands,
    @Inject(DB) private readonly db: Db,
    private readonly checkins: BookingCheckins,
    private readonly clock: QueueClock,
    scheduler: Scheduler,
  ) {
    scheduler.every('bookings', 'bookings clock', this.log, () => this.run());
  }

  /** Does what is due at `now`; null when another instance holds the run. */
  async run(now = new Date()): Promise<BookingJobRun | null> {
    return underAdvisoryLock(this.db, BOOKING_JOB_LOCK, async () => {
      const pushed = await this.autoPush(now);
      const noShow = await this.markNoShows(now);
      const followed = await this.followTickets();
      if (pushed || noShow || followed)
        this.log.log(`${pushed} bookings pushed to their queues, ${noShow} marked no-show, ${followed} closed with their tickets`);
      return { pushed, no_show: noShow, followed };
    });
  }

  private async autoPush(now: Date): Promise<number> {
    // Started already, within the last day (the local-date test below narrows it to the business's today).
    const due = await this.db
      .selectFrom('bookings as b')
      .innerJoin(queueCards(this.db).as('q'), (j) => j.onRef('q.id', '=', 'b.queue_id').onRef('q.tenant_id', '=', 'b.tenant_id'))
      .select(['b.id', 'b.tenant_id', 'b.local_date'])
      .where('b.status', '=', 'confirmed')
      .where('b.starts_at', '<=', now)
      .where('b.starts_at', '>', new Date(now.getTime() - 86_400_000))
      .where(sql<boolean>`(q.settings->>'auto_push_bookings')::boolean`)
      .orderBy('b.starts_at')
      .limit(BATCH)
      .execute();
    let pushed = 0;
    for (const b of due) {
      if (String(b.local_date) !== (await this.clock.now(b.tenant_id)).day) continue;
      try {
        await this.checkins.checkIn(b.tenant_id, b.id, SYSTEM);
        pushed++;
      } catch (err) {
        // A refusal (the customer already waits in that queue, the queue was deleted) leaves the booking to the desk.
        if (!(err instanceof DomainError)) throw err;
        this.log.warn(`booking ${b.id} not pushed: ${err.message}`);
      }
    }
    return pushed;
  }

  private async followTickets(): Promise<number> {
    const left = await this.db
      .selectFrom('bookings as b')
      .innerJoin(ticketCards(this.db).as('t'), (j) => j.onRef('t.id', '=', 'b.ticket_id').onRef('t.tenant_id', '=', 'b.tenant_id'))
      .select(['b.id', 'b.tenant_id', 't.status'])
      .where('b.status', '=', 'checked_in')
      .where('t.status', 'in', Object.keys(FOLLOWS) as (keyof typeof FOLLOWS)[])
      .limit(BATCH)
      .execute();
    let closed = 0;
    for (const b of left) {
      const type = FOLLOWS[b.status as keyof typeof FOLLOWS];
      try {
        const { events } = await this.commands.run(
          bookingDecider,
          bookingStream(b.id),
          { type, booking_id: b.id, business_id: b.tenant_id },
          { tenantId: b.tenant_id, actor: SYSTEM },
        );
        closed += events.length ? 1 : 0;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        this.log.warn(`booking ${b.id} not closed with its ticket: ${err.message}`);
      }
    }
    return closed;
  }

  private async markNoShows(now: Date): Promise<number> {
    const late = await this.db
      .selectFrom('bookings as b')
      .leftJoin('booking_settings as s', 's.tenant_id', 'b.tenant_id')
      .select(['b.id', 'b.tenant_id'])
      .where('b.status', '=', 'confirmed')
      .where('b.ticket_id', 'is', null)
      .where(sql<boolean>`b.starts_at + make_interval(mins => coalesce(s.no_show_after_minutes, ${BOOKING_SETTINGS_DEFAULTS.no_show_after_minutes})) <= ${now}`)
      .orderBy('b.starts_at')
      .limit(BATCH)
      .execute();
    let marked = 0;
    for (const b of late) {
      try {
        const { events } = await this.commands.run(
          bookingDecider,
          bookingStream(b.id),
          { type: 'MarkBookingNoShow', booking_id: b.id, business_id: b.tenant_id },
          { tenantId: b.tenant_id, actor: SYSTEM },
        );
        marked += events.length ? 1 : 0;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        this.log.warn(`booking ${b.id} not marked no-show: ${err.message}`);
      }
    }
    return marked;
  }
}
