/** Stripe's webhook usually lands before the card holder is back from the card page, sometimes a few seconds after. */
export const WAIT_FOR_WEBHOOK_MS = 10_000;

/** The saved cards' refetch interval while the webhook is awaited: every second until `until`, then none. */
export const cardsPolledUntil =
  (until: number, now: () => number = Date.now) =>
  (): number | false =>
    now() < until ? 1000 : false;
