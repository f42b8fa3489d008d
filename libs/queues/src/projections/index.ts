import { openingQueueProjection } from '../pii';
import { noteTypeProjection } from './note-types';
import { queueProjection } from './queues';
import { ONE_PENDING_REQUEST_PER_PHONE, queueRequestProjection } from './requests';

export { noteTypeProjection, ONE_PENDING_REQUEST_PER_PHONE, queueProjection, queueRequestProjection };

// The queue projection reads names, notes and feedback: it gets them opened (pii.ts).
export const QUEUE_PROJECTIONS = [openingQueueProjection(queueProjection), noteTypeProjection];
