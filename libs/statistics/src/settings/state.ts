import { DEFAULT_SERVICE_LEVEL_TARGET_SECONDS } from '@tabour/contracts';

export interface StatisticsSettingsState {
  target_seconds: number;
}

export const initialStatisticsSettingsState = (): StatisticsSettingsState => ({ target_seconds: DEFAULT_SERVICE_LEVEL_TARGET_SECONDS });

export const statisticsSettingsStream = (tenantId: string) => `statisticssettings-${tenantId}`;
