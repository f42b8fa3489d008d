import type { Decider } from '@tabour/eventstore';
import { addError, WEBHOOK_ALL_TYPES, type FieldErrors, type WebhookDisabledReason } from '@tabour/contracts';
import { notFound, throwIfAny } from '@tabour/platform';
import { urlProblem, type UrlPolicy } from './address';

export const webhookStream = (id: string) => `webhook-${id}`;

export const MAX_EVENT_TYPES = 100;

/** What a business sets on a webhook; the secret is never part of it (nor of any event). */
export interface WebhookSettings {
  url: string;
  event_types: string[];
  enabled: boolean;
  description: string | null;
}

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

type Ids = { webhook_id: string; business_id: string };
/** Facts the decision needs from outside travel in the command: the installation's event types and URL policy. */
type Context = { known_types: readonly string[]; policy: UrlPolicy };
export type WebhookCommand =
  | (Ids & Context & { type: 'CreateWebhook'; settings: WebhookSettings })
  | (Ids & Context & { type: 'UpdateWebhook'; changes: Partial<WebhookSettings> })
  | (Ids & { type: 'RotateWebhookSecret' })
  | (Ids & { type: 'DisableFailingWebhook'; failing_since: string })
  | (Ids & { type: 'DeleteWebhook' });

export type WebhookEvent =
  | { type: 'WebhookCreated'; data: Ids & { settings: WebhookSettings } }
  | { type: 'WebhookUpdated'; data: Ids & { changes: Partial<WebhookSettings> } }
  | { type: 'WebhookSecretRotated'; data: Ids }
  | { type: 'WebhookDisabled'; data: Ids & { reason: WebhookDisabledReason; failing_since: string } }
  | { type: 'WebhookDeleted'; data: Ids };
export const WEBHOOK_EVENT_TYPES = ['WebhookCreated', 'WebhookUpdated', 'WebhookSecretRotated', 'WebhookDisabled', 'WebhookDeleted'] as const;

export type WebhookState = { status: 'none' } | { status: 'active' | 'deleted'; business_id: string; settings: WebhookSettings };

export const webhookDecider: Decider<WebhookCommand, WebhookState, WebhookEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(c, state) {
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
  },
  evolve(state, e) {
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
  },
};
