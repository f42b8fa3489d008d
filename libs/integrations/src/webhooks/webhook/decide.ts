import { addError, WEBHOOK_ALL_TYPES, type FieldErrors } from '@tabour/contracts';
import { notFound, throwIfAny } from '@tabour/platform';
import { urlProblem, type UrlPolicy } from '../address';
import { MAX_EVENT_TYPES, type WebhookCommand, type WebhookSettings } from './commands';
import type { WebhookEvent } from './events';
import type { WebhookState } from './state';

/**
 * The checks of a webhook's settings. `known` is the public event types the installation serves;
 * `policy` says whether http to loopback is allowed (tests and development only).
 */
export function checkWebhook(s: WebhookSettings, known: readonly string[], policy: UrlPolicy): WebhookSettings {
  const errors: FieldErrors = {};
  const url = (s.url ?? '').trim();
  const problem = urlProblem(url, policy);
  if (problem) addError(errors, 'url', problem);
  const types = [...new Set((s.event_types ?? []).map((t) => String(t).trim()))];
  if (!types.length) addError(errors, 'event_types', 'Select at least one event type');
  else if (types.length > MAX_EVENT_TYPES) addError(errors, 'event_types', `Select at most ${MAX_EVENT_TYPES} event types`);
  else {
    const unknown = types.filter((t) => t !== WEBHOOK_ALL_TYPES && !known.includes(t));
    if (unknown.length) addError(errors, 'event_types', `Unknown event types: ${unknown.slice(0, 5).join(', ')}`);
  }
  const description = s.description?.trim() || null;
  if (description && description.length > 200) addError(errors, 'description', 'The description may have at most 200 characters');
  throwIfAny(errors);
  return { url, event_types: types.includes(WEBHOOK_ALL_TYPES) ? [WEBHOOK_ALL_TYPES] : types.sort(), enabled: s.enabled !== false, description };
}

export function decide(c: WebhookCommand, state: WebhookState): WebhookEvent[] {
  const ids = { webhook_id: c.webhook_id, business_id: c.business_id };
  if (c.type === 'CreateWebhook') {
    if (state.status !== 'none') return [];
    return [{ type: 'WebhookCreated', data: { ...ids, settings: checkWebhook(c.settings, c.known_types, c.policy) } }];
  }
  // Another business's webhook answers exactly like a missing one.
  if (state.status !== 'active' || state.business_id !== c.business_id) throw notFound();
  switch (c.type) {
    case 'UpdateWebhook': {
      const next = checkWebhook({ ...state.settings, ...c.changes }, c.known_types, c.policy);
      const changes = Object.fromEntries(
        (Object.keys(c.changes) as (keyof WebhookSettings)[])
          .filter((k) => k in next && JSON.stringify(next[k]) !== JSON.stringify(state.settings[k]))
          .map((k) => [k, next[k]]),
      ) as Partial<WebhookSettings>;
      return Object.keys(changes).length ? [{ type: 'WebhookUpdated', data: { ...ids, changes } }] : [];
    }
    case 'RotateWebhookSecret':
      return [{ type: 'WebhookSecretRotated', data: ids }];
    case 'DisableFailingWebhook':
      // Turned off in the meantime by its business: nothing more to say.
      return state.settings.enabled ? [{ type: 'WebhookDisabled', data: { ...ids, reason: 'failing', failing_since: c.failing_since } }] : [];
    case 'DeleteWebhook':
      return [{ type: 'WebhookDeleted', data: ids }];
  }
}
