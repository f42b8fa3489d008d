import type { ReportSetting, ReportSettingInput } from '@tabour/contracts';

/** A reporting mail setting as decided (the wire's fields without the id and the times): one aggregate per setting. */
export type ReportSettingFields = Omit<ReportSetting, 'id' | 'created_at' | 'updated_at'>;

type Business = { business_id: string };

export type ReportSettingCommand =
  | (Business & { type: 'CreateReportSetting'; id: string; input: ReportSettingInput })
  | (Business & { type: 'UpdateReportSetting'; id: string; input: ReportSettingInput })
  | (Business & { type: 'DeleteReportSetting'; id: string });
