import type { ReportSettingFields } from './commands';

export type ReportSettingState = { exists: false } | { exists: true; deleted: boolean; business_id: string; fields: ReportSettingFields };

export const initialReportSettingState = (): ReportSettingState => ({ exists: false });

export const reportSettingStream = (id: string) => `reportsetting-${id}`;
