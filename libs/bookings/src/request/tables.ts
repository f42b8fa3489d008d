import type { ColumnType, JSONColumnType } from 'kysely';
import type { BookingInput, BookingRequestDecision } from '@tabour/contracts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A booking request as the requests screen lists it (docs/bookings.md, "Requests and rules"). */
export interface BookingRequestsTable {
  tenant_id: string;
  id: string;
  flow: string;
  status: string;
  department_id: string | null;
  queue_id: string | null;
  customer_id: string | null;
  /** The asked start, for the list's date filter. */
  starts_at: Timestamp | null;
  data: JSONColumnType<BookingInput, string, string>;
  booking_id: string | null;
  decision: JSONColumnType<BookingRequestDecision<string> | null, string | null, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The booking requests' tables: the slice of the database type that its queries read. */
export interface BookingRequestTables {
  booking_requests: BookingRequestsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends BookingRequestTables {}
}
