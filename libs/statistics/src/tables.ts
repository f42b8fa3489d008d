import type { ColumnType } from 'kysely';
import type { StatisticsSettingsTables } from './settings-tables';

type Day = ColumnType<string, string, string>;
type Count = ColumnType<number, number | undefined, number>;
/** bigint sums arrive as text from pg; the queries cast them. */
type Sum = ColumnType<string | number, number | undefined, number>;

interface TicketDims {
  tenant_id: string;
  day: Day;
  queue_id: string;
  service_id: string;
  department_id: string;
  counter_id: string;
  member_id: string;
}

export interface StatisticsTicketsDailyTable extends TicketDims {
  taken: Count;
  served: Count;
  no_show: Count;
  absent: Count;
  cancelled: Count;
  redirected: Count;
  closed_at_day_end: Count;
  wait_count: Count;
  wait_sum: Sum;
  service_count: Count;
  service_sum: Sum;
  new_customers: Count;
  returning_customers: Count;
  walk_ins: Count;
}

export interface StatisticsDurationsDailyTable extends TicketDims {
  kind: 'w' | 's';
  bucket: number;
  count: Count;
}

export interface StatisticsHourlyTable {
  tenant_id: string;
  day: Day;
  hour: number;
  queue_id: string;
  service_id: string;
  taken: Count;
  wait_count: Count;
  wait_sum: Sum;
}

export interface StatisticsBookingsDailyTable {
  tenant_id: string;
  day: Day;
  department_id: string;
  member_id: string;
  service_id: string;
  channel: string;
  made: Count;
  cancelled: Count;
  honoured: Count;
  no_show: Count;
}

export interface StatisticsFeedbackDailyTable {
  tenant_id: string;
  day: Day;
  queue_id: string;
  service_id: string;
  counter_id: string;
  member_id: string;
  stars: number;
  count: Count;
}

export interface StatisticsCountersDailyTable {
  tenant_id: string;
  day: Day;
  queue_id: string;
  counter_id: string;
  member_id: string;
  open_seconds: Sum;
  serving_seconds: Sum;
  served: Count;
}

export interface StatisticsEstimatesWeeklyTable {
  tenant_id: string;
  week: Day;
  queue_id: string;
  count: Count;
  abs_error_sum: Sum;
  under_count: Count;
}

export interface StatisticsPaymentsTable {
  tenant_id: string;
  payment_id: string;
  booking_id: string;
  day: Day;
  method: string;
  status: string;
  amount_cents: Sum;
  recorded_at: ColumnType<Date, Date | string, Date | string>;
}

export interface StatisticsZonesTable {
  tenant_id: string;
  time_zone: string;
}

/** The tables the statistics projection alone writes: a rebuild empties them all. */
export const STATISTICS_TABLES = [
  'statistics_zones',
  'statistics_service_departments',
  'statistics_tickets',
  'statistics_customers',
  'statistics_counter_sessions',
  'statistics_bookings',
  'statistics_tickets_daily',
  'statistics_durations_daily',
  'statistics_tickets_rollup',
  'statistics_tickets_monthly',
  'statistics_durations_monthly',
  'statistics_durations_rollup',
  'statistics_hourly',
  'statistics_bookings_daily',
  'statistics_feedback_daily',
  'statistics_counters_daily',
  'statistics_estimates_weekly',
  'statistics_payments',
] as const;

/** The statistics' figure tables: the slice of the database type that its queries read. */
export interface StatisticsFigureTables {
  statistics_tickets_daily: StatisticsTicketsDailyTable;
  statistics_durations_daily: StatisticsDurationsDailyTable;
  statistics_hourly: StatisticsHourlyTable;
  statistics_bookings_daily: StatisticsBookingsDailyTable;
  statistics_feedback_daily: StatisticsFeedbackDailyTable;
  statistics_counters_daily: StatisticsCountersDailyTable;
  statistics_estimates_weekly: StatisticsEstimatesWeeklyTable;
  statistics_payments: StatisticsPaymentsTable;
  statistics_zones: StatisticsZonesTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends StatisticsFigureTables {}
}

/** Every table of the statistics context: what `Kysely<StatisticsTables>` may read. */
export interface StatisticsTables extends StatisticsFigureTables, StatisticsSettingsTables {}
