import type { Decider } from '@tabour/eventstore';
import type { ServiceCommand } from './commands';
import { decide } from './decide';
import type { ServiceEvent } from './events';
import { evolve } from './evolve';
import { initialServiceState, type ServiceState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const serviceDecider: Decider<ServiceCommand, ServiceState, ServiceEvent> = { initialState: initialServiceState, decide, evolve };
