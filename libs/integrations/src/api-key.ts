import type { Decider } from '@tabour/eventstore';
import { API_KEY_SCOPES, type ApiKeyScope, type FieldErrors } from '@tabour/contracts';
import { invalid, notFound } from '@tabour/platform';

/** An integrator's key: stream `apikey-<id>`. The token's hash is kept beside, never in an event. */
export const apiKeyStream = (id: string) => `apikey-${id}`;

export const API_KEY_NAME_MAX = 100;

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; key_id: string; business_id: string; name: string; scopes: string[]; prefix: string; by: string | null }
  | { type: 'RevokeApiKey'; key_id: string; business_id: string };

export type ApiKeyEvent =
  | { type: 'ApiKeyCreated'; data: { key_id: string; business_id: string; name: string; scopes: ApiKeyScope[]; prefix: string; created_by: string | null } }
  | { type: 'ApiKeyRevoked'; data: { key_id: string; business_id: string } };

export const API_KEY_EVENT_TYPES = ['ApiKeyCreated', 'ApiKeyRevoked'] as const satisfies readonly ApiKeyEvent['type'][];

export type ApiKeyState = { status: 'none' } | { status: 'active' | 'revoked'; business_id: string; scopes: ApiKeyScope[] };

const add = (errors: FieldErrors, field: string, message: string) => (errors[field] ??= []).push(message);

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyState, ApiKeyEvent> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    const ids = { key_id: command.key_id, business_id: command.business_id };
    if (command.type === 'CreateApiKey') {
      // A retried creation with the same id is already done.
      if (state.status !== 'none') return [];
      const errors: FieldErrors = {};
      const name = typeof command.name === 'string' ? command.name.trim() : '';
      if (!name) add(errors, 'name', 'Enter a name');
      else if (name.length > API_KEY_NAME_MAX) add(errors, 'name', `The name may have at most ${API_KEY_NAME_MAX} characters`);
      const scopes = Array.isArray(command.scopes) ? [...new Set(command.scopes)] : [];
      if (scopes.length === 0) add(errors, 'scopes', 'Select at least one scope');
      else if (scopes.some((s) => !(API_KEY_SCOPES as readonly string[]).includes(s)))
        add(errors, 'scopes', `Select valid scopes (${API_KEY_SCOPES.join(', ')})`);
      // Personal data travels only in the feed or a webhook: alone, the scope would open nothing.
      else if (scopes.includes('pii:read') && !scopes.includes('feed:read') && !scopes.includes('webhooks'))
        add(errors, 'scopes', 'Personal data is read through the feed or webhooks: select one of them too');
      if (Object.keys(errors).length) throw invalid('The key could not be created', errors);
      const ordered = API_KEY_SCOPES.filter((s) => scopes.includes(s));
      return [{ type: 'ApiKeyCreated', data: { ...ids, name, scopes: ordered, prefix: command.prefix, created_by: command.by } }];
    }
    if (state.status === 'none' || state.business_id !== command.business_id) throw notFound();
    return state.status === 'revoked' ? [] : [{ type: 'ApiKeyRevoked', data: ids }];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { status: 'active', business_id: event.data.business_id, scopes: event.data.scopes };
      case 'ApiKeyRevoked':
        return state.status === 'none' ? state : { ...state, status: 'revoked' };
      default:
        return state;
    }
  },
};
