import type { BookingEvent } from './events';
import type { BookingState } from './state';

export function evolve(state: BookingState, event: BookingEvent): BookingState {
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
}
