import type { Decider } from '@tabour/eventstore';
import type { ReportSettingCommand } from './commands';
import { decide } from './decide';
import type { ReportSettingEvent } from './events';
import { evolve } from './evolve';
import { initialReportSettingState, type ReportSettingState } from './state';

export * from './commands';
export * from './events';
export * from './state';
export * from './fields';

export const reportSettingDecider: Decider<ReportSettingCommand, ReportSettingState, ReportSettingEvent> = {
  initialState: initialReportSettingState,
  decide,
  evolve,
};
