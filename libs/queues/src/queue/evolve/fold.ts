import type { QueueEvent, QueueEventType } from '../events';
import type { QueueState } from '../state';

/** How one event type changes the state; evolve never changes the state it is given. */
export type Fold<T extends QueueEventType> = (state: QueueState, event: Extract<QueueEvent, { type: T }>) => QueueState;

/** One fold per event type of a family. */
export type Folds<T extends QueueEventType> = { [K in T]: Fold<K> };
