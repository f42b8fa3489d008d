import type { PaymentSettings } from '@tabour/contracts';

export type PaymentSettingsEvent = { type: 'PaymentSettingsUpdated'; data: { business_id: string; changes: Partial<PaymentSettings> } };
export const PAYMENT_SETTINGS_EVENT_TYPES = ['PaymentSettingsUpdated'] as const;
