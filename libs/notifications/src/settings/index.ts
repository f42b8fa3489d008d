import type { Decider } from '@tabour/eventstore';
import type { NotificationSettingsCommand } from './commands';
import { decide } from './decide';
import type { NotificationSettingsEvent } from './events';
import { evolve } from './evolve';
import { initialNotificationSettingsState, type NotificationSettingsState } from './state';

export * from './commands';
export * from './events';
export * from './state';
export * from './checks';

export const notificationSettingsDecider: Decider<NotificationSettingsCommand, NotificationSettingsState, NotificationSettingsEvent> = {
  initialState: initialNotificationSettingsState,
  decide,
  evolve,
};
