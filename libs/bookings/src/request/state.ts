import type { BookingInput, RuleFlow } from '@tabour/contracts';

/**
 * A booking that waits for a decision (an online booking while the business confirms
 * bookings): stream `bookingrequest-<id>`. On arrival the business's rules may decide it at
 * once; otherwise staff approve it (the booking is then made, with the request's id) or
 * decline it (docs/bookings.md, "Requests and rules").
 */
export const bookingRequestStream = (id: string) => `bookingrequest-${id}`;

export type BookingRequestState = { status: 'none' } | KnownRequest;

export interface KnownRequest {
  status: 'pending' | 'approved' | 'declined';
  business_id: string;
  flow: RuleFlow;
  data: BookingInput;
  customer_id: string | null;
  booking_id: string | null;
}

export const initialBookingRequestState = (): BookingRequestState => ({ status: 'none' });
