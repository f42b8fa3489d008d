import type { CategoryEvent } from './events';
import type { CategoryState } from './state';

export function evolve(state: CategoryState, event: CategoryEvent): CategoryState {
  switch (event.type) {
    case 'CategoryCreated':
      return { status: 'active', business_id: event.data.business_id, name: event.data.name, color: event.data.color };
    case 'CategoryUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'CategoryDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
  }
}
