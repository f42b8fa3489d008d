import type { PaymentTypesEvent } from './events';
import type { PaymentTypesState } from './state';

export const evolve = (state: PaymentTypesState, event: PaymentTypesEvent): PaymentTypesState =>
  event.type === 'PaymentTypesUpdated' ? { methods: event.data.methods } : state;
