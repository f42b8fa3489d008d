import type { Decider } from '@tabour/eventstore';
import { conflict, notFound, throwIfAny as refuse } from '@tabour/platform';
import type { BookingInput, RuleFlow } from '@tabour/contracts';

/**
 * A booking that waits for a decision (an online booking while the business confirms
 * bookings): stream `bookingrequest-<id>`. On arrival the business's rules may decide it at
 * once; otherwise staff approve it (the booking is then made, with the request's id) or
 * decline it (docs/bookings.md, "Requests and rules").
 */
export const bookingRequestStream = (id: string) => `bookingrequest-${id}`;

export const REQUEST_LIMITS = { reason: 500 } as const;

type Ids = { request_id: string; business_id: string };

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

export type BookingRequestEvent =
  | { type: 'BookingRequested'; data: Ids & { flow: RuleFlow; data: BookingInput; department_id: string | null; customer_id: string | null } }
  | { type: 'BookingRequestApproved'; data: Ids & DecidedBy & { booking_id: string; data: BookingInput } }
  | { type: 'BookingRequestDeclined'; data: Ids & DecidedBy & { reason: string | null } };

export const BOOKING_REQUEST_EVENT_TYPES = ['BookingRequested', 'BookingRequestApproved', 'BookingRequestDeclined'] as const;

export type BookingRequestState = { status: 'none' } | KnownRequest;

export interface KnownRequest {
  status: 'pending' | 'approved' | 'declined';
  business_id: string;
  flow: RuleFlow;
  data: BookingInput;
  customer_id: string | null;
  booking_id: string | null;
}

export const ALREADY_DECIDED = 'This request has already been decided';

/** The pending request of this business, or the refusal staff see (404, or 409 once decided). */
export function checkPending(state: BookingRequestState, businessId: string): KnownRequest & { status: 'pending' } {
  if (state.status === 'none' || state.business_id !== businessId) throw notFound('Booking request not found');
  if (state.status !== 'pending') throw conflict(ALREADY_DECIDED);
  return state as KnownRequest & { status: 'pending' };
}

export const bookingRequestDecider: Decider<BookingRequestCommand, BookingRequestState, BookingRequestEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    const ids = { request_id: command.request_id, business_id: command.business_id };
    const who = (c: DecidedBy) => ({ rule_id: c.rule_id, rule_name: c.rule_name, by: c.by });
    switch (command.type) {
      case 'RequestBooking':
        if (state.status !== 'none') return [];
        return [
          {
            type: 'BookingRequested',
            data: { ...ids, flow: command.flow, data: command.data, department_id: command.data.department_id ?? null, customer_id: command.customer_id },
          },
        ];
      case 'ApproveBookingRequest':
        // The same approval retried (its booking made with the request's id) changes nothing.
        if (state.status === 'approved' && state.business_id === command.business_id && state.booking_id === command.booking_id) return [];
        checkPending(state, command.business_id);
        return [{ type: 'BookingRequestApproved', data: { ...ids, ...who(command), booking_id: command.booking_id, data: command.data } }];
      case 'DeclineBookingRequest': {
        if (state.status === 'declined' && state.business_id === command.business_id) return [];
        checkPending(state, command.business_id);
        const reason = command.reason?.trim() || null;
        if (reason && reason.length > REQUEST_LIMITS.reason) refuse({ reason: [`The reason may have at most ${REQUEST_LIMITS.reason} characters`] });
        return [{ type: 'BookingRequestDeclined', data: { ...ids, ...who(command), reason } }];
      }
    }
  },

  evolve(state, event) {
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
  },
};
