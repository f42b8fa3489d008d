import type { CatalogEvent } from './events';
import type { CatalogState } from './state';

export const evolve = (_state: CatalogState, event: CatalogEvent): CatalogState => ({ order: event.data.order });
