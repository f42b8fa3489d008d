import type { Decider } from '@tabour/eventstore';
import type { SessionEndCommand } from './commands';
import { decide } from './decide';
import type { SessionEndEvent } from './events';
import { evolve } from './evolve';
import { initialSessionEndState, type SessionEndState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const sessionEndDecider: Decider<SessionEndCommand, SessionEndState, SessionEndEvent> = { initialState: initialSessionEndState, decide, evolve };
