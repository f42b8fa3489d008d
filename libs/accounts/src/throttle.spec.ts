import {
  ACCOUNT_ADDRESS_POLICY,
  ACCOUNT_CAPTCHA_AFTER,
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  checkThrottle,
  delayAfter,
  failuresAt,
  recordFailure,
  releaseAttempt,
  reserveAttempt,
  ThrottleState,
} from './throttle';

const t0 = new Date('2026-11-22T08:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

function failures(n: number, everySeconds: number): ThrottleState | null {
  let state: ThrottleState | null = null;
  for (let i = 0; i < n; i++) state = recordFailure(state, at(i * everySeconds), ACCOUNT_ADDRESS_POLICY);
  return state;
}

describe('login throttle, per account and address', () => {
  it('lets the first failures retry at once', () => {
    expect(checkThrottle(failures(2, 0), at(0), ACCOUNT_ADDRESS_POLICY)).toEqual({ allowed: true });
  });

  it('then asks for a growing wait after each failure', () => {
    expect([3, 4, 5, 6, 20].map((n) => delayAfter(n, ACCOUNT_ADDRESS_POLICY))).toEqual([2, 4, 8, 16, 60]);
    expect(checkThrottle(failures(4, 0), at(1), ACCOUNT_ADDRESS_POLICY)).toEqual({ allowed: false, locked: false, retryAfterSeconds: 3 });
    expect(checkThrottle(failures(4, 0), at(4), ACCOUNT_ADDRESS_POLICY)).toEqual({ allowed: true });
  });

  it('locks for 15 minutes at the tenth failure', () => {
    const state = failures(10, 61);
    expect(state?.lockedUntil?.toISOString()).toBe(at(9 * 61 + 900).toISOString());
    expect(checkThrottle(state, at(9 * 61 + 899), ACCOUNT_ADDRESS_POLICY)).toEqual({ allowed: false, locked: true, retryAfterSeconds: 1 });
    expect(checkThrottle(state, at(9 * 61 + 900), ACCOUNT_ADDRESS_POLICY)).toEqual({ allowed: true });
  });

  it('forgets failures older than the window, and starts again after a lock', () => {
    expect(recordFailure(failures(5, 0), at(901), ACCOUNT_ADDRESS_POLICY).failures).toBe(1);
    expect(recordFailure(failures(10, 61), at(9 * 61 + 901), ACCOUNT_ADDRESS_POLICY)).toMatchObject({ failures: 1, lockedUntil: null });
  });
});

describe('attempt reservation', () => {
  it('counts an allowed attempt before its password is checked, so the next one already waits', () => {
    let state = failures(3, 0);
    const first = reserveAttempt(state, at(10), ACCOUNT_ADDRESS_POLICY);
    expect(first.verdict).toEqual({ allowed: true });
    state = first.next;
    expect(state).toMatchObject({ failures: 4 });
    expect(reserveAttempt(state, at(10), ACCOUNT_ADDRESS_POLICY)).toEqual({ verdict: { allowed: false, locked: false, retryAfterSeconds: 4 }, next: null });
  });

  it('locks at the reservation that reaches the limit, and a release below it unlocks', () => {
    const ninth = failures(9, 61);
    const tenth = reserveAttempt(ninth, at(9 * 61), ACCOUNT_ADDRESS_POLICY).next!;
    expect(tenth.lockedUntil).not.toBeNull();
    expect(releaseAttempt(tenth, ACCOUNT_ADDRESS_POLICY)).toMatchObject({ failures: 9, lockedUntil: null });
    expect(releaseAttempt({ failures: 0, lastFailureAt: at(0), lockedUntil: null }, ACCOUNT_ADDRESS_POLICY).failures).toBe(0);
  });

  it('never locks nor slows an account over every address, only counts it', () => {
    let state: ThrottleState | null = null;
    for (let i = 0; i < 100; i++) {
      const r = reserveAttempt(state, at(i), ACCOUNT_POLICY);
      expect(r.verdict).toEqual({ allowed: true });
      state = r.next;
    }
    expect(failuresAt(state, at(100), ACCOUNT_POLICY)).toBe(100);
    expect(failuresAt(state, at(99 + 901), ACCOUNT_POLICY)).toBe(0);
    expect(ACCOUNT_CAPTCHA_AFTER).toBe(10);
  });

  it('gives an address more room than one account from it', () => {
    expect(ADDRESS_POLICY.freeFailures).toBeGreaterThan(ACCOUNT_ADDRESS_POLICY.freeFailures);
    expect(ADDRESS_POLICY.lockAfter).toBeGreaterThan(ACCOUNT_ADDRESS_POLICY.lockAfter);
  });
});
