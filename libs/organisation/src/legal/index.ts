import type { Decider } from '@tabour/eventstore';
import type { LegalCommand } from './commands';
import { decide } from './decide';
import type { LegalEvent } from './events';
import { evolve } from './evolve';
import { initialLegalState, type LegalState } from './state';

export * from './commands';
export * from './events';
export * from './state';
// The product's default texts, in each interface language.
export { defaultLegalTextIn } from './defaults';

export const legalDecider: Decider<LegalCommand, LegalState, LegalEvent> = { initialState: initialLegalState, decide, evolve };
