/** What the business sets about its statistics: the service-level target, one aggregate per business. */
export type StatisticsSettingsCommand = { type: 'SetServiceLevelTarget'; business_id: string; target_seconds: unknown };

/** The target's bounds: a minute to four hours. */
export const SERVICE_LEVEL_TARGET_MIN = 60;
export const SERVICE_LEVEL_TARGET_MAX = 4 * 3600;
