import type { ColumnType, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A customer's remote request to join a queue, as staff list and decide it (docs/queue-requests.md). */
export interface QueueRequestsTable {
  id: string;
  tenant_id: string;
  queue_id: string;
  /** The customer's link to the request's page: unguessable, never shown to another customer. */
  uid: string;
  status: string;
  name: string;
  /** E.164. */
  phone: string;
  service_ids: JSONColumnType<string[], string, string>;
  member_id: string | null;
  note: string | null;
  decline_reason: string | null;
  ticket_id: string | null;
  ticket_uid: string | null;
  ticket_label: string | null;
  customer_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  decided_at: Timestamp | null;
}

/** The queue requests' tables: the slice of the database type that its queries read. */
export interface QueueRequestTables {
  queue_requests: QueueRequestsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends QueueRequestTables {}
}
