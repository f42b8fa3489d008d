import type { PrivacyEvent } from './events';
import type { PrivacyState } from './state';

export const evolve = (state: PrivacyState, event: PrivacyEvent): PrivacyState =>
  event.type === 'PrivacySettingsUpdated' ? { ...state, ...event.data.changes } : state;
