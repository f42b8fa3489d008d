import type { ColumnType } from 'kysely';
import { settingsRowProjection, type Decider } from '@tabour/eventstore';
import { settingsDecider } from '@tabour/platform';
import { DEFAULT_PAYMENT_SETTINGS, PAYMENT_CURRENCIES, type PaymentCurrency, type PaymentSettings } from '@tabour/contracts';
import type { Database } from '@tabour/platform';

/** The business's payment settings (/settings/payment, GET/POST /business/myliberrex): stream `paymentsettings-<tenant>`. */
export const paymentSettingsStream = (tenantId: string) => `paymentsettings-${tenantId}`;

export type PaymentSettingsCommand = { type: 'UpdatePaymentSettings'; business_id: string; changes: Partial<Record<keyof PaymentSettings, unknown>> };
export type PaymentSettingsEvent = { type: 'PaymentSettingsUpdated'; data: { business_id: string; changes: Partial<PaymentSettings> } };
export const PAYMENT_SETTINGS_EVENT_TYPES = ['PaymentSettingsUpdated'] as const;
export type PaymentSettingsState = PaymentSettings;

export const paymentSettingsDecider: Decider<PaymentSettingsCommand, PaymentSettingsState, PaymentSettingsEvent> = settingsDecider({
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

export interface BusinessPaymentSettingsTable {
  tenant_id: string;
  currency: string;
  agents_may_enter_amount: boolean;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '@tabour/platform' {
  interface Database {
    business_payment_settings: BusinessPaymentSettingsTable;
  }
}

/** `business_payment_settings`: one row per business once it has changed a setting (no row: the defaults). */
export const paymentSettingsProjection = settingsRowProjection<PaymentSettingsEvent, Database>({
  name: 'bookings.payment-settings',
  table: 'business_payment_settings',
  handles: PAYMENT_SETTINGS_EVENT_TYPES,
  defaults: DEFAULT_PAYMENT_SETTINGS,
  stamped: true,
});
