import type { AppConfig } from '@tabour/platform';
import { DISABLE_AFTER_DAYS, RETRY_FIRST_MS } from '@tabour/integrations';

/** The webhooks' settings (docs/integrations-webhooks.md, "Configuration"), read once from the environment. */
export interface WebhooksConfig {
  /** How often the sender looks for due deliveries when nothing wakes it. */
  pollMs: number;
  /** How long a claim lasts before a dead sender's delivery is sent again. */
  leaseMs: number;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  retryFirstMs: number;
  disableAfterDays: number;
  /** http:// to a loopback address: tests and development only, never in production. */
  allowLoopback: boolean;
  senderOn: boolean;
}

export function webhooksConfig(app: AppConfig, env: NodeJS.ProcessEnv = process.env): WebhooksConfig {
  const n = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) && Number(value) > 0 ? Number(value) : fallback);
  return {
    pollMs: n(env.WEBHOOKS_POLL_MS, 1000),
    leaseMs: n(env.WEBHOOKS_LEASE_MS, 60_000),
    timeoutMs: n(env.WEBHOOKS_TIMEOUT_MS, 10_000),
    retryFirstMs: app.production ? RETRY_FIRST_MS : n(env.WEBHOOKS_RETRY_FIRST_MS, RETRY_FIRST_MS),
    disableAfterDays: n(env.WEBHOOKS_DISABLE_AFTER_DAYS, DISABLE_AFTER_DAYS),
    allowLoopback: !app.production,
    senderOn: env.WEBHOOKS_SENDER !== 'off',
  };
}

export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');
