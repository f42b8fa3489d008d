import type { Decider } from '@tabour/eventstore';
import type { FeedbackCommand } from './commands';
import { decide } from './decide';
import type { FeedbackEvent } from './events';
import { evolve } from './evolve';
import { initialFeedbackState, type FeedbackState } from './state';

export * from './commands';
export * from './events';
export { feedbackStream, type FeedbackState } from './state';

export const feedbackDecider: Decider<FeedbackCommand, FeedbackState, FeedbackEvent> = { initialState: initialFeedbackState, decide, evolve };
