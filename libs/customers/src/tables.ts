import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Customer } from '@tabour/contracts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The columns that hold a customer's fields as the customer screens read them. */
type CustomerColumns = Omit<Customer, 'id' | 'full_name' | 'additional_data' | 'category' | 'next_booking' | 'created_at' | 'updated_at'>;

export interface CustomersTable extends CustomerColumns {
  id: string;
  tenant_id: string;
  /** The internal id as a number when it is one: next_iid reads its maximum. */
  internal_id_num: ColumnType<number | null, number | string | null, number | string | null>;
  additional_data: JSONColumnType<Record<string, unknown>, string, string>;
  category: string;
  /** Folded names, e-mail and ids (lowercase, no accents), trigram-indexed. */
  search: string;
  /** Digits of both phones, trigram-indexed. */
  phone_digits: string;
  next_booking_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerKeysTable {
  customer_id: string;
  tenant_id: string;
  data_key: Buffer;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CustomerAttachmentsTable {
  id: string;
  tenant_id: string;
  customer_id: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: Timestamp;
}

export interface CustomerIidCountersTable {
  tenant_id: string;
  next_iid: ColumnType<number, number | string, number | string>;
}

/** Filled by the booking and queue contexts' projections; customers only reads them. */
export interface CustomerBookingsTable {
  id: string;
  tenant_id: string;
  customer_id: string;
  starts_at: Timestamp;
  status: string;
  summary: JSONColumnType<Record<string, unknown>, string, string>;
}
export type CustomerArchivedBookingsTable = CustomerBookingsTable;
export interface CustomerArchivedTicketsTable {
  id: string;
  tenant_id: string;
  customer_id: string;
  queue_id: string | null;
  ended_at: Timestamp;
  status: string;
  summary: JSONColumnType<Record<string, unknown>, string, string>;
}

export interface BusinessPrivacyTable {
  tenant_id: string;
  settings: JSONColumnType<Record<string, boolean>, string, string>;
  updated_at: Timestamp;
}

export interface ScheduledJobsTable {
  name: string;
  tenant_id: string;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  runs: Generated<number>;
}

/** The customers context's tables: the slice of the database type that its queries read. */
export interface CustomersTables {
  customers: CustomersTable;
  customer_keys: CustomerKeysTable;
  customer_attachments: CustomerAttachmentsTable;
  customer_iid_counters: CustomerIidCountersTable;
  customer_bookings: CustomerBookingsTable;
  customer_archived_bookings: CustomerArchivedBookingsTable;
  customer_archived_tickets: CustomerArchivedTicketsTable;
  business_privacy: BusinessPrivacyTable;
  scheduled_jobs: ScheduledJobsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends CustomersTables {}
}
