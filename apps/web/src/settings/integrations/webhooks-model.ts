import { PUBLIC_EVENT_TYPES, WEBHOOK_ALL_TYPES, type Webhook, type WebhookDeliveryStatus } from '@tabour/contracts';

/** The form's values: the types as chosen, `all` standing for the wildcard. */
export interface WebhookFormValues {
  url: string;
  description: string;
  all: boolean;
  event_types: string[];
}

export const emptyWebhookForm = (): WebhookFormValues => ({ url: '', description: '', all: true, event_types: [] });

export const formOf = (w: Webhook): WebhookFormValues => ({
  url: w.url,
  description: w.description ?? '',
  all: w.event_types.includes(WEBHOOK_ALL_TYPES),
  event_types: w.event_types.filter((t) => t !== WEBHOOK_ALL_TYPES),
});

/** The body the API takes from the form. */
export function webhookBody(v: WebhookFormValues): { url: string; event_types: string[]; description: string | null } {
  return { url: v.url.trim(), event_types: v.all ? [WEBHOOK_ALL_TYPES] : [...v.event_types].sort(), description: v.description.trim() || null };
}

/** The catalogue keys of the form's problems, by field; the server checks again (private addresses, names that do not resolve). */
export function webhookFormErrors(v: WebhookFormValues): Partial<Record<'url' | 'event_types', string>> {
  const errors: Partial<Record<'url' | 'event_types', string>> = {};
  const url = v.url.trim();
  if (!url) errors.url = 'webhooks.errors.url_required';
  else if (!/^https?:\/\/[^\s/]+/i.test(url)) errors.url = 'webhooks.errors.url_invalid';
  else if (!/^https:\/\//i.test(url) && !/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/i.test(url)) errors.url = 'webhooks.errors.url_https';
  if (!v.all && !v.event_types.length) errors.event_types = 'webhooks.errors.types_required';
  return errors;
}

/** The public types grouped by what they are about (`ticket.called` under `ticket`), in the contract's order. */
export function typeGroups(types: readonly string[] = PUBLIC_EVENT_TYPES): { group: string; types: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const t of types) {
    const group = t.split('.')[0];
    groups.set(group, [...(groups.get(group) ?? []), t]);
  }
  return [...groups].map(([group, list]) => ({ group, types: list }));
}

export type WebhookState = 'active' | 'failing' | 'off' | 'disabled_failing';

/** What the list says of a webhook: on and healthy, on and failing, turned off by the business, or turned off for failing. */
export function webhookState(w: Pick<Webhook, 'enabled' | 'disabled_reason' | 'failing_since'>): WebhookState {
  if (!w.enabled) return w.disabled_reason === 'failing' ? 'disabled_failing' : 'off';
  return w.failing_since ? 'failing' : 'active';
}

export const STATE_COLOURS: Record<WebhookState, 'success' | 'warning' | 'default' | 'error'> = {
  active: 'success',
  failing: 'warning',
  off: 'default',
  disabled_failing: 'error',
};

export const DELIVERY_COLOURS: Record<WebhookDeliveryStatus, 'success' | 'warning' | 'default' | 'info'> = {
  delivered: 'success',
  queued: 'warning',
  sending: 'info',
  cancelled: 'default',
};
