import { throwIfAny } from '@tabour/platform';
import { SERVICE_LEVEL_TARGET_MAX, SERVICE_LEVEL_TARGET_MIN, type StatisticsSettingsCommand } from './commands';
import type { StatisticsSettingsEvent } from './events';
import type { StatisticsSettingsState } from './state';

export function decide(c: StatisticsSettingsCommand, state: StatisticsSettingsState): StatisticsSettingsEvent[] {
  const t = c.target_seconds;
  if (typeof t !== 'number' || !Number.isInteger(t) || t < SERVICE_LEVEL_TARGET_MIN || t > SERVICE_LEVEL_TARGET_MAX) {
    throwIfAny({ service_level_target_seconds: [`Enter a whole number of seconds from ${SERVICE_LEVEL_TARGET_MIN} to ${SERVICE_LEVEL_TARGET_MAX}`] });
  }
  if (t === state.target_seconds) return [];
  return [{ type: 'ServiceLevelTargetSet', data: { business_id: c.business_id, target_seconds: t as number } }];
}
