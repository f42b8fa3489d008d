import type { DisplayEvent } from './events';
import type { DisplayState } from './state';

export function evolve(state: DisplayState, e: DisplayEvent): DisplayState {
  switch (e.type) {
    case 'DisplayCreated':
      return { status: 'active', business_id: e.data.business_id, key: e.data.key, settings: e.data.settings };
    case 'DisplayUpdated':
      return state.status === 'none' ? state : { ...state, settings: { ...state.settings, ...e.data.changes } };
    case 'DisplaySecretReset':
      return state;
    case 'DisplayDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
  }
}
