import { conflict, throwIfAny } from '@tabour/platform';
import type { FieldErrors } from '@tabour/contracts';
import type { BookingCommand } from './commands';
import type { BookingDetails, BookingEvent, BookingState } from './events';
import { checkDetails, checkSlot } from './validate';

type Create = Extract<BookingCommand, { type: 'CreateBooking' }>;

export function createBooking(command: Create, state: BookingState): BookingEvent[] {
  // A retried create with the same id is already done.
  if (state.status !== 'none') return [];
  const errors: FieldErrors = {};
  const slot = checkSlot(command.input, command.context, errors);
  const details = checkDetails(command.input, command.context, errors, false) as BookingDetails;
  throwIfAny(errors);
  const free = slot!.member_id === null ? command.context.free_member : undefined;
  // The form's refusals (422) come before the slot's (409).
  if (free && 'refused' in free) throw conflict(free.refused.message, free.refused.code);
  const status = command.context.needs_confirmation ? 'pending' : 'confirmed';
  return [
    {
      type: 'BookingCreated',
      data: {
        booking_id: command.booking_id,
        business_id: command.business_id,
        ...slot!,
        ...(free ? { member_id: free.member_id } : {}),
        ...details,
        channel: command.channel,
        status,
        ...(command.notify_customer !== undefined ? { notify_customer: command.notify_customer } : {}),
      },
    },
  ];
}
