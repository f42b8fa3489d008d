import { cardsPolledUntil, WAIT_FOR_WEBHOOK_MS } from './card-poll';

describe('the cards fetched again after Stripe’s card page', () => {
  it('every second until the wait is over, then no more', () => {
    let now = 1_000_000;
    const interval = cardsPolledUntil(now + WAIT_FOR_WEBHOOK_MS, () => now);
    expect(interval()).toBe(1000);
    now += WAIT_FOR_WEBHOOK_MS - 1;
    expect(interval()).toBe(1000);
    now += 1;
    expect(interval()).toBe(false);
  });

  it('not at all when the page was not left for Stripe’s (no wait)', () => {
    expect(cardsPolledUntil(0)()).toBe(false);
  });
});
