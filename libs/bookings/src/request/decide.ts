import { conflict, notFound, throwIfAny as refuse } from '@tabour/platform';
import type { BookingRequestCommand, DecidedBy } from './commands';
import type { BookingRequestEvent } from './events';
import type { BookingRequestState, KnownRequest } from './state';

export const REQUEST_LIMITS = { reason: 500 } as const;

export const ALREADY_DECIDED = 'This request has already been decided';

/** The pending request of this business, or the refusal staff see (404, or 409 once decided). */
export function checkPending(state: BookingRequestState, businessId: string): KnownRequest & { status: 'pending' } {
  if (state.status === 'none' || state.business_id !== businessId) throw notFound('Booking request not found');
  if (state.status !== 'pending') throw conflict(ALREADY_DECIDED);
  return state as KnownRequest & { status: 'pending' };
}

export function decide(command: BookingRequestCommand, state: BookingRequestState): BookingRequestEvent[] {
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
}
