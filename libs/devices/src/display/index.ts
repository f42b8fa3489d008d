import type { Decider } from '@tabour/eventstore';
import type { DisplayCommand } from './commands';
import { decide } from './decide';
import type { DisplayEvent } from './events';
import { evolve } from './evolve';
import { initialDisplayState, type DisplayState } from './state';

export * from './commands';
export * from './events';
export * from './state';
export * from './settings';

export const displayDecider: Decider<DisplayCommand, DisplayState, DisplayEvent> = { initialState: initialDisplayState, decide, evolve };
