import type { Decider } from '@tabour/eventstore';
import type { HolidayCommand } from './commands';
import { decide } from './decide';
import type { HolidayEvent } from './events';
import { evolve } from './evolve';
import { initialHolidayState, type HolidayState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const holidayDecider: Decider<HolidayCommand, HolidayState, HolidayEvent> = { initialState: initialHolidayState, decide, evolve };
