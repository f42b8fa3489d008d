import * as path from 'node:path';

export interface AppConfig {
  databaseUrl?: string;
  dataDir: string;
  port: number;
  broadcastPort: number;
  /** The broadcast port browsers are told: a reverse proxy's, when several instances sit behind one. */
  publicBroadcastPort?: number;
  embeddedPgPort: number;
  nodeEnv: string;
  production: boolean;
  seedDemo: boolean;
  approveRegistrations: 'auto' | 'manual';
  captcha: boolean;
  publicUrl: string;
  /** Origins whose pages may call the API and the broadcast channel from a browser (CORS). */
  corsOrigins: string[];
  webDist: string;
  /** Where customer messages go: a provider where one is configured, else the local outbox folders (docs/notifications.md). */
  notifications: NotificationsConfig;
  /** Card payments and the invoices' seller (docs/billing.md). */
  billing: BillingConfig;
  /** Events per chunk of the public feed's store (FEED_CHUNK_EVENTS; docs/integrations.md). Changing it applies to new chunks only. */
  feedChunkEvents: number;
  /** What the process writes to its standard output (docs/operations.md). */
  log: LogConfig;
  /** The Prometheus endpoint `GET /metrics` and who may read it (docs/operations.md). */
  metrics: MetricsConfig;
  /** How long a SIGTERM waits for requests in flight and jobs to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
}

export interface LogConfig {
  /** LOG_LEVEL: the least severe level written. */
  level: 'debug' | 'info' | 'warn' | 'error';
  /** LOG_FORMAT: JSON lines (`json`, the default in production) or coloured text (`text`, the default elsewhere). */
  format: 'json' | 'text';
}

export interface MetricsConfig {
  /** METRICS: `off` serves no `/metrics`. */
  enabled: boolean;
  /** METRICS_TOKEN: a bearer token that lets any address read `/metrics`; unset, none. */
  token: string | null;
  /** METRICS_ALLOW: networks (CIDR, comma-separated) that read `/metrics` without a token; loopback by default. */
  allow: string[];
}

export interface BillingConfig {
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; unset, the local test provider takes cards (never in production). */
  stripe: { secretKey: string; webhookSecret: string; publishableKey: string | null; apiBase?: string } | null;
  /** The operator as the invoices name it, and its country (whose VAT rules apply). */
  seller: { name: string; address: string; country: string; vatNumber: string | null; email: string | null };
  /** Days a paid package keeps working after a failed renewal, while the card is retried. */
  graceDays: number;
}

export interface NotificationsConfig {
  twilio: { accountSid: string; authToken: string; from: string; apiUrl?: string } | null;
  sendgrid: { apiKey: string; from: string; apiUrl?: string } | null;
  /** The customers' side of push: the subject told to push services (a mailto: or the site's address). */
  vapidSubject: string;
  /** How often the sender looks for due messages when nothing wakes it. */
  senderPollMs: number;
  /** How long a sender's claim on a message lasts: after it, a dead sender's message is looked for at the provider. */
  leaseMs: number;
  /** SendGrid's event webhook verification key (SENDGRID_WEBHOOK_PUBLIC_KEY); unset, the webhook is not served. */
  sendgridWebhookKey: string | null;
}

/** `CORS_ORIGINS`: origins separated by commas; unset, only the product's own address. */
function origins(value: string | undefined, publicUrl: string): string[] {
  const listed = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return (listed.length ? listed : [publicUrl]).map((o) => {
    try {
      return new URL(o).origin;
    } catch {
      throw new Error(`CORS_ORIGINS holds "${o}", which is not an address such as https://queue.example.com`);
    }
  });
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'off', 'no'].includes(value.toLowerCase());
}

/** `FEED_CHUNK_EVENTS`: unset, 500 (a page of 1,000 reads two or three chunks). */
function chunkEvents(value: string | undefined): number {
  if (value === undefined || value === '') return 500;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new Error(`FEED_CHUNK_EVENTS holds "${value}", which is not a whole number from 1 to 10000`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const root = path.resolve(__dirname, '../../..');
  const rootDir = path.basename(root) === 'dist' ? path.resolve(root, '..') : root;
  const port = Number(env.PORT ?? 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(rootDir, '.data')),
    port,
    broadcastPort: Number(env.BROADCAST_PORT ?? 6001),
    publicBroadcastPort: env.PUBLIC_BROADCAST_PORT ? Number(env.PUBLIC_BROADCAST_PORT) : undefined,
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 5433),
    nodeEnv,
    production,
    // The demo business never appears on a production installation.
    seedDemo: !production && flag(env.SEED_DEMO, true),
    approveRegistrations: (env.APPROVE_REGISTRATIONS ?? (production ? 'manual' : 'auto')) === 'auto' ? 'auto' : 'manual',
    // The captcha cannot be turned off in production.
    captcha: production ? true : flag(env.CAPTCHA, true),
    publicUrl,
    corsOrigins: origins(env.CORS_ORIGINS, publicUrl),
    webDist: path.resolve(env.WEB_DIST ?? path.join(rootDir, 'apps/web/dist')),
    notifications: {
      twilio:
        env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
          ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL || undefined }
          : null,
      sendgrid:
        env.SENDGRID_API_KEY && env.SENDGRID_FROM ? { apiKey: env.SENDGRID_API_KEY, from: env.SENDGRID_FROM, apiUrl: env.SENDGRID_API_URL || undefined } : null,
      vapidSubject: env.VAPID_SUBJECT ?? publicUrl,
      senderPollMs: Number(env.NOTIFICATIONS_POLL_MS ?? 1000),
      leaseMs: Number(env.NOTIFICATIONS_LEASE_MS ?? 60_000),
      sendgridWebhookKey: env.SENDGRID_WEBHOOK_PUBLIC_KEY || null,
    },
    billing: {
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
              apiBase: env.STRIPE_API_BASE || undefined,
            }
          : null,
      seller: {
        name: env.SELLER_NAME ?? 'Tabour SAS',
        address: env.SELLER_ADDRESS ?? '10 rue de la Paix, 75002 Paris, France',
        country: (env.SELLER_COUNTRY ?? 'FR').toUpperCase(),
        vatNumber: env.SELLER_VAT_NUMBER ?? 'FR40303265045',
        email: env.SELLER_EMAIL ?? null,
      },
      graceDays: Number(env.BILLING_GRACE_DAYS ?? 7),
    },
    feedChunkEvents: chunkEvents(env.FEED_CHUNK_EVENTS),
    log: {
      level: (['debug', 'info', 'warn', 'error'] as const).find((l) => l === env.LOG_LEVEL) ?? 'info',
      format: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'text' ? env.LOG_FORMAT : production ? 'json' : 'text',
    },
    metrics: {
      enabled: flag(env.METRICS, true),
      token: env.METRICS_TOKEN || null,
      allow: (env.METRICS_ALLOW ?? '127.0.0.0/8,::1/128')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    },
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
  };
}
