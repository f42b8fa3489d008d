import type { PaymentSettings } from '@tabour/contracts';

export type PaymentSettingsCommand = { type: 'UpdatePaymentSettings'; business_id: string; changes: Partial<Record<keyof PaymentSettings, unknown>> };
