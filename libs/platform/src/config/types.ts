/** The installation's settings, read from the environment once at start (docs/configuration.md). */
export interface AppConfig {
  databaseUrl?: string;
  /** PostgreSQL connections of the API's pool (DB_POOL_SIZE). */
  dbPoolSize: number;
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
  /** The subscriptions, the change relay, the broadcast channel and the jobs; off where the application runs only to use its parts (the command-line scripts). */
  eventing: { autostart: boolean };
  /** The periodic jobs: each one's switch and how often it runs on this instance. */
  jobs: JobsConfig;
  /** Where customer messages go: a provider where one is configured, else the local outbox folders (docs/notifications.md). */
  notifications: NotificationsConfig;
  /** The webhooks' sender (docs/integrations-webhooks.md, "Configuration"). */
  webhooks: WebhooksConfig;
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

export interface JobConfig {
  /** `<NAME>_JOB=off` stops the job on this instance. */
  enabled: boolean;
  /** How often the job looks for due work. */
  pollMs: number;
}

export interface JobsConfig {
  /** Closes the tickets a past day left open (docs/queues.md). */
  dayEnd: JobConfig;
  /** The scheduled deletion of customer history (docs/customers.md). */
  history: JobConfig;
  /** Bookings pushed into auto-push queues at their start, late ones marked no-show (docs/bookings.md). */
  bookings: JobConfig;
  /** The membership sweep: trial ends, renewals, grace, cancellations (docs/billing.md). */
  memberships: JobConfig;
  /** The booking reminders (docs/notifications.md). */
  reminders: JobConfig;
  /** The reporting mails' daily summaries (docs/statistics.md). */
  reportSummaries: JobConfig;
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
  /** NOTIFICATIONS_SENDER: `off` stops the message sender on this instance. */
  senderOn: boolean;
  /** How often the sender looks for due messages when nothing wakes it. */
  senderPollMs: number;
  /** How long a sender's claim on a message lasts: after it, a dead sender's message is looked for at the provider. */
  leaseMs: number;
  /** SendGrid's event webhook verification key (SENDGRID_WEBHOOK_PUBLIC_KEY); unset, the webhook is not served. */
  sendgridWebhookKey: string | null;
}

export interface WebhooksConfig {
  /** How often the sender looks for due deliveries when nothing wakes it. */
  pollMs: number;
  /** How long a claim lasts before a dead sender's delivery is sent again. */
  leaseMs: number;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** The pause after a first failed attempt (30 s; shortened only outside production, for tests). */
  retryFirstMs: number;
  disableAfterDays: number;
  /** http:// to a loopback address: tests and development only, never in production. */
  allowLoopback: boolean;
  /** WEBHOOKS_SENDER: `off` stops the webhook sender on this instance. */
  senderOn: boolean;
}
