/** A customer's rating of a visit, given once through the ticket's link: stream `ticketfeedback-<ticket id>`. */
export const feedbackStream = (ticketId: string) => `ticketfeedback-${ticketId}`;
export type FeedbackState = { given: boolean };
export const initialFeedbackState = (): FeedbackState => ({ given: false });
