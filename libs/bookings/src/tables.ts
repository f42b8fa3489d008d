import type { ColumnType, JSONColumnType } from 'kysely';
import type { BookingAttachment, FormValue, LatLng } from '@tabour/contracts';
import type { BookingFormTables } from './forms/tables';
import type { PaymentTables } from './payments/tables';
import type { BookingRequestTables } from './request/tables';
import type { BookingRuleTables } from './rules/tables';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T extends object> = JSONColumnType<T, string, string>;

export interface BookingsTable {
  id: string;
  tenant_id: string;
  department_id: string;
  member_id: string | null;
  customer_id: string | null;
  queue_id: string | null;
  counter_ids: Json<string[]>;
  service_ids: Json<string[]>;
  duration: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** The start's local date in the business's zone (the calendar's and the capacity's day). */
  local_date: ColumnType<string, string, string>;
  slot: string;
  additional_data: Json<Record<string, FormValue>>;
  remarks: string | null;
  is_online: boolean;
  channel: string;
  sync_booking_with_graph: boolean;
  location: JSONColumnType<LatLng | null, string | null, string | null>;
  phone_number: string | null;
  attachments: Json<BookingAttachment[]>;
  status: string;
  ticket_id: string | null;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BookingSettingsTable {
  tenant_id: string;
  min_notice_minutes: number;
  no_show_after_minutes: number;
  allow_several_bookings: boolean;
}

/** Which resources (rooms, equipment) each booking holds, from its BookingCreated and the updates naming others (docs/resources.md). */
export interface BookingResourcesTable {
  tenant_id: string;
  booking_id: string;
  resource_id: string;
}

/** The book's own tables: the slice of the database type that its queries read. */
export interface BookTables {
  booking_resources: BookingResourcesTable;
  bookings: BookingsTable;
  booking_settings: BookingSettingsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends BookTables {}
}

/** Every table of the bookings context: what `Kysely<BookingsTables>` may read. */
export interface BookingsTables extends BookTables, BookingRequestTables, BookingRuleTables, PaymentTables, BookingFormTables {}
