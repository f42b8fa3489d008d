import { conflict, notFound } from '@tabour/platform';
import type { BookingState } from './events';

type Live = Exclude<BookingState, { status: 'none' }>;

/** The booking, when it exists and is the business's: another business's answers as a missing one. */
export function existing(command: { business_id: string }, state: BookingState): Live {
  if (state.status === 'none' || state.status === 'deleted' || state.business_id !== command.business_id) throw notFound();
  return state;
}

/** The booking, when it still holds its place in the book (it may be changed). */
export function open(command: { business_id: string }, state: BookingState): Live {
  const current = existing(command, state);
  if (current.status !== 'pending' && current.status !== 'confirmed') throw conflict(`The booking is ${current.status.replace('_', ' ')}`, 'booking_closed');
  return current;
}
