import type { Decider } from '@tabour/eventstore';
import type { BusinessRegistered } from '../account';
import type { UserCommand } from './commands';
import { decide } from './decide';
import type { UserEvent } from './events';
import { evolve } from './evolve';
import { initialUserState, type UserState } from './state';

export * from './commands';
export * from './events';
export * from './state';
export * from './password';
export { CANNOT_REMOVE_SELF } from './decide';

export const userDecider: Decider<UserCommand, UserState, UserEvent | BusinessRegistered> = { initialState: initialUserState, decide, evolve };
