import type { PaymentMethod } from '@tabour/contracts';

export type PaymentTypesEvent = { type: 'PaymentTypesUpdated'; data: { business_id: string; methods: PaymentMethod[] } };
export const PAYMENT_TYPES_EVENT_TYPES = ['PaymentTypesUpdated'] as const;
