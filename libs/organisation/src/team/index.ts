import type { Decider } from '@tabour/eventstore';
import type { TeamCommand } from './commands';
import { decide } from './decide';
import type { BusinessRegisteredEvent, TeamEvent, UserProfileUpdatedEvent } from './events';
import { evolve } from './evolve';
import { initialTeamState, type TeamState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const teamDecider: Decider<TeamCommand, TeamState, TeamEvent | BusinessRegisteredEvent | UserProfileUpdatedEvent> = {
  initialState: initialTeamState,
  decide,
  evolve,
};
