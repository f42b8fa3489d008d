import type { ApprovedTicket, Ids, QueueRequestFields } from './commands';

/** The ids of every event, with the customer's link to the request's page. */
export type EventIds = Ids & { uid: string };

export type QueueRequestEvent =
  | { type: 'QueueRequestSubmitted'; data: EventIds & QueueRequestFields }
  | { type: 'QueueRequestUpdated'; data: EventIds & { changes: Partial<QueueRequestFields> } }
  | { type: 'QueueRequestApproved'; data: EventIds & ApprovedTicket }
  | { type: 'QueueRequestDeclined'; data: EventIds & { reason: string | null } }
  | { type: 'QueueRequestDeleted'; data: EventIds };

export const QUEUE_REQUEST_EVENT_TYPES = [
  'QueueRequestSubmitted',
  'QueueRequestUpdated',
  'QueueRequestApproved',
  'QueueRequestDeclined',
  'QueueRequestDeleted',
] as const;
