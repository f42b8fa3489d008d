import type { Decider } from '@tabour/eventstore';
import type { ResourceCommand } from './commands';
import { decide } from './decide';
import type { ResourceEvent } from './events';
import { evolve } from './evolve';
import { initialResourceState, type ResourceState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const resourceDecider: Decider<ResourceCommand, ResourceState, ResourceEvent> = { initialState: initialResourceState, decide, evolve };
