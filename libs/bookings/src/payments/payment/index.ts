import type { Decider } from '@tabour/eventstore';
import type { PaymentCommand } from './commands';
import { decide } from './decide';
import type { BookingLifecycle, PaymentEvent } from './events';
import { evolve } from './evolve';
import { initialPaymentState, type PaymentState } from './state';

export type { PaymentCommand, PaymentInput } from './commands';
export { PAYMENT_EVENT_TYPES, type PaymentEvent } from './events';
export type { PaymentState } from './state';
export { PAYMENT_LIMITS, paymentStatus, toCents } from './decide';

export const paymentDecider: Decider<PaymentCommand, PaymentState, PaymentEvent | BookingLifecycle> = { initialState: initialPaymentState, decide, evolve };
