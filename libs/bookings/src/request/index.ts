import type { Decider } from '@tabour/eventstore';
import type { BookingRequestCommand } from './commands';
import { decide } from './decide';
import type { BookingRequestEvent } from './events';
import { evolve } from './evolve';
import { initialBookingRequestState, type BookingRequestState } from './state';

export type { BookingRequestCommand, DecidedBy } from './commands';
export * from './events';
export { bookingRequestStream, type BookingRequestState, type KnownRequest } from './state';
export { ALREADY_DECIDED, checkPending, REQUEST_LIMITS } from './decide';
export type { BookingRequestsTable } from './tables';

export const bookingRequestDecider: Decider<BookingRequestCommand, BookingRequestState, BookingRequestEvent> = {
  initialState: initialBookingRequestState,
  decide,
  evolve,
};
