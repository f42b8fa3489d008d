export type FeedbackCommand = { type: 'GiveFeedback'; ticket_id: string; business_id: string; queue_id: string; stars: number; text: string | null };
