import type { Decider } from '@tabour/eventstore';
import type { QueueRequestCommand } from './commands';
import { decide } from './decide';
import type { QueueRequestEvent } from './events';
import { evolve } from './evolve';
import { initialQueueRequestState, type QueueRequestState } from './state';

export type { ApprovedTicket, QueueRequestCommand, QueueRequestFields, QueueRequestInput } from './commands';
export { QUEUE_REQUEST_EVENT_TYPES, type QueueRequestEvent } from './events';
export { QUEUE_REQUEST_STATUSES, queueRequestStream, type QueueRequestState, type QueueRequestStatus } from './state';
export { checkApprovable, phoneE164, REQUEST_LIMITS } from './decide';
export type { QueueRequestsTable } from './tables';

export const queueRequestDecider: Decider<QueueRequestCommand, QueueRequestState, QueueRequestEvent> = {
  initialState: initialQueueRequestState,
  decide,
  evolve,
};
