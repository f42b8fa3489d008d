import type { UrlPolicy } from '../address';

export const MAX_EVENT_TYPES = 100;

/** What a business sets on a webhook; the secret is never part of it (nor of any event). */
export interface WebhookSettings {
  url: string;
  event_types: string[];
  enabled: boolean;
  description: string | null;
}

export type WebhookIds = { webhook_id: string; business_id: string };
/** Facts the decision needs from outside travel in the command: the installation's event types and URL policy. */
type Context = { known_types: readonly string[]; policy: UrlPolicy };
export type WebhookCommand =
  | (WebhookIds & Context & { type: 'CreateWebhook'; settings: WebhookSettings })
  | (WebhookIds & Context & { type: 'UpdateWebhook'; changes: Partial<WebhookSettings> })
  | (WebhookIds & { type: 'RotateWebhookSecret' })
  | (WebhookIds & { type: 'DisableFailingWebhook'; failing_since: string })
  | (WebhookIds & { type: 'DeleteWebhook' });
