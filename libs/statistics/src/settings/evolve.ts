import type { StatisticsSettingsEvent } from './events';
import type { StatisticsSettingsState } from './state';

export const evolve = (state: StatisticsSettingsState, e: StatisticsSettingsEvent): StatisticsSettingsState =>
  e.type === 'ServiceLevelTargetSet' ? { target_seconds: e.data.target_seconds } : state;
