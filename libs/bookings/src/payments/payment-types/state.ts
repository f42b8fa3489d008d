import { PAYMENT_METHODS, type PaymentMethod } from '@tabour/contracts';

/** Which payment methods the business accepts: stream `paymenttypes-<tenant>`. */
export const paymentTypesStream = (tenantId: string) => `paymenttypes-${tenantId}`;

/** Until the business chooses, every method is accepted, so a front desk can take a payment on day one. */
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS;

export interface PaymentTypesState {
  methods: readonly PaymentMethod[];
}

export const initialPaymentTypesState = (): PaymentTypesState => ({ methods: DEFAULT_PAYMENT_METHODS });
