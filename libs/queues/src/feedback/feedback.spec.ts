import { specification } from '@tabour/eventstore/testing';
import { feedbackDecider, type FeedbackCommand, type FeedbackEvent } from '.';

const give = (stars: number, text: string | null = null): FeedbackCommand => ({
  type: 'GiveFeedback',
  ticket_id: 't1',
  business_id: 'b1',
  queue_id: 'q1',
  stars,
  text,
});
const given = (stars: number, text: string | null): FeedbackEvent => ({
  type: 'TicketFeedbackGiven',
  data: { ticket_id: 't1', business_id: 'b1', queue_id: 'q1', stars, text },
});

describe('ticket feedback', () => {
  const spec = specification(feedbackDecider);

  it('records the stars and the trimmed text, an empty text as none', () => {
    spec
      .given([])
      .when(give(5, '  Quick, thanks '))
      .then([given(5, 'Quick, thanks')]);
    spec
      .given([])
      .when(give(3, '   '))
      .then([given(3, null)]);
  });

  it('refuses stars outside 1 to 5 and a text over 2000 characters', () => {
    spec
      .given([])
      .when(give(0))
      .thenRefuses({ status: 422, fields: ['stars'] });
    spec
      .given([])
      .when(give(4.5))
      .thenRefuses({ status: 422, fields: ['stars'] });
    spec
      .given([])
      .when(give(4, 'x'.repeat(2001)))
      .thenRefuses({ status: 422, fields: ['text'] });
  });

  it('is given once per ticket', () =>
    void spec
      .given([given(5, null)])
      .when(give(1))
      .thenRefuses({ status: 409 }));
});
