import type { ResourceEvent } from './events';
import type { ResourceState } from './state';

export function evolve(state: ResourceState, event: ResourceEvent): ResourceState {
  switch (event.type) {
    case 'ResourceCreated': {
      const { resource_id: _r, ...rest } = event.data;
      return { status: 'active', ...rest };
    }
    case 'ResourceUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'ResourceDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
