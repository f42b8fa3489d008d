import type { Decider } from '@tabour/eventstore';
import { conflict } from '@tabour/platform';
import { addError, FieldErrors, throwIfAny } from './settings';

/** A customer's rating of a visit, given once through the ticket's link: stream `ticketfeedback-<ticket id>`. */
export const feedbackStream = (ticketId: string) => `ticketfeedback-${ticketId}`;
export type FeedbackCommand = { type: 'GiveFeedback'; ticket_id: string; business_id: string; queue_id: string; stars: number; text: string | null };
export type FeedbackEvent = {
  type: 'TicketFeedbackGiven';
  data: { ticket_id: string; business_id: string; queue_id: string; stars: number; text: string | null };
};
export type FeedbackState = { given: boolean };

export const feedbackDecider: Decider<FeedbackCommand, FeedbackState, FeedbackEvent> = {
  initialState: () => ({ given: false }),
  decide(c, state) {
    if (state.given) throw conflict('Feedback was already given for this ticket', 'feedback_given');
    const errors: FieldErrors = {};
    if (!Number.isInteger(c.stars) || c.stars < 1 || c.stars > 5) addError(errors, 'stars', 'Give from 1 to 5 stars');
    const text = c.text?.trim() || null;
    if (text && text.length > 2000) addError(errors, 'text', 'The text may have at most 2000 characters');
    throwIfAny(errors);
    return [{ type: 'TicketFeedbackGiven', data: { ticket_id: c.ticket_id, business_id: c.business_id, queue_id: c.queue_id, stars: c.stars, text } }];
  },
  evolve: () => ({ given: true }),
};
