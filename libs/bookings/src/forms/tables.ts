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

declare module '@tabour/platform' {
  interface Database {
    booking_form_fields: BookingFormFieldsTable;
  }
}
