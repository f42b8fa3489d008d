/**
 * When a failed delivery is tried again (docs/integrations-webhooks.md, "Retries"): 30 s after the
 * first failure, doubling each time, at most 4 hours apart: 30 s, 1, 2, 4, 8, 16, 32 min, 1 h 4, 2 h 8,
 * then every 4 hours. A receiver back within the first hour hears again within minutes; one down
 * for days is not hammered.
 */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 4 * 3_600_000;

/** The pause after the n-th failed attempt; `first` is shortened only by tests (WEBHOOKS_RETRY_FIRST_MS). */
export const retryDelayMs = (attempts: number, first = RETRY_FIRST_MS) => Math.min(RETRY_MAX_MS, first * 2 ** Math.max(0, attempts - 1));

/** Days a webhook may fail without a single success before it is disabled and the business told. */
export const DISABLE_AFTER_DAYS = 3;

/** Whether a webhook failing since `since` has passed the horizon at `now`. */
export const pastHorizon = (since: Date, now: Date, days = DISABLE_AFTER_DAYS) => now.getTime() - since.getTime() >= days * 86_400_000;

/** The first bytes of a receiver's answer kept in the delivery log. */
export const RESPONSE_KEPT_BYTES = 1024;
