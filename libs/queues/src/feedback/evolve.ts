import type { FeedbackState } from './state';

export const evolve = (): FeedbackState => ({ given: true });
