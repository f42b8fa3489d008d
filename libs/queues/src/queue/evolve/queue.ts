import { initialQueueState } from '../state';
import type { Folds } from './fold';

/** The queue itself: created, its settings changed, deleted, paused and resumed, delayed. */
export const QUEUE_FOLDS: Folds<'QueueCreated' | 'QueueUpdated' | 'QueueDeleted' | 'QueuePaused' | 'QueueResumed' | 'QueueDelayed'> = {
  QueueCreated: (_state, { data: d }) => ({ ...initialQueueState(), status: 'active', queue_id: d.queue_id, business_id: d.business_id, settings: d.settings }),
  QueueUpdated: (state, event) => ({ ...state, settings: { ...state.settings!, ...event.data.changes } }),
  QueueDeleted: (state) => ({ ...state, status: 'deleted' }),
  QueuePaused: (state) => ({ ...state, paused: true }),
  QueueResumed: (state) => ({ ...state, paused: false }),
  QueueDelayed: (state, event) => ({ ...state, delay_seconds: event.data.delay_seconds }),
};
