/**
 * A sliding-window rate limit from two fixed windows' counts: the previous window's count,
 * weighted by how much of it still overlaps the sliding window, plus the current one's. Two
 * counters per key instead of one timestamp per call, and no burst of twice the limit across a
 * window's edge as a plain fixed window allows.
 */
export interface RateLimitPolicy {
  /** Calls allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface WindowCounts {
  /** Calls counted in the current window, this one included. */
  current: number;
  /** Calls counted in the window before it. */
  previous: number;
  /** Seconds since the current window began. */
  elapsedSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** When refused: seconds until the estimate falls back under the limit (at least 1). */
  retryAfterSeconds: number;
}

export function estimate(c: WindowCounts, policy: RateLimitPolicy): number {
  const overlap = Math.max(0, 1 - c.elapsedSeconds / policy.windowSeconds);
  return c.previous * overlap + c.current;
}

export function rateVerdict(c: WindowCounts, policy: RateLimitPolicy): RateVerdict {
  if (estimate(c, policy) <= policy.limit) return { allowed: true, retryAfterSeconds: 0 };
  const { limit: L, windowSeconds: W } = policy;
  const rest = W - c.elapsedSeconds;
  let wait: number;
  if (c.current <= L) {
    // Within this window, as the previous one's weight falls: previous × (1 − (elapsed + t)/W) + current ≤ L;
    // at the latest when this window ends (its count alone is within the limit).
    wait = c.previous > 0 ? Math.min(rest, (1 - (L - c.current) / c.previous) * W - c.elapsedSeconds) : rest;
  } else {
    // This window alone is over: after it ends, its weight must fall to current × (1 − e/W) ≤ L.
    wait = rest + W * (1 - L / c.current);
  }
  // (less a hair: 0.3 × 600 is 180.00000000000003 in floating point)
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait - 1e-9)) };
}
