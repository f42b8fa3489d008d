import type { Decider } from '@tabour/eventstore';
import { throwIfAny as refuse } from '@tabour/platform';
import { PAYMENT_METHODS, type PaymentMethod } from '@tabour/contracts';

/** Which payment methods the business accepts: stream `paymenttypes-<tenant>`. */
export const paymentTypesStream = (tenantId: string) => `paymenttypes-${tenantId}`;

/** Until the business chooses, every method is accepted, so a front desk can take a payment on day one. */
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS;

export type PaymentTypesCommand = { type: 'SetPaymentTypes'; business_id: string; methods: unknown };
export type PaymentTypesEvent = { type: 'PaymentTypesUpdated'; data: { business_id: string; methods: PaymentMethod[] } };
export const PAYMENT_TYPES_EVENT_TYPES = ['PaymentTypesUpdated'] as const;
export interface PaymentTypesState {
  methods: readonly PaymentMethod[];
}

export const paymentTypesDecider: Decider<PaymentTypesCommand, PaymentTypesState, PaymentTypesEvent> = {
  initialState: () => ({ methods: DEFAULT_PAYMENT_METHODS }),
  decide(command, state) {
    const given = command.methods;
    if (!Array.isArray(given) || given.length === 0 || given.some((m) => !PAYMENT_METHODS.includes(m as PaymentMethod))) {
      refuse({ methods: [`Select one or more of: ${PAYMENT_METHODS.join(', ')}`] });
    }
    // Stored in the list's own order, so the same choice is the same value.
    const methods = PAYMENT_METHODS.filter((m) => (given as string[]).includes(m));
    return methods.join() === state.methods.join() ? [] : [{ type: 'PaymentTypesUpdated', data: { business_id: command.business_id, methods } }];
  },
  evolve: (state, event) => (event.type === 'PaymentTypesUpdated' ? { methods: event.data.methods } : state),
};
