import type { Decider } from '@tabour/eventstore';
import type { AccountSettingsCommand } from './commands';
import { decide } from './decide';
import type { AccountSettingsEvent } from './events';
import { evolve } from './evolve';
import { initialAccountSettings, type AccountSettingsState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const accountSettingsDecider: Decider<AccountSettingsCommand, AccountSettingsState, AccountSettingsEvent> = {
  initialState: initialAccountSettings,
  decide,
  evolve,
};
