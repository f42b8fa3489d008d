import type { Decider } from '@tabour/eventstore';
import type { CategoryCommand } from './commands';
import { decide } from './decide';
import type { CategoryEvent } from './events';
import { evolve } from './evolve';
import { initialCategoryState, type CategoryState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const categoryDecider: Decider<CategoryCommand, CategoryState, CategoryEvent> = { initialState: initialCategoryState, decide, evolve };
