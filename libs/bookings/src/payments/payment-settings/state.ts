import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from '@tabour/contracts';

/** The business's payment settings (/settings/payment, GET/POST /business/myliberrex): stream `paymentsettings-<tenant>`. */
export const paymentSettingsStream = (tenantId: string) => `paymentsettings-${tenantId}`;

export type PaymentSettingsState = PaymentSettings;

export const initialPaymentSettings = (): PaymentSettingsState => ({ ...DEFAULT_PAYMENT_SETTINGS });
