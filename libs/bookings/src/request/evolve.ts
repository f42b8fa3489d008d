import type { BookingRequestEvent } from './events';
import type { BookingRequestState } from './state';

export function evolve(state: BookingRequestState, event: BookingRequestEvent): BookingRequestState {
  switch (event.type) {
    case 'BookingRequested': {
      const d = event.data;
      return { status: 'pending', business_id: d.business_id, flow: d.flow, data: d.data, customer_id: d.customer_id, booking_id: null };
    }
    case 'BookingRequestApproved':
      return state.status === 'none' ? state : { ...state, status: 'approved', booking_id: event.data.booking_id, data: event.data.data };
    case 'BookingRequestDeclined':
      return state.status === 'none' ? state : { ...state, status: 'declined' };
    default:
      return state;
  }
}
