import type { KioskEvent } from './events';
import type { KioskState } from './state';

export function evolve(state: KioskState, e: KioskEvent): KioskState {
  switch (e.type) {
    case 'KioskCreated':
      return { status: 'active', business_id: e.data.business_id, key: e.data.key, settings: e.data.settings };
    case 'KioskUpdated':
      return state.status === 'none' ? state : { ...state, settings: { ...state.settings, ...e.data.changes } };
    case 'KioskSecretReset':
      return state;
    case 'KioskDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
  }
}
