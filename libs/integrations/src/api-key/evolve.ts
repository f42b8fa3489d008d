import type { ApiKeyEvent } from './events';
import type { ApiKeyState } from './state';

export function evolve(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return { status: 'active', business_id: event.data.business_id, scopes: event.data.scopes };
    case 'ApiKeyRevoked':
      return state.status === 'none' ? state : { ...state, status: 'revoked' };
    default:
      return state;
  }
}
