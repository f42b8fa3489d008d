import { API_KEY_SCOPES, type FieldErrors } from '@tabour/contracts';
import { invalid, notFound } from '@tabour/platform';
import { API_KEY_NAME_MAX, type ApiKeyCommand } from './commands';
import type { ApiKeyEvent } from './events';
import type { ApiKeyState } from './state';

const add = (errors: FieldErrors, field: string, message: string) => (errors[field] ??= []).push(message);

function create(command: Extract<ApiKeyCommand, { type: 'CreateApiKey' }>): ApiKeyEvent[] {
  const errors: FieldErrors = {};
  const name = typeof command.name === 'string' ? command.name.trim() : '';
  if (!name) add(errors, 'name', 'Enter a name');
  else if (name.length > API_KEY_NAME_MAX) add(errors, 'name', `The name may have at most ${API_KEY_NAME_MAX} characters`);
  const scopes = Array.isArray(command.scopes) ? [...new Set(command.scopes)] : [];
  if (scopes.length === 0) add(errors, 'scopes', 'Select at least one scope');
  else if (scopes.some((s) => !(API_KEY_SCOPES as readonly string[]).includes(s))) add(errors, 'scopes', `Select valid scopes (${API_KEY_SCOPES.join(', ')})`);
  // Personal data travels only in the feed or a webhook: alone, the scope would open nothing.
  else if (scopes.includes('pii:read') && !scopes.includes('feed:read') && !scopes.includes('webhooks'))
    add(errors, 'scopes', 'Personal data is read through the feed or webhooks: select one of them too');
  if (Object.keys(errors).length) throw invalid('The key could not be created', errors);
  const ordered = API_KEY_SCOPES.filter((s) => scopes.includes(s));
  const data = { key_id: command.key_id, business_id: command.business_id, name, scopes: ordered, prefix: command.prefix, created_by: command.by };
  return [{ type: 'ApiKeyCreated', data }];
}

export function decide(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  // A retried creation with the same id is already done.
  if (command.type === 'CreateApiKey') return state.status === 'none' ? create(command) : [];
  if (state.status === 'none' || state.business_id !== command.business_id) throw notFound();
  return state.status === 'revoked' ? [] : [{ type: 'ApiKeyRevoked', data: { key_id: command.key_id, business_id: command.business_id } }];
}
