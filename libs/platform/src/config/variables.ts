import * as path from 'node:path';
import { address, contact, country, days, folder, Kind, ms, networks, oneOf, onOff, origins, port, text, textOrNone, whole } from './kinds';

/** What a default may depend on: the environment's kind and the product's own address. */
export interface Context {
  production: boolean;
  port: number;
  publicUrl: string;
  /** The project's folder (the built product's too: `dist/` sits in it). */
  rootDir: string;
}

export interface Variable<T> {
  /** Reads the value as set; null when it is not of the kind. */
  read(raw: string): { value: T } | null;
  /** The end of the sentence refusing a value. */
  accepts: string;
  /** The value when unset (or empty, unless `emptyIsValue`). */
  fallback(c: Context): T;
  /** The default as the README states it. */
  shown: string;
  /** One line: what the variable changes. */
  meaning: string;
  /** An empty value is read, not taken for unset (METRICS_ALLOW= allows no network). */
  emptyIsValue: boolean;
}

const showValue = (v: unknown): string => (v === undefined || v === null ? 'unset' : typeof v === 'boolean' ? `\`${v ? 'on' : 'off'}\`` : `\`${String(v)}\``);

function variable<T, D>(
  kind: Kind<T>,
  fallback: D | ((c: Context) => D),
  meaning: string,
  options: { shown?: string; emptyIsValue?: boolean } = {},
): Variable<T | D> {
  if (typeof fallback === 'function' && !options.shown) throw new Error(`a computed default needs its words for the README (${meaning})`);
  return {
    read: (raw) => {
      const r = kind.schema.safeParse(raw);
      return r.success ? { value: r.data } : null;
    },
    accepts: kind.accepts,
    fallback: typeof fallback === 'function' ? (fallback as (c: Context) => D) : () => fallback,
    shown: options.shown ?? showValue(fallback),
    meaning,
    emptyIsValue: options.emptyIsValue ?? false,
  };
}

const POLL = ms(50, 3_600_000);
const LEASE = ms(1_000, 86_400_000);
const unset = undefined;
/** The webhooks' first retry in production, whatever WEBHOOKS_RETRY_FIRST_MS says (libs/integrations names it too). */
export const WEBHOOKS_RETRY_FIRST_MS = 30_000;

/**
 * Every environment variable the product reads, in the README's order (`npm run config:table`
 * writes its "Configuration" table from here). An empty variable counts as unset unless said
 * otherwise. To add one: a line here, its field in AppConfig (types.ts) and in loadConfig (load.ts).
 */
export const VARIABLES = {
  DATABASE_URL: variable(text, unset, 'PostgreSQL connection string', { shown: 'unset: embedded PostgreSQL' }),
  DB_POOL_SIZE: variable(whole(1, 1000), 20, 'PostgreSQL connections of the API'),
  DATA_DIR: variable(
    folder,
    (c) => path.join(c.rootDir, '.data'),
    "embedded database, uploaded files, local mailbox; as root, the embedded PostgreSQL runs as the user `postgres`, which must be able to enter this folder and the project's (a clone in a mode-700 home folder stops with a sentence saying so)",
    { shown: '`./.data`' },
  ),
  EMBEDDED_PG_PORT: variable(port(1), 5433, 'port of the embedded PostgreSQL'),
  PORT: variable(port(0), 3000, 'HTTP port of the API and the web app'),
  BROADCAST_PORT: variable(port(0), 6001, 'socket.io broadcast channel (`POST /auth` on it authorises a token)'),
  PUBLIC_BROADCAST_PORT: variable(
    port(1),
    unset,
    "the broadcast port pages are told (`GET /broadcast/config`): the reverse proxy's, when several instances sit behind one",
    { shown: '`BROADCAST_PORT`' },
  ),
  NODE_ENV: variable(
    text,
    'development',
    '`production` disables the demo seed, forces the captcha on, keeps new businesses for approval and writes JSON logs by default',
  ),
  SEED_DEMO: variable(onOff, true, 'seed the demo business on an empty database; never in production', { shown: '`on`' }),
  APPROVE_REGISTRATIONS: variable(
    oneOf(['auto', 'manual']),
    (c): 'auto' | 'manual' => (c.production ? 'manual' : 'auto'),
    'approve new businesses at once, or wait for `npm run accounts -- approve`',
    { shown: '`auto` (`manual` in production)' },
  ),
  CAPTCHA: variable(onOff, true, '`off` turns the login captcha off for one installation (automated tests, `/login/no-recaptcha`); ignored in production'),
  PUBLIC_URL: variable(address, (c) => `http://localhost:${c.port}`, 'the address printed in links sent to people', { shown: '`http://localhost:$PORT`' }),
  CORS_ORIGINS: variable(
    origins,
    (c) => [new URL(c.publicUrl).origin],
    'origins (comma-separated, e.g. `https://queue.example.com,https://admin.example.com`) whose pages may call the API and the broadcast channel from a browser; every other origin, `null` included, gets no CORS header',
    { shown: 'the `PUBLIC_URL` origin' },
  ),
  WEB_DIST: variable(folder, (c) => path.join(c.rootDir, 'apps/web/dist'), 'the built web app the API serves', { shown: '`apps/web/dist`' }),
  EVENTING_AUTOSTART: variable(
    onOff,
    true,
    '`off` starts no subscription, change relay, broadcast channel nor job in this process (the command-line scripts run so)',
  ),
  DAY_END_JOB: variable(onOff, true, '`off` stops the job that closes tickets a past day left open (docs/queues.md)'),
  DAY_END_POLL_MS: variable(POLL, 300_000, 'how often the day-end job looks for such tickets'),
  HISTORY_JOB: variable(onOff, true, '`off` stops the scheduled deletion of customer history (docs/customers.md)'),
  HISTORY_JOB_POLL_MS: variable(POLL, 60_000, 'how often that job looks for due deletions'),
  BOOKING_JOB: variable(
    onOff,
    true,
    '`off` stops the job that pushes bookings into auto-push queues at their start and marks late bookings no-show (docs/bookings.md)',
  ),
  BOOKING_JOB_POLL_MS: variable(POLL, 30_000, 'how often that job runs'),
  MEMBERSHIP_JOB: variable(onOff, true, '`off` stops the membership sweep (trial ends, renewals, grace, cancellations; docs/billing.md)'),
  MEMBERSHIP_POLL_MS: variable(POLL, 60_000, 'how often the membership sweep runs'),
  REMINDER_JOB: variable(onOff, true, "`off` stops the booking reminders' sweep (docs/notifications.md)"),
  REMINDER_POLL_MS: variable(POLL, 15_000, "how often the reminders' sweep runs"),
  REPORT_SUMMARY_JOB: variable(onOff, true, "`off` stops the reporting mails' daily summaries (docs/statistics.md)"),
  REPORT_SUMMARY_POLL_MS: variable(POLL, 30_000, "how often the daily summaries' due times are looked for"),
  TWILIO_ACCOUNT_SID: variable(text, unset, 'SMS to customers through Twilio, with `TWILIO_AUTH_TOKEN` and `TWILIO_FROM`', { shown: 'unset: local outbox' }),
  TWILIO_AUTH_TOKEN: variable(
    text,
    unset,
    "Twilio's token; it also verifies Twilio's status and incoming-SMS webhooks (`/webhooks/twilio/status`, `/webhooks/twilio/inbound`) over `PUBLIC_URL` (docs/notifications.md)",
    { shown: 'unset: local outbox' },
  ),
  TWILIO_FROM: variable(text, unset, 'the number or sender id SMS are sent from', { shown: 'unset: local outbox' }),
  TWILIO_API_URL: variable(address, unset, "another address for Twilio's API (a staging server)", { shown: "Twilio's" }),
  SENDGRID_API_KEY: variable(text, unset, 'e-mail to customers through SendGrid, with `SENDGRID_FROM`', { shown: 'unset: local outbox' }),
  SENDGRID_FROM: variable(text, unset, 'the address e-mail is sent from', { shown: 'unset: local outbox' }),
  SENDGRID_API_URL: variable(address, unset, "another address for SendGrid's API (a staging server)", { shown: "SendGrid's" }),
  SENDGRID_WEBHOOK_PUBLIC_KEY: variable(text, unset, "the verification key of SendGrid's signed event webhook (`{PUBLIC_URL}/webhooks/sendgrid/events`)", {
    shown: "unset: SendGrid's event webhook not served",
  }),
  VAPID_SUBJECT: variable(contact, (c) => c.publicUrl, 'the contact Web Push services are told (the VAPID keys are made on first start)', {
    shown: '`PUBLIC_URL`',
  }),
  NOTIFICATIONS_SENDER: variable(onOff, true, '`off` stops the message sender on this instance'),
  NOTIFICATIONS_POLL_MS: variable(POLL, 1000, 'how often the message sender looks for due messages when nothing wakes it'),
  NOTIFICATIONS_LEASE_MS: variable(LEASE, 60_000, "how long a sender's claim on a message lasts before another looks it up at the provider"),
  WEBHOOKS_SENDER: variable(onOff, true, '`off` stops the webhook sender on this instance (docs/integrations-webhooks.md)'),
  WEBHOOKS_POLL_MS: variable(POLL, 1000, 'how often the webhook sender looks for due deliveries'),
  WEBHOOKS_LEASE_MS: variable(LEASE, 60_000, "how long a webhook delivery's claim lasts before a dead sender's delivery is sent again"),
  WEBHOOKS_TIMEOUT_MS: variable(ms(100, 300_000), 10_000, 'how long a webhook receiver has to answer'),
  WEBHOOKS_RETRY_FIRST_MS: variable(
    ms(10, 3_600_000),
    WEBHOOKS_RETRY_FIRST_MS,
    "the pause after a webhook delivery's first failure, doubling at each next one; ignored in production (tests shorten it)",
  ),
  WEBHOOKS_DISABLE_AFTER_DAYS: variable(days(1, 365), 3, 'days of failures before a webhook is turned off'),
  STRIPE_SECRET_KEY: variable(
    text,
    unset,
    "card payments through Stripe, with `STRIPE_WEBHOOK_SECRET`; cards are entered on Stripe's hosted Checkout page, which sends the card holder back to `{PUBLIC_URL}/settings/billing`; the webhook is `{PUBLIC_URL}/payment/stripe/webhook` (events `payment_intent.succeeded`, `payment_intent.payment_failed`, `charge.refunded`, `checkout.session.completed`, `payment_method.detached`)",
    { shown: 'unset: the local test provider (refused in production)' },
  ),
  STRIPE_WEBHOOK_SECRET: variable(text, unset, "the signing secret of Stripe's webhook", { shown: 'unset: the local test provider' }),
  STRIPE_PUBLISHABLE_KEY: variable(
    text,
    unset,
    "reported by `GET /business/billing/config` for an integrator's own Stripe tools; the web app needs none (docs/billing.md)",
  ),
  STRIPE_API_BASE: variable(address, unset, "another address for Stripe's API (the tests' local fake)", { shown: "Stripe's" }),
  SELLER_NAME: variable(text, 'Tabour SAS', 'the seller printed on invoices (docs/billing.md)'),
  SELLER_ADDRESS: variable(text, '10 rue de la Paix, 75002 Paris, France', "the seller's address on invoices"),
  SELLER_COUNTRY: variable(country, 'FR', "the seller's country, which decides the EU reverse charge"),
  SELLER_VAT_NUMBER: variable(textOrNone, 'FR40303265045', "the seller's VAT number on invoices; set empty, none", {
    emptyIsValue: true,
  }),
  SELLER_EMAIL: variable(textOrNone, null, "the seller's e-mail on invoices"),
  BILLING_GRACE_DAYS: variable(days(0, 365), 7, 'days a paid package keeps working after a failed renewal, while the card is retried daily'),
  FEED_CHUNK_EVENTS: variable(
    whole(1, 10_000),
    500,
    'events per stored chunk of the public feed; a change applies to new chunks only (docs/integrations.md, "How a page is read")',
  ),
  LOG_LEVEL: variable(oneOf(['debug', 'info', 'warn', 'error']), 'info' as const, 'the least severe level written (docs/operations.md)'),
  LOG_FORMAT: variable(oneOf(['json', 'text']), (c): 'json' | 'text' => (c.production ? 'json' : 'text'), 'JSON lines, or coloured text for a terminal', {
    shown: '`text` (`json` in production)',
  }),
  METRICS: variable(onOff, true, '`off` serves no `GET /metrics` (docs/operations.md)'),
  METRICS_TOKEN: variable(textOrNone, null, 'a bearer token that lets any address read `/metrics`'),
  METRICS_ALLOW: variable(networks, ['127.0.0.0/8', '::1/128'], 'networks (CIDR, comma-separated) that read `/metrics` without a token; set empty, none', {
    shown: '`127.0.0.0/8,::1/128`',
    emptyIsValue: true,
  }),
  SHUTDOWN_TIMEOUT_MS: variable(ms(0, 600_000), 10_000, 'how long a SIGTERM waits for requests in flight and jobs to finish before the process exits anyway'),
};

export type VariableName = keyof typeof VARIABLES;
export type Values = { [K in VariableName]: ReturnType<(typeof VARIABLES)[K]['fallback']> };
