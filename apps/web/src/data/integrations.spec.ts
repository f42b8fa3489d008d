import { deliveriesPath } from './integrations';

describe('the webhooks calls', () => {
  it('builds the log address with its page and filter', () => {
    expect(deliveriesPath('w1', 2, 25, '')).toBe('/business/integrations/webhooks/w1/deliveries?page=2&per_page=25');
    expect(deliveriesPath('w1', 1, 25, 'queued')).toBe('/business/integrations/webhooks/w1/deliveries?page=1&per_page=25&status=queued');
  });
});
