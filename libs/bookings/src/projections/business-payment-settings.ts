import { settingsRowProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { DEFAULT_PAYMENT_SETTINGS } from '@tabour/contracts';
import { PAYMENT_SETTINGS_EVENT_TYPES, type PaymentSettingsEvent } from '../payments';
import '../payments/tables';

/** `business_payment_settings`: one row per business once it has changed a setting (no row: the defaults). */
export const paymentSettingsProjection = settingsRowProjection<PaymentSettingsEvent, Database>({
  name: 'bookings.payment-settings',
  table: 'business_payment_settings',
  handles: PAYMENT_SETTINGS_EVENT_TYPES,
  defaults: DEFAULT_PAYMENT_SETTINGS,
  stamped: true,
});
