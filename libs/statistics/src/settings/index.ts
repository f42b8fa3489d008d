import type { Decider } from '@tabour/eventstore';
import type { StatisticsSettingsCommand } from './commands';
import { decide } from './decide';
import type { StatisticsSettingsEvent } from './events';
import { evolve } from './evolve';
import { initialStatisticsSettingsState, type StatisticsSettingsState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const statisticsSettingsDecider: Decider<StatisticsSettingsCommand, StatisticsSettingsState, StatisticsSettingsEvent> = {
  initialState: initialStatisticsSettingsState,
  decide,
  evolve,
};
