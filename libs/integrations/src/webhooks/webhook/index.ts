import type { Decider } from '@tabour/eventstore';
import type { WebhookCommand } from './commands';
import { decide } from './decide';
import type { WebhookEvent } from './events';
import { evolve } from './evolve';
import { initialWebhookState, type WebhookState } from './state';

export * from './commands';
export * from './events';
export * from './state';
export { checkWebhook } from './decide';

export const webhookDecider: Decider<WebhookCommand, WebhookState, WebhookEvent> = { initialState: initialWebhookState, decide, evolve };
