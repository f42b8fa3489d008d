import { QUEUE_REQUEST_STATUSES, type QueueRequestStatus } from '@tabour/contracts';
import type { ApprovedTicket, QueueRequestFields } from './commands';

/**
 * A customer's request to join a queue from the web or the mobile app: it waits for staff, who
 * approve it (a ticket is pushed) or decline it. Stream `queuerequest-<id>` (docs/queue-requests.md).
 */
export const queueRequestStream = (id: string) => `queuerequest-${id}`;

export { QUEUE_REQUEST_STATUSES, type QueueRequestStatus };

export type QueueRequestState =
  | { status: 'none' }
  | {
      status: QueueRequestStatus | 'deleted';
      business_id: string;
      queue_id: string;
      uid: string;
      fields: QueueRequestFields;
      ticket: ApprovedTicket | null;
      reason: string | null;
    };

export type KnownRequest = Exclude<QueueRequestState, { status: 'none' }>;

export const initialQueueRequestState = (): QueueRequestState => ({ status: 'none' });
