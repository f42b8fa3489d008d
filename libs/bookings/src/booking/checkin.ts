import type { BookingCommand } from './commands';
import type { BookingEvent, BookingState } from './events';
import { open } from './lookup';

/**
 * Check-in: the booking becomes a ticket of its queue (SPEC §4). The queue side (pushing the
 * ticket, the queue's flags, the no-show rules) is the check-in's own work; this decision only
 * records the link once the ticket exists, and a second check-in of the same ticket is no change.
 */
export function checkInBooking(command: Extract<BookingCommand, { type: 'CheckInBooking' }>, state: BookingState): BookingEvent[] {
  if (state.status === 'checked_in' && state.business_id === command.business_id && state.ticket_id === command.ticket_id) return [];
  open(command, state);
  return [{ type: 'BookingCheckedIn', data: { booking_id: command.booking_id, business_id: command.business_id, queue_id: command.queue_id, ticket_id: command.ticket_id } }];
}
