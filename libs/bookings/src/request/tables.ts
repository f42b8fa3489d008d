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

declare module '@tabour/platform' {
  interface Database {
    booking_requests: BookingRequestsTable;
  }
}
