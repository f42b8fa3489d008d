export type StatisticsSettingsEvent = { type: 'ServiceLevelTargetSet'; data: { business_id: string; target_seconds: number } };

export const STATISTICS_SETTINGS_EVENT_TYPES = ['ServiceLevelTargetSet'] as const;
