/** The request, the caller's business and the queue it asks to join: every command and event names them. */
export type Ids = { request_id: string; business_id: string; queue_id: string };

export interface QueueRequestFields {
  name: string;
  /** E.164. */
  phone: string;
  service_ids: string[];
  member_id: string | null;
  note: string | null;
}

/** What the customer or staff typed; the decider checks and normalises it. */
export type QueueRequestInput = {
  name?: string;
  phone?: string;
  service_ids?: string[] | null;
  member_id?: string | null;
  note?: string | null;
};

/** The ticket an approval pushed into the queue. */
export interface ApprovedTicket {
  ticket_id: string;
  ticket_uid: string;
  label: string;
  customer_id: string | null;
}

export type QueueRequestCommand =
  | (Ids & { type: 'SubmitQueueRequest'; uid: string; country: string | null; input: QueueRequestInput })
  | (Ids & { type: 'UpdateQueueRequest'; country: string | null; changes: QueueRequestInput })
  | (Ids & { type: 'ApproveQueueRequest'; ticket: ApprovedTicket })
  | (Ids & { type: 'DeclineQueueRequest'; reason: string | null })
  | (Ids & { type: 'DeleteQueueRequest' });
