import { DISABLE_AFTER_DAYS, RETRY_FIRST_MS } from '@tabour/integrations';
import { ConfigError, loadConfig } from '@tabour/platform';

describe('webhooks configuration', () => {
  it('never allows loopback addresses nor shortened retries in production', () => {
    const env = { WEBHOOKS_RETRY_FIRST_MS: '100', WEBHOOKS_POLL_MS: '250' };
    const production = loadConfig({ ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://queue.example.com' }).webhooks;
    expect(production).toMatchObject({ allowLoopback: false, retryFirstMs: 30_000, pollMs: 250 });
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).webhooks).toMatchObject({ allowLoopback: true, retryFirstMs: 100 });
  });

  it('keeps the defaults for settings left out, the schedule’s own', () => {
    expect(loadConfig({ NODE_ENV: 'development', WEBHOOKS_SENDER: 'off' }).webhooks).toEqual({
      pollMs: 1000,
      leaseMs: 60_000,
      timeoutMs: 10_000,
      retryFirstMs: RETRY_FIRST_MS,
      disableAfterDays: DISABLE_AFTER_DAYS,
      allowLoopback: true,
      senderOn: false,
    });
  });

  it('refuses an unreadable setting instead of falling back', () => {
    expect(() => loadConfig({ WEBHOOKS_LEASE_MS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOKS_DISABLE_AFTER_DAYS: '0' })).toThrow(
      'WEBHOOKS_DISABLE_AFTER_DAYS holds "0", which is not a whole number of days from 1 to 365.',
    );
  });
});
