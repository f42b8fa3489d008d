import { estimate, RateLimitPolicy, rateVerdict } from './rate-limit';

const policy: RateLimitPolicy = { limit: 20, windowSeconds: 600 };

describe('sliding-window rate limit', () => {
  it('allows the limit in a fresh window and refuses the next call until the window ends', () => {
    expect(rateVerdict({ current: 20, previous: 0, elapsedSeconds: 30 }, policy)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(rateVerdict({ current: 21, previous: 0, elapsedSeconds: 30 }, policy)).toEqual({ allowed: false, retryAfterSeconds: 570 + 29 });
  });

  it('weighs the previous window by how much of it still overlaps', () => {
    expect(estimate({ current: 5, previous: 20, elapsedSeconds: 150 }, policy)).toBe(20);
    expect(rateVerdict({ current: 5, previous: 20, elapsedSeconds: 150 }, policy).allowed).toBe(true);
    expect(rateVerdict({ current: 6, previous: 20, elapsedSeconds: 150 }, policy).allowed).toBe(false);
  });

  it('gives no burst of twice the limit across a window edge, as a fixed window would', () => {
    // Twenty calls at the end of one window; the first second of the next refuses the 1st call.
    expect(rateVerdict({ current: 1, previous: 20, elapsedSeconds: 1 }, policy).allowed).toBe(false);
  });

  it('says when the previous window has faded enough', () => {
    // 20 × (1 − (150 + t)/600) + 6 ≤ 20 → t ≥ 30
    const v = rateVerdict({ current: 6, previous: 20, elapsedSeconds: 150 }, policy);
    expect(v).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(rateVerdict({ current: 6, previous: 20, elapsedSeconds: 180 }, policy).allowed).toBe(true);
  });

  it('waits past the window end when the current window alone is over the limit', () => {
    // After the window (450 s left), 40 × (1 − e/600) ≤ 20 → e ≥ 300.
    expect(rateVerdict({ current: 40, previous: 0, elapsedSeconds: 150 }, policy)).toEqual({ allowed: false, retryAfterSeconds: 750 });
    expect(estimate({ current: 0, previous: 40, elapsedSeconds: 300 }, policy)).toBe(20);
  });
});
