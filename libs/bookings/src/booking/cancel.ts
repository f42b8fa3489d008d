import { addError, type FieldErrors } from '@tabour/contracts';
import { throwIfAny } from '@tabour/platform';
import type { BookingCommand } from './commands';
import type { BookingEvent, BookingState } from './events';
import { existing, open } from './lookup';

type Cancel = Extract<BookingCommand, { type: 'CancelBooking' }>;

export function cancelBooking(command: Cancel, state: BookingState): BookingEvent[] {
  // Cancelling a cancelled booking again changes nothing (a retried call).
  if (existing(command, state).status === 'cancelled') return [];
  open(command, state);
  const errors: FieldErrors = {};
  const reason = typeof command.reason === 'string' ? command.reason.trim() || null : null;
  if (reason && reason.length > 500) addError(errors, 'reason', 'The reason may have at most 500 characters');
  throwIfAny(errors);
  return [{ type: 'BookingCancelled', data: { booking_id: command.booking_id, business_id: command.business_id, reason } }];
}
