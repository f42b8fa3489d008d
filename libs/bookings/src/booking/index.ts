import type { Decider } from '@tabour/eventstore';
import type { BookingCommand } from './commands';
import { decide } from './decide';
import type { BookingEvent } from './events';
import { evolve } from './evolve';
import { initialBookingState, type BookingState } from './state';

export * from './events';
export * from './commands';
export * from './state';
export { checkSlot as checkBookingSlot, checkDetails as checkBookingDetails } from './decide/validate';

/**
 * One booking, laid out as every aggregate is (docs/contributing.md). The seven commands'
 * decisions fit `decide.ts`; the input's checks that create and update share, and that the
 * API's context step calls too, are a concern of their own in `decide/validate.ts`.
 */
export const bookingDecider: Decider<BookingCommand, BookingState, BookingEvent> = { initialState: initialBookingState, decide, evolve };
