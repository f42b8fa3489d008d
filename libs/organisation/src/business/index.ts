import type { Decider } from '@tabour/eventstore';
import type { BusinessCommand } from './commands';
import { decide } from './decide';
import type { BusinessEvent, BusinessRegisteredOrigin } from './events';
import { evolve } from './evolve';
import { initialBusinessState, type BusinessState } from './state';

export * from './commands';
export * from './events';
export * from './state';
export * from './industries';

export const businessDecider: Decider<BusinessCommand, BusinessState, BusinessEvent | BusinessRegisteredOrigin> = {
  initialState: initialBusinessState,
  decide,
  evolve,
};
