import type { BookingInput, RuleFlow } from '@tabour/contracts';

export type Ids = { request_id: string; business_id: string };

/** Who decided: a rule (rule_id and its name), or a staff member (by). */
export interface DecidedBy {
  rule_id: string | null;
  rule_name: string | null;
  by: string | null;
}

export type BookingRequestCommand =
  | (Ids & { type: 'RequestBooking'; flow: RuleFlow; data: BookingInput; customer_id: string | null })
  | (Ids & DecidedBy & { type: 'ApproveBookingRequest'; booking_id: string; data: BookingInput })
  | (Ids & DecidedBy & { type: 'DeclineBookingRequest'; reason: string | null });
