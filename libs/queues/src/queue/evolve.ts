import type { QueueEvent, QueueEventType } from './events';
import { COUNTER_FOLDS } from './evolve/counter';
import { DETAIL_FOLDS } from './evolve/details';
import type { Fold, Folds } from './evolve/fold';
import { LEAVING_FOLDS } from './evolve/leaving';
import { QUEUE_FOLDS } from './evolve/queue';
import { WAITING_FOLDS } from './evolve/waiting';
import type { QueueState } from './state';

/** One fold per event type, by family (evolve/); an event type missing here fails to compile. */
const FOLDS: Folds<QueueEventType> = { ...QUEUE_FOLDS, ...COUNTER_FOLDS, ...WAITING_FOLDS, ...LEAVING_FOLDS, ...DETAIL_FOLDS };

/** Evolve never changes the state it is given: a command cache keeps the last committed state. */
export function evolve(state: QueueState, event: QueueEvent): QueueState {
  const fold = FOLDS[event.type] as Fold<QueueEventType> | undefined;
  return fold ? fold(state, event) : state;
}
