import type { Decider } from '@tabour/eventstore';
import type { AccountCommand } from './commands';
import { decide } from './decide';
import type { AccountEvent } from './events';
import { evolve } from './evolve';
import { initialAccountState, type AccountState } from './state';

export * from './commands';
export * from './events';
export { accountStream, type AccountState } from './state';
export { addPeriod, TRIAL_DAYS, TRIAL_SMS } from './decide';

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = { initialState: initialAccountState, decide, evolve };
