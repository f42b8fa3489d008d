import type { Decider } from '@tabour/eventstore';
import type { CatalogCommand } from './commands';
import { decide } from './decide';
import type { CatalogEvent } from './events';
import { evolve } from './evolve';
import { initialCatalogState, type CatalogState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const catalogDecider: Decider<CatalogCommand, CatalogState, CatalogEvent> = { initialState: initialCatalogState, decide, evolve };
