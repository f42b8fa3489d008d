import type { WebhookEvent } from './events';
import type { WebhookState } from './state';

export function evolve(state: WebhookState, e: WebhookEvent): WebhookState {
  switch (e.type) {
    case 'WebhookCreated':
      return { status: 'active', business_id: e.data.business_id, settings: e.data.settings };
    case 'WebhookUpdated':
      return state.status === 'none' ? state : { ...state, settings: { ...state.settings, ...e.data.changes } };
    case 'WebhookSecretRotated':
      return state;
    case 'WebhookDisabled':
      return state.status === 'none' ? state : { ...state, settings: { ...state.settings, enabled: false } };
    case 'WebhookDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
  }
}
