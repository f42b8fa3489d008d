import { conflict } from '@tabour/platform';
import type { BookingCommand } from './commands';
import type { BookingEvent, BookingState } from './events';
import { existing, open } from './lookup';

/**
 * Check-in: the booking becomes a ticket of its queue (docs/product.md#check-in). The queue side (pushing the
 * ticket, the queue's flags, the no-show rules) is the check-in's own work
 * (apps/api/src/bookings/checkin.service.ts); this decision records the link once the ticket
 * exists. A booking is checked in once: a second check-in, even of the same ticket, is refused,
 * so two desks checking the same customer in at once learn that one of them was second.
 */
export function checkInBooking(command: Extract<BookingCommand, { type: 'CheckInBooking' }>, state: BookingState): BookingEvent[] {
  if (existing(command, state).status === 'checked_in') throw conflict('The booking is already checked in', 'booking_closed');
  open(command, state);
  return [
    {
      type: 'BookingCheckedIn',
      data: { booking_id: command.booking_id, business_id: command.business_id, queue_id: command.queue_id, ticket_id: command.ticket_id },
    },
  ];
}
