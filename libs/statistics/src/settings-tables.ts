import type { ColumnType, JSONColumnType } from 'kysely';
import type { ReportLanguage } from '@tabour/contracts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** migrations/20261127082000_statistics_settings.ts */
export interface StatisticsSettingsTable {
  tenant_id: string;
  service_level_target_seconds: number;
  updated_at: Timestamp;
}

/** migrations/20261127082100_report_settings.ts */
export interface ReportSettingsTable {
  tenant_id: string;
  id: string;
  title: string;
  queue_id: string;
  trigger_kpi: string;
  trigger_operator: string;
  trigger_value: number;
  member_id: string;
  content: JSONColumnType<Record<ReportLanguage, string>, string, string>;
  daily_summary: boolean;
  summary_time: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReportTriggerStatesTable {
  tenant_id: string;
  setting_id: string;
  triggered: boolean;
  value: number | null;
  crossings: ColumnType<number, number | undefined, number>;
  changed_at: Timestamp;
}

export interface ReportSummaryScheduleTable {
  tenant_id: string;
  setting_id: string;
  summary_time: string;
  time_zone: string;
  due_at: Timestamp;
}

/** The statistics settings' tables: the slice of the database type that its queries read. */
export interface StatisticsSettingsTables {
  statistics_settings: StatisticsSettingsTable;
  report_settings: ReportSettingsTable;
  report_trigger_states: ReportTriggerStatesTable;
  report_summary_schedule: ReportSummaryScheduleTable;
}

declare module '@tabour/platform' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the app's one instance sees every context's tables
  interface Database extends StatisticsSettingsTables {}
}
