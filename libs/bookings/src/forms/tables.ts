import type { ColumnType, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A booking form field (docs/bookings.md, "Forms"). */
export interface BookingFormFieldsTable {
  tenant_id: string;
  id: string;
  flow: string;
  names: JSONColumnType<Record<string, string>, string, string>;
  type: string;
  options: JSONColumnType<string[], string, string>;
  required: boolean;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The booking forms' tables: the slice of the database type that its queries read. */
export interface BookingFormTables {
  booking_form_fields: BookingFormFieldsTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends BookingFormTables {}
}
