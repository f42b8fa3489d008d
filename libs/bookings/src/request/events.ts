import type { BookingInput, RuleFlow } from '@tabour/contracts';
import type { DecidedBy, Ids } from './commands';

export type BookingRequestEvent =
  | { type: 'BookingRequested'; data: Ids & { flow: RuleFlow; data: BookingInput; department_id: string | null; customer_id: string | null } }
  | { type: 'BookingRequestApproved'; data: Ids & DecidedBy & { booking_id: string; data: BookingInput } }
  | { type: 'BookingRequestDeclined'; data: Ids & DecidedBy & { reason: string | null } };

export const BOOKING_REQUEST_EVENT_TYPES = ['BookingRequested', 'BookingRequestApproved', 'BookingRequestDeclined'] as const;
