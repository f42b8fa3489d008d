import * as path from 'node:path';
import type { AppConfig, JobConfig } from './types';
import { Context, VariableName, Values, VARIABLES, WEBHOOKS_RETRY_FIRST_MS } from './variables';

/** Configuration the operator can fix: its message is one sentence per bad variable, to print as it is. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

const root = path.resolve(__dirname, '../../../..');
/** The built product runs from dist/, inside the project's folder. */
const rootDir = path.basename(root) === 'dist' ? path.resolve(root, '..') : root;

const NAMES = Object.keys(VARIABLES) as VariableName[];

/** Every variable read and checked at once, so that an operator sees all that is wrong in one start. */
export function readVariables(env: NodeJS.ProcessEnv): Values {
  const context: Context = { production: false, port: 3000, publicUrl: '', rootDir };
  const values: Partial<Record<VariableName, unknown>> = {};
  const problems: { at: number; sentence: string }[] = [];
  const read = <K extends VariableName>(name: K): Values[K] => {
    const variable = VARIABLES[name] as { read(raw: string): { value: unknown } | null; fallback(c: Context): unknown; emptyIsValue: boolean; accepts: string };
    const raw = env[name];
    let value: unknown;
    if (raw === undefined || (raw === '' && !variable.emptyIsValue)) value = variable.fallback(context);
    else {
      const got = variable.read(raw);
      if (!got) problems.push({ at: NAMES.indexOf(name), sentence: `${name} holds ${JSON.stringify(raw)}, which is not ${variable.accepts}.` });
      value = got ? got.value : variable.fallback(context);
    }
    values[name] = value;
    return value as Values[K];
  };
  // The defaults of the others depend on these three.
  context.production = read('NODE_ENV') === 'production';
  context.port = read('PORT');
  context.publicUrl = read('PUBLIC_URL');
  for (const name of NAMES) if (!(name in values)) read(name);
  if (problems.length) throw new ConfigError(problems.sort((a, b) => a.at - b.at).map((p) => p.sentence));
  return values as Values;
}

/** The configuration from `env`; a bad value throws a ConfigError naming each bad variable and what it accepts. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const v = readVariables(env);
  const production = v.NODE_ENV === 'production';
  const job = (enabled: boolean, pollMs: number): JobConfig => ({ enabled, pollMs });
  return {
    databaseUrl: v.DATABASE_URL,
    dbPoolSize: v.DB_POOL_SIZE,
    dataDir: v.DATA_DIR,
    port: v.PORT,
    broadcastPort: v.BROADCAST_PORT,
    publicBroadcastPort: v.PUBLIC_BROADCAST_PORT,
    embeddedPgPort: v.EMBEDDED_PG_PORT,
    nodeEnv: v.NODE_ENV,
    production,
    // The demo business never appears on a production installation.
    seedDemo: !production && v.SEED_DEMO,
    approveRegistrations: v.APPROVE_REGISTRATIONS,
    // The captcha cannot be turned off in production.
    captcha: production || v.CAPTCHA,
    publicUrl: v.PUBLIC_URL,
    corsOrigins: v.CORS_ORIGINS,
    webDist: v.WEB_DIST,
    eventing: { autostart: v.EVENTING_AUTOSTART },
    jobs: {
      dayEnd: job(v.DAY_END_JOB, v.DAY_END_POLL_MS),
      history: job(v.HISTORY_JOB, v.HISTORY_JOB_POLL_MS),
      bookings: job(v.BOOKING_JOB, v.BOOKING_JOB_POLL_MS),
      memberships: job(v.MEMBERSHIP_JOB, v.MEMBERSHIP_POLL_MS),
      reminders: job(v.REMINDER_JOB, v.REMINDER_POLL_MS),
      reportSummaries: job(v.REPORT_SUMMARY_JOB, v.REPORT_SUMMARY_POLL_MS),
    },
    notifications: {
      twilio:
        v.TWILIO_ACCOUNT_SID && v.TWILIO_AUTH_TOKEN && v.TWILIO_FROM
          ? { accountSid: v.TWILIO_ACCOUNT_SID, authToken: v.TWILIO_AUTH_TOKEN, from: v.TWILIO_FROM, apiUrl: v.TWILIO_API_URL }
          : null,
      sendgrid: v.SENDGRID_API_KEY && v.SENDGRID_FROM ? { apiKey: v.SENDGRID_API_KEY, from: v.SENDGRID_FROM, apiUrl: v.SENDGRID_API_URL } : null,
      vapidSubject: v.VAPID_SUBJECT,
      senderOn: v.NOTIFICATIONS_SENDER,
      senderPollMs: v.NOTIFICATIONS_POLL_MS,
      leaseMs: v.NOTIFICATIONS_LEASE_MS,
      sendgridWebhookKey: v.SENDGRID_WEBHOOK_PUBLIC_KEY ?? null,
    },
    webhooks: {
      pollMs: v.WEBHOOKS_POLL_MS,
      leaseMs: v.WEBHOOKS_LEASE_MS,
      timeoutMs: v.WEBHOOKS_TIMEOUT_MS,
      // Receivers are never hammered in production: the shortened first retry is for tests.
      retryFirstMs: production ? WEBHOOKS_RETRY_FIRST_MS : v.WEBHOOKS_RETRY_FIRST_MS,
      disableAfterDays: v.WEBHOOKS_DISABLE_AFTER_DAYS,
      allowLoopback: !production,
      senderOn: v.WEBHOOKS_SENDER,
    },
    billing: {
      stripe:
        v.STRIPE_SECRET_KEY && v.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: v.STRIPE_SECRET_KEY,
              webhookSecret: v.STRIPE_WEBHOOK_SECRET,
              publishableKey: v.STRIPE_PUBLISHABLE_KEY ?? null,
              apiBase: v.STRIPE_API_BASE,
            }
          : null,
      seller: { name: v.SELLER_NAME, address: v.SELLER_ADDRESS, country: v.SELLER_COUNTRY, vatNumber: v.SELLER_VAT_NUMBER, email: v.SELLER_EMAIL },
      graceDays: v.BILLING_GRACE_DAYS,
    },
    feedChunkEvents: v.FEED_CHUNK_EVENTS,
    log: { level: v.LOG_LEVEL, format: v.LOG_FORMAT },
    metrics: { enabled: v.METRICS, token: v.METRICS_TOKEN, allow: v.METRICS_ALLOW },
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
  };
}

/** The process's environment with `overrides` set: for the command-line scripts, which fix some settings. */
export function loadConfigWith(overrides: NodeJS.ProcessEnv): AppConfig {
  return loadConfig({ ...process.env, ...overrides });
}
