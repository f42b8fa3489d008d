import type { ServiceEvent } from './events';
import type { ServiceState } from './state';

export function evolve(state: ServiceState, event: ServiceEvent): ServiceState {
  switch (event.type) {
    case 'ServiceCreated': {
      const { service_id: _i, ...rest } = event.data;
      return { status: 'active', ...rest };
    }
    case 'ServiceUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'ServiceDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
