import type { Decider } from '@tabour/eventstore';
import type { PaymentTypesCommand } from './commands';
import { decide } from './decide';
import type { PaymentTypesEvent } from './events';
import { evolve } from './evolve';
import { initialPaymentTypesState, type PaymentTypesState } from './state';

export * from './commands';
export * from './events';
export { DEFAULT_PAYMENT_METHODS, paymentTypesStream, type PaymentTypesState } from './state';

export const paymentTypesDecider: Decider<PaymentTypesCommand, PaymentTypesState, PaymentTypesEvent> = {
  initialState: initialPaymentTypesState,
  decide,
  evolve,
};
