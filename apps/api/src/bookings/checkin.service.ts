import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '@tabour/eventstore';
import { bookingDecider, bookingStream } from '@tabour/bookings';
import { queuesServingDepartment } from '@tabour/queues';
import { Db, invalid, notFound } from '@tabour/platform';
import { Commands } from '../common/commands';
import { DB } from '../common/tokens';
import { QueueClock } from '../queues/clock';
import type { Outcome } from '../queues/runner';
import { QueuesService } from '../queues/queues.service';

/**
 * The ticket a booking's check-in makes has an id derived from the booking's: two desks
 * checking the same booking in at once push one ticket (the queue ignores a push of a ticket it
 * has), and a check-in that stopped between the push and the booking's append is finished by
 * trying again, without a second ticket. A name-based UUID (version 5 layout over SHA-1).
 */
export function ticketIdOf(bookingId: string): string {
  const h = createHash('sha1').update(`tabour:booking-ticket:${bookingId.toLowerCase()}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

const NO_QUEUE = 'This booking has no queue to check in to: choose one';
const NOT_TODAY = 'Only a booking of today can be checked in';

export interface CheckedIn {
  booking_id: string;
  queue_id: string;
  ticket_id: string;
  outcome: Outcome;
}

/**
 * Check-in: the booking becomes a ticket of its queue (pushed through the queue runner with the
 * booking's customer, services and member, the ticket naming the booking), then the booking
 * records the ticket (BookingCheckedIn). The booking's own decision is asked first, so a
 * booking already checked in, cancelled or of another business pushes nothing.
 */
@Injectable()
export class BookingCheckins {
  constructor(
    private readonly commands: Commands,
    @Inject(DB) private readonly db: Db,
    private readonly queues: QueuesService,
    private readonly clock: QueueClock,
  ) {}

  async checkIn(tenantId: string, bookingId: string, actor: Actor, chosenQueueId?: string): Promise<CheckedIn> {
    const booking = await this.db
      .selectFrom('bookings')
      .select(['id', 'department_id', 'queue_id', 'customer_id', 'member_id', 'service_ids', 'status', 'local_date'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', bookingId.toLowerCase())
      .executeTakeFirst();
    if (!booking) throw notFound();
    const queueId = chosenQueueId?.toLowerCase() ?? booking.queue_id ?? (await this.queueOfDepartment(tenantId, booking.department_id));
    if (!queueId) throw invalid(NO_QUEUE, { queue_id: [NO_QUEUE] });
    const ticketId = ticketIdOf(booking.id);
    const command = { type: 'CheckInBooking' as const, booking_id: booking.id, business_id: tenantId, queue_id: queueId, ticket_id: ticketId };
    await this.commands.check(bookingDecider, bookingStream(booking.id), command);
    // A ticket is of a day: a booking of another day waits for its own (the queue numbers by day).
    if (String(booking.local_date).slice(0, 10) !== (await this.clock.now(tenantId)).day) throw invalid(NOT_TODAY, { starts_at: [NOT_TODAY] });
    const { outcome } = await this.queues.push(tenantId, queueId, actor, {
      ticket_id: ticketId,
      booking_id: booking.id,
      customer_id: booking.customer_id,
      service_ids: booking.service_ids,
      member_id: booking.member_id,
    });
    await this.commands.run(bookingDecider, bookingStream(booking.id), command, { tenantId, actor });
    return { booking_id: booking.id, queue_id: queueId, ticket_id: ticketId, outcome };
  }

  /** The one active queue that serves the department, when exactly one does. */
  private async queueOfDepartment(tenantId: string, departmentId: string): Promise<string | null> {
    const rows = await queuesServingDepartment(this.db, tenantId, departmentId, 2);
    return rows.length === 1 ? rows[0].id : null;
  }

  /**
   * A customer's confirmed booking of today for a queue (named by the booking, or through the
   * booking's department when it names none), still to be checked in: what a kiosk join to a
   * queue that requires one checks in.
   */
  async confirmedToday(tenantId: string, customerId: string, queueId: string, departmentIds: string[]): Promise<string | null> {
    const { day } = await this.clock.now(tenantId);
    const row = await this.db
      .selectFrom('bookings')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', customerId.toLowerCase())
      .where('local_date', '=', day)
      .where('status', '=', 'confirmed')
      .where((eb) =>
        eb.or([
          eb('queue_id', '=', queueId),
          ...(departmentIds.length ? [eb.and([eb('queue_id', 'is', null), eb('department_id', 'in', departmentIds)])] : []),
        ]),
      )
      .orderBy('starts_at')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }
}
