import { throwIfAny as refuse } from '@tabour/platform';
import { PAYMENT_METHODS, type PaymentMethod } from '@tabour/contracts';
import type { PaymentTypesCommand } from './commands';
import type { PaymentTypesEvent } from './events';
import type { PaymentTypesState } from './state';

export function decide(command: PaymentTypesCommand, state: PaymentTypesState): PaymentTypesEvent[] {
  const given = command.methods;
  if (!Array.isArray(given) || given.length === 0 || given.some((m) => !PAYMENT_METHODS.includes(m as PaymentMethod))) {
    refuse({ methods: [`Select one or more of: ${PAYMENT_METHODS.join(', ')}`] });
  }
  // Stored in the list's own order, so the same choice is the same value.
  const methods = PAYMENT_METHODS.filter((m) => (given as string[]).includes(m));
  return methods.join() === state.methods.join() ? [] : [{ type: 'PaymentTypesUpdated', data: { business_id: command.business_id, methods } }];
}
