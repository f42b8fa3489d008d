import { settingsDecider } from '@tabour/platform';
import { DEFAULT_PAYMENT_SETTINGS, PAYMENT_CURRENCIES, type PaymentCurrency } from '@tabour/contracts';
import type { PaymentSettingsCommand } from './commands';
import type { PaymentSettingsEvent } from './events';
import type { PaymentSettingsState } from './state';

/** The platform's settings document with the payment settings' rules: each setting checked, one event of what changed. */
export const paymentSettingsDocument = settingsDecider<PaymentSettingsState, PaymentSettingsCommand, PaymentSettingsEvent>({
  defaults: DEFAULT_PAYMENT_SETTINGS,
  event: 'PaymentSettingsUpdated',
  rules: {
    currency: (given) =>
      typeof given === 'string' && PAYMENT_CURRENCIES.includes(given as PaymentCurrency)
        ? { value: given as PaymentCurrency }
        : { error: `Choose one of: ${PAYMENT_CURRENCIES.join(', ')}` },
    agents_may_enter_amount: (given) => (typeof given === 'boolean' ? { value: given } : { error: 'agents_may_enter_amount must be true or false' }),
  },
});

export const decide = paymentSettingsDocument.decide;
