import type { WebhookDisabledReason } from '@tabour/contracts';
import type { WebhookIds, WebhookSettings } from './commands';

export type WebhookEvent =
  | { type: 'WebhookCreated'; data: WebhookIds & { settings: WebhookSettings } }
  | { type: 'WebhookUpdated'; data: WebhookIds & { changes: Partial<WebhookSettings> } }
  | { type: 'WebhookSecretRotated'; data: WebhookIds }
  | { type: 'WebhookDisabled'; data: WebhookIds & { reason: WebhookDisabledReason; failing_since: string } }
  | { type: 'WebhookDeleted'; data: WebhookIds };

export const WEBHOOK_EVENT_TYPES = ['WebhookCreated', 'WebhookUpdated', 'WebhookSecretRotated', 'WebhookDisabled', 'WebhookDeleted'] as const;
