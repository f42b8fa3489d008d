import type { ReportSettingFields } from './commands';

type Business = { business_id: string };

export type ReportSettingEvent =
  | { type: 'ReportSettingCreated'; data: Business & { id: string } & ReportSettingFields }
  | { type: 'ReportSettingUpdated'; data: Business & { id: string } & ReportSettingFields }
  | { type: 'ReportSettingDeleted'; data: Business & { id: string } };

export const REPORT_SETTING_EVENT_TYPES = ['ReportSettingCreated', 'ReportSettingUpdated', 'ReportSettingDeleted'] as const;
