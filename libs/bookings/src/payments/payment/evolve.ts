import type { BookingLifecycle, PaymentEvent } from './events';
import type { PaymentState } from './state';

export function evolve(state: PaymentState, event: PaymentEvent | BookingLifecycle): PaymentState {
  switch (event.type) {
    case 'BookingCreated':
      return { ...state, booking: 'active', business_id: event.data.business_id };
    case 'BookingDeleted':
      return { ...state, booking: 'deleted' };
    case 'BookingPaymentRecorded': {
      const payments = new Map(state.payments);
      payments.set(event.data.payment_id, Math.round(event.data.amount * 100));
      return { ...state, payments };
    }
    case 'BookingPaymentDeleted': {
      const payments = new Map(state.payments);
      payments.delete(event.data.payment_id);
      return { ...state, payments };
    }
    default:
      return state;
  }
}
