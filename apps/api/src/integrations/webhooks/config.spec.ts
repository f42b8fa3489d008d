import { loadConfig } from '@tabour/platform';
import { webhooksConfig } from './config';

describe('webhooks configuration', () => {
  it('never allows loopback addresses nor shortened retries in production', () => {
    const env = { WEBHOOKS_RETRY_FIRST_MS: '100', WEBHOOKS_POLL_MS: '250' };
    const production = webhooksConfig(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://queue.example.com' }), env);
    expect(production).toMatchObject({ allowLoopback: false, retryFirstMs: 30_000, pollMs: 250 });
    expect(webhooksConfig(loadConfig({ NODE_ENV: 'test' }), env)).toMatchObject({ allowLoopback: true, retryFirstMs: 100 });
  });

  it('keeps the defaults for settings left out or unreadable', () => {
    expect(webhooksConfig(loadConfig({ NODE_ENV: 'development' }), { WEBHOOKS_LEASE_MS: 'soon', WEBHOOKS_SENDER: 'off' })).toEqual({
      pollMs: 1000,
      leaseMs: 60_000,
      timeoutMs: 10_000,
      retryFirstMs: 30_000,
      disableAfterDays: 3,
      allowLoopback: true,
      senderOn: false,
    });
  });
});
