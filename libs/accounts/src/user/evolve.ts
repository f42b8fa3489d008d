import { registeredOwner } from '@tabour/platform';
import type { BusinessRegistered } from '../account';
import type { UserEvent } from './events';
import type { UserState } from './state';

export function evolve(state: UserState, event: UserEvent | BusinessRegistered): UserState {
  switch (event.type) {
    case 'BusinessRegistered':
      return { ...registeredOwner(event.data), language: null };
    case 'UserCreated': {
      const { user_id: _u, business_id, ...profile } = event.data;
      return { status: 'active', business_id, phone: null, language: null, ...profile };
    }
    case 'UserProfileUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data.changes };
    case 'UserRemoved':
      return state.status === 'none' ? state : { ...state, status: 'removed' };
    default:
      return state;
  }
}
