export type FeedbackEvent = {
  type: 'TicketFeedbackGiven';
  data: { ticket_id: string; business_id: string; queue_id: string; stars: number; text: string | null };
};
