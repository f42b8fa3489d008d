import type { Decider } from '@tabour/eventstore';
import { cancelBooking } from './cancel';
import { checkInBooking } from './checkin';
import type { BookingCommand } from './commands';
import { createBooking } from './create';
import type { BookingEvent, BookingState } from './events';
import { completeBooking, deleteBooking, markNoShow } from './status';
import { updateBooking } from './update';

/** One booking (stream `booking-<id>`): dispatch only, one small function per command. */
export const bookingDecider: Decider<BookingCommand, BookingState, BookingEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateBooking':
        return createBooking(command, state);
      case 'UpdateBooking':
        return updateBooking(command, state);
      case 'CancelBooking':
        return cancelBooking(command, state);
      case 'DeleteBooking':
        return deleteBooking(command, state);
      case 'MarkBookingNoShow':
        return markNoShow(command, state);
      case 'CompleteBooking':
        return completeBooking(command, state);
      case 'CheckInBooking':
        return checkInBooking(command, state);
    }
  },

  evolve(state, event) {
    if (event.type === 'BookingCreated') {
      const { booking_id: _id, ...rest } = event.data;
      return { ...rest, ticket_id: null };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'BookingRescheduled': {
        const { booking_id: _id, business_id: _b, previous: _p, ...slot } = event.data;
        return { ...state, ...slot };
      }
      case 'BookingUpdated':
        return { ...state, ...event.data.changes };
      case 'BookingCancelled':
        return { ...state, status: 'cancelled' };
      case 'BookingDeleted':
        return { ...state, status: 'deleted' };
      case 'BookingMarkedNoShow':
        return { ...state, status: 'no_show' };
      case 'BookingCompleted':
        return { ...state, status: 'completed' };
      case 'BookingCheckedIn':
        return { ...state, status: 'checked_in', queue_id: event.data.queue_id, ticket_id: event.data.ticket_id };
      default:
        return state;
    }
  },
};
