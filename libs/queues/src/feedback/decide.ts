import { conflict } from '@tabour/platform';
import { addError, FieldErrors, throwIfAny } from '../settings';
import type { FeedbackCommand } from './commands';
import type { FeedbackEvent } from './events';
import type { FeedbackState } from './state';

export function decide(c: FeedbackCommand, state: FeedbackState): FeedbackEvent[] {
  if (state.given) throw conflict('Feedback was already given for this ticket', 'feedback_given');
  const errors: FieldErrors = {};
  if (!Number.isInteger(c.stars) || c.stars < 1 || c.stars > 5) addError(errors, 'stars', 'Give from 1 to 5 stars');
  const text = c.text?.trim() || null;
  if (text && text.length > 2000) addError(errors, 'text', 'The text may have at most 2000 characters');
  throwIfAny(errors);
  return [{ type: 'TicketFeedbackGiven', data: { ticket_id: c.ticket_id, business_id: c.business_id, queue_id: c.queue_id, stars: c.stars, text } }];
}
