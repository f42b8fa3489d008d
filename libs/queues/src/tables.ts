import type { ColumnType, JSONColumnType } from 'kysely';
import type { ArchiveStatus, TicketNote, TicketStatus } from '@tabour/contracts';
import type { QueueRequestTables } from './request/tables';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface QueuesTable {
  id: string;
  tenant_id: string;
  name: string;
  priority: number;
  settings: JSONColumnType<Record<string, unknown>, string, string>;
  paused: Defaulted<boolean>;
  delay_seconds: Defaulted<number>;
  service_time: ColumnType<Record<string, number>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QueueCountersTable {
  id: string;
  tenant_id: string;
  queue_id: string;
  name: string;
  break_minutes: number;
  service_ids: JSONColumnType<string[], string, string>;
  open: Defaulted<boolean>;
  held_by: string | null;
  serving_ticket_id: string | null;
  opened_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface QueueTicketsTable {
  id: string;
  tenant_id: string;
  queue_id: string;
  uid: string;
  number: number;
  label: string;
  day: ColumnType<string, string, string>;
  /** Written by the projection only, so read as the contract's statuses. */
  status: ColumnType<TicketStatus | ArchiveStatus, string, string>;
  /** Sort key of a waiting ticket; its rank is counted when read. */
  place: number | null;
  /** A waiting ticket's JSON for the waiting list, kept by a trigger (migration 20261124080000). */
  waiting_doc: ColumnType<string | null, never, never>;
  urgent: boolean;
  late: Defaulted<boolean>;
  service_ids: JSONColumnType<string[], string, string>;
  member_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  counter_id: string | null;
  checked_in_at: Timestamp;
  /** The booking whose check-in made the ticket. */
  booking_id: Defaulted<string | null>;
  called_at: Timestamp | null;
  archived_at: Timestamp | null;
  service_seconds: number | null;
  estimated_wait_seconds: number | null;
  notes: JSONColumnType<TicketNote[], string, string>;
  feedback_stars: number | null;
  feedback_text: string | null;
  updated_at: Timestamp;
}

export interface QueueWaitPredictionsTable {
  ticket_id: string;
  tenant_id: string;
  queue_id: string;
  rank: number;
  predicted_seconds: number;
  actual_seconds: number | null;
  checked_in_at: Timestamp;
  called_at: Timestamp | null;
}

export interface NoteTypesTable {
  id: string;
  tenant_id: string;
  name: string;
  color: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StreamSnapshotsTable {
  stream_id: string;
  kind: string;
  version: number;
  revision: ColumnType<number, number, number>;
  /** The state's JSON text, deflated (migration 20261130090000). */
  body: Buffer;
  taken_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The queues' own tables: the slice of the database type that its queries read. */
export interface QueueTables {
  queues: QueuesTable;
  queue_counters: QueueCountersTable;
  queue_tickets: QueueTicketsTable;
  queue_wait_predictions: QueueWaitPredictionsTable;
  note_types: NoteTypesTable;
  stream_snapshots: StreamSnapshotsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends QueueTables {}
}

/** Every table of the queues context: what `Kysely<QueuesTables>` may read. */
export interface QueuesTables extends QueueTables, QueueRequestTables {}
