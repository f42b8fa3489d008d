import type { Decider } from '@tabour/eventstore';
import type { CustomerCommand } from './commands';
import { decide } from './decide';
import type { CustomerEvent } from './events';
import { evolve } from './evolve';
import { initialCustomerState, type CustomerState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = { initialState: initialCustomerState, decide, evolve };
