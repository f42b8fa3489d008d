import { conflict } from '@tabour/platform';
import type { BookingCommand } from './commands';
import type { BookingEvent, BookingState } from './events';
import { existing } from './lookup';

type Ids = { booking_id: string; business_id: string };

/** Deleting takes the booking out of the book and every list; its events stay for the record. */
export function deleteBooking(command: Extract<BookingCommand, { type: 'DeleteBooking' }>, state: BookingState): BookingEvent[] {
  existing(command, state);
  return [{ type: 'BookingDeleted', data: ids(command) }];
}

/** A booking whose customer did not come: only one still expected (or checked in and never served). */
export function markNoShow(command: Extract<BookingCommand, { type: 'MarkBookingNoShow' }>, state: BookingState): BookingEvent[] {
  const current = existing(command, state);
  if (current.status === 'no_show') return [];
  if (current.status === 'cancelled' || current.status === 'completed') throw conflict(`The booking is ${current.status}`, 'booking_closed');
  return [{ type: 'BookingMarkedNoShow', data: ids(command) }];
}

export function completeBooking(command: Extract<BookingCommand, { type: 'CompleteBooking' }>, state: BookingState): BookingEvent[] {
  const current = existing(command, state);
  if (current.status === 'completed') return [];
  if (current.status === 'cancelled' || current.status === 'no_show') throw conflict(`The booking is ${current.status.replace('_', ' ')}`, 'booking_closed');
  return [{ type: 'BookingCompleted', data: ids(command) }];
}

const ids = (c: Ids): Ids => ({ booking_id: c.booking_id, business_id: c.business_id });
