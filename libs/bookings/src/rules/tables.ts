import type { ColumnType, JSONColumnType } from 'kysely';
import type { WorkingDay } from '@tabour/contracts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A business rule as the settings screen lists it and the request flows match it (docs/bookings.md). */
export interface BookingRulesTable {
  tenant_id: string;
  id: string;
  name: string;
  action: string;
  flow: string;
  applies_to: string;
  time_frame: string;
  starts_on: string | null;
  ends_on: string | null;
  working_days: JSONColumnType<WorkingDay[] | null, string | null, string | null>;
  position: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The booking rules' tables: the slice of the database type that its queries read. */
export interface BookingRuleTables {
  booking_rules: BookingRulesTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends BookingRuleTables {}
}
