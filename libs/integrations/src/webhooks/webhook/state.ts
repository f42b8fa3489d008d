import type { WebhookSettings } from './commands';

export type WebhookState = { status: 'none' } | { status: 'active' | 'deleted'; business_id: string; settings: WebhookSettings };

export const initialWebhookState = (): WebhookState => ({ status: 'none' });

export const webhookStream = (id: string) => `webhook-${id}`;
