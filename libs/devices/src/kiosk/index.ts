import type { Decider } from '@tabour/eventstore';
import type { KioskCommand } from './commands';
import { decide } from './decide';
import type { KioskEvent } from './events';
import { evolve } from './evolve';
import { initialKioskState, type KioskState } from './state';

export * from './commands';
export * from './events';
export * from './state';
export * from './settings';

export const kioskDecider: Decider<KioskCommand, KioskState, KioskEvent> = { initialState: initialKioskState, decide, evolve };
