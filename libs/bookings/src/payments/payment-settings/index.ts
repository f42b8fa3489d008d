import type { Decider } from '@tabour/eventstore';
import type { PaymentSettingsCommand } from './commands';
import { decide } from './decide';
import type { PaymentSettingsEvent } from './events';
import { evolve } from './evolve';
import { initialPaymentSettings, type PaymentSettingsState } from './state';

export * from './commands';
export * from './events';
export { paymentSettingsStream, type PaymentSettingsState } from './state';

export const paymentSettingsDecider: Decider<PaymentSettingsCommand, PaymentSettingsState, PaymentSettingsEvent> = {
  initialState: initialPaymentSettings,
  decide,
  evolve,
};
