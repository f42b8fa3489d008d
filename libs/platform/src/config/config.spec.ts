import * as path from 'node:path';
import { ConfigError, loadConfig, VARIABLES } from '.';

const root = path.resolve(__dirname, '../../../..');

/** The sentence a bad value stops the start with, or null when the value is taken. */
function refusal(env: NodeJS.ProcessEnv): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message;
  }
}

describe('configuration', () => {
  it('keeps the defaults of an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      databaseUrl: undefined,
      dbPoolSize: 20,
      dataDir: path.join(root, '.data'),
      port: 3000,
      broadcastPort: 6001,
      publicBroadcastPort: undefined,
      embeddedPgPort: 5433,
      nodeEnv: 'development',
      production: false,
      seedDemo: true,
      approveRegistrations: 'auto',
      captcha: true,
      publicUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:3000'],
      webDist: path.join(root, 'apps/web/dist'),
      eventing: { autostart: true },
      feedChunkEvents: 500,
      log: { level: 'info', format: 'text' },
      metrics: { enabled: true, token: null, allow: ['127.0.0.0/8', '::1/128'] },
      shutdownTimeoutMs: 10_000,
    });
    expect(c.jobs).toEqual({
      dayEnd: { enabled: true, pollMs: 300_000 },
      history: { enabled: true, pollMs: 60_000 },
      bookings: { enabled: true, pollMs: 30_000 },
      memberships: { enabled: true, pollMs: 60_000 },
      reminders: { enabled: true, pollMs: 15_000 },
      reportSummaries: { enabled: true, pollMs: 30_000 },
    });
    expect(c.notifications).toEqual({
      twilio: null,
      sendgrid: null,
      vapidSubject: 'http://localhost:3000',
      senderOn: true,
      senderPollMs: 1000,
      leaseMs: 60_000,
      sendgridWebhookKey: null,
    });
    expect(c.webhooks).toEqual({
      pollMs: 1000,
      leaseMs: 60_000,
      timeoutMs: 10_000,
      retryFirstMs: 30_000,
      disableAfterDays: 3,
      allowLoopback: true,
      senderOn: true,
    });
    expect(c.billing).toEqual({
      stripe: null,
      seller: { name: 'Tabour SAS', address: '10 rue de la Paix, 75002 Paris, France', country: 'FR', vatNumber: 'FR40303265045', email: null },
      graceDays: 7,
    });
  });

  it('reads what the environment sets', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://db.internal/tabour',
      DB_POOL_SIZE: '8',
      DATA_DIR: '/srv/tabour',
      PORT: '4000',
      BROADCAST_PORT: '0',
      PUBLIC_BROADCAST_PORT: '443',
      PUBLIC_URL: 'https://queue.example.com/app/',
      CORS_ORIGINS: 'https://queue.example.com/x, https://admin.example.com',
      EVENTING_AUTOSTART: 'off',
      DAY_END_JOB: 'OFF',
      DAY_END_POLL_MS: '250',
      HISTORY_JOB: 'false',
      REMINDER_POLL_MS: '500',
      NOTIFICATIONS_SENDER: 'no',
      NOTIFICATIONS_POLL_MS: '200',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+33600000000',
      TWILIO_API_URL: 'http://127.0.0.1:4010',
      SENDGRID_API_KEY: 'SG.key',
      SENDGRID_FROM: 'shop@example.com',
      VAPID_SUBJECT: 'mailto:ops@example.com',
      WEBHOOKS_SENDER: '0',
      WEBHOOKS_RETRY_FIRST_MS: '100',
      STRIPE_SECRET_KEY: 'sk_test',
      STRIPE_WEBHOOK_SECRET: 'whsec',
      SELLER_COUNTRY: 'de',
      SELLER_VAT_NUMBER: '',
      SELLER_EMAIL: 'billing@example.com',
      BILLING_GRACE_DAYS: '0',
      FEED_CHUNK_EVENTS: '5',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      METRICS: 'off',
      METRICS_TOKEN: 'scrape',
      METRICS_ALLOW: '10.0.0.0/8, fd00::/8',
      SHUTDOWN_TIMEOUT_MS: '0',
    });
    expect(c).toMatchObject({
      databaseUrl: 'postgres://db.internal/tabour',
      dbPoolSize: 8,
      dataDir: '/srv/tabour',
      port: 4000,
      broadcastPort: 0,
      publicBroadcastPort: 443,
      publicUrl: 'https://queue.example.com/app/',
      corsOrigins: ['https://queue.example.com', 'https://admin.example.com'],
      eventing: { autostart: false },
      feedChunkEvents: 5,
      log: { level: 'debug', format: 'json' },
      metrics: { enabled: false, token: 'scrape', allow: ['10.0.0.0/8', 'fd00::/8'] },
      shutdownTimeoutMs: 0,
    });
    expect(c.jobs.dayEnd).toEqual({ enabled: false, pollMs: 250 });
    expect(c.jobs.history.enabled).toBe(false);
    expect(c.jobs.reminders).toEqual({ enabled: true, pollMs: 500 });
    expect(c.notifications).toMatchObject({
      twilio: { accountSid: 'AC1', authToken: 'secret', from: '+33600000000', apiUrl: 'http://127.0.0.1:4010' },
      sendgrid: { apiKey: 'SG.key', from: 'shop@example.com', apiUrl: undefined },
      vapidSubject: 'mailto:ops@example.com',
      senderOn: false,
      senderPollMs: 200,
    });
    expect(c.webhooks).toMatchObject({ senderOn: false, retryFirstMs: 100 });
    expect(c.billing.stripe).toEqual({ secretKey: 'sk_test', webhookSecret: 'whsec', publishableKey: null, apiBase: undefined });
    expect(c.billing.seller).toMatchObject({ country: 'DE', vatNumber: null, email: 'billing@example.com' });
    expect(c.billing.graceDays).toBe(0);
  });

  it('derives the defaults from PORT and PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '4000' })).toMatchObject({ publicUrl: 'http://localhost:4000', corsOrigins: ['http://localhost:4000'] });
    expect(loadConfig({ PUBLIC_URL: 'https://queue.example.com/app/' })).toMatchObject({
      corsOrigins: ['https://queue.example.com'],
      notifications: { vapidSubject: 'https://queue.example.com/app/' },
    });
  });

  it('counts an empty variable as unset, but for the two whose empty value means "none"', () => {
    expect(loadConfig({ PORT: '', NOTIFICATIONS_POLL_MS: '', APPROVE_REGISTRATIONS: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      approveRegistrations: 'auto',
      notifications: { senderPollMs: 1000 },
    });
    expect(loadConfig({ METRICS_ALLOW: '' }).metrics.allow).toEqual([]);
    expect(loadConfig({ SELLER_VAT_NUMBER: '' }).billing.seller.vatNumber).toBeNull();
  });

  it('takes a provider only when all its keys are set', () => {
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+33600000000' }).notifications.twilio).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test' }).billing.stripe).toBeNull();
  });

  describe('in production', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://queue.example.com' };

    it('never seeds the demo, never turns the captcha off, keeps registrations for approval and logs JSON', () => {
      expect(loadConfig({ ...production, SEED_DEMO: 'true', CAPTCHA: 'off', WEBHOOKS_RETRY_FIRST_MS: '100' })).toMatchObject({
        production: true,
        seedDemo: false,
        captcha: true,
        approveRegistrations: 'manual',
        log: { format: 'json' },
        webhooks: { retryFirstMs: 30_000, allowLoopback: false },
      });
    });

    it('still lets the operator approve at once and log text', () => {
      expect(loadConfig({ ...production, APPROVE_REGISTRATIONS: 'auto', LOG_FORMAT: 'text' })).toMatchObject({
        approveRegistrations: 'auto',
        log: { format: 'text' },
      });
    });

    it('is only NODE_ENV=production', () => {
      expect(loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', SEED_DEMO: 'no' })).toMatchObject({ production: false, captcha: false, seedDemo: false });
    });
  });

  describe('a bad value', () => {
    it.each([
      [{ NOTIFICATIONS_POLL_MS: 'fast' }, 'NOTIFICATIONS_POLL_MS holds "fast", which is not a whole number of milliseconds from 50 to 3600000.'],
      [{ DAY_END_POLL_MS: '10' }, 'DAY_END_POLL_MS holds "10", which is not a whole number of milliseconds from 50 to 3600000.'],
      [{ BOOKING_JOB_POLL_MS: '1.5' }, 'BOOKING_JOB_POLL_MS holds "1.5", which is not a whole number of milliseconds from 50 to 3600000.'],
      [{ DB_POOL_SIZE: '0' }, 'DB_POOL_SIZE holds "0", which is not a whole number from 1 to 1000.'],
      [{ FEED_CHUNK_EVENTS: '20000' }, 'FEED_CHUNK_EVENTS holds "20000", which is not a whole number from 1 to 10000.'],
      [{ BILLING_GRACE_DAYS: '-1' }, 'BILLING_GRACE_DAYS holds "-1", which is not a whole number of days from 0 to 365.'],
      [{ PORT: '70000' }, 'PORT holds "70000", which is not a port number from 0 to 65535 (0: any free port).'],
      [{ EMBEDDED_PG_PORT: '0' }, 'EMBEDDED_PG_PORT holds "0", which is not a port number from 1 to 65535.'],
      [{ REMINDER_JOB: 'disabled' }, 'REMINDER_JOB holds "disabled", which is not on or off (or true/false, yes/no, 1/0).'],
      [{ CAPTCHA: 'maybe' }, 'CAPTCHA holds "maybe", which is not on or off (or true/false, yes/no, 1/0).'],
      [{ APPROVE_REGISTRATIONS: 'later' }, 'APPROVE_REGISTRATIONS holds "later", which is not auto or manual.'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL holds "verbose", which is not one of debug, info, warn, error.'],
      [{ PUBLIC_URL: 'queue.example.com' }, 'PUBLIC_URL holds "queue.example.com", which is not an address such as https://queue.example.com.'],
      [{ STRIPE_API_BASE: 'ftp://stripe' }, 'STRIPE_API_BASE holds "ftp://stripe", which is not an address such as https://queue.example.com.'],
      [
        { CORS_ORIGINS: 'https://queue.example.com,not an address' },
        'CORS_ORIGINS holds "https://queue.example.com,not an address", which is not a list of addresses separated by commas, such as https://queue.example.com,https://admin.example.com.',
      ],
      [
        { VAPID_SUBJECT: 'ops@example.com' },
        'VAPID_SUBJECT holds "ops@example.com", which is not a mailto: address or an address such as https://queue.example.com.',
      ],
      [{ SELLER_COUNTRY: 'France' }, 'SELLER_COUNTRY holds "France", which is not a two-letter country code such as FR.'],
      [{ METRICS_ALLOW: '10.0.0.0/33' }, 'METRICS_ALLOW holds "10.0.0.0/33", which is not a list of networks separated by commas, such as 10.0.0.0/8,::1/128.'],
      [{ WEBHOOKS_TIMEOUT_MS: '0' }, 'WEBHOOKS_TIMEOUT_MS holds "0", which is not a whole number of milliseconds from 100 to 300000.'],
    ])('%j stops the start with one sentence', (env, sentence) => {
      expect(refusal(env)).toBe(sentence);
    });

    it('is refused in production too, where the setting is ignored', () => {
      expect(refusal({ NODE_ENV: 'production', CAPTCHA: 'maybe' })).toMatch(/^CAPTCHA holds "maybe"/);
    });

    it('of several: one sentence each, in the table order, in one error', () => {
      let error: unknown;
      try {
        loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon', NOTIFICATIONS_POLL_MS: 'fast', PORT: 'http' });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'PORT holds "http", which is not a port number from 0 to 65535 (0: any free port).',
        'NOTIFICATIONS_POLL_MS holds "fast", which is not a whole number of milliseconds from 50 to 3600000.',
        'SHUTDOWN_TIMEOUT_MS holds "soon", which is not a whole number of milliseconds from 0 to 600000.',
      ]);
      expect((error as ConfigError).message.split('\n')).toHaveLength(3);
    });
  });

  it('declares each variable with its default and one line of meaning', () => {
    for (const [name, v] of Object.entries(VARIABLES)) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(v.shown).not.toBe('');
      expect(v.meaning).not.toMatch(/\n/);
      expect(v.meaning.length).toBeGreaterThan(10);
    }
  });
});
