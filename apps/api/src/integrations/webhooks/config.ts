export type { WebhooksConfig } from '@tabour/platform';

/** The webhooks' settings (docs/integrations-webhooks.md, "Configuration"): AppConfig's `webhooks`. */
export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');
