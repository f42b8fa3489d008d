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

declare module '@tabour/platform' {
  interface Database {
    booking_rules: BookingRulesTable;
  }
}
