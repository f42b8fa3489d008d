import { isStrongPassword } from './password';
import { checkThrottle, delayAfter, EMAIL_POLICY, recordFailure, ThrottleState } from './throttle';

const t0 = new Date('2026-11-22T08:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

function failures(n: number, everySeconds: number): ThrottleState | null {
  let state: ThrottleState | null = null;
  for (let i = 0; i < n; i++) state = recordFailure(state, at(i * everySeconds), EMAIL_POLICY);
  return state;
}

describe('login throttle', () => {
  it('lets the first failures retry at once', () => {
    expect(checkThrottle(failures(2, 0), at(0), EMAIL_POLICY)).toEqual({ allowed: true });
  });

  it('then asks for a growing wait after each failure', () => {
    expect([3, 4, 5, 6, 20].map((n) => delayAfter(n, EMAIL_POLICY))).toEqual([2, 4, 8, 16, 60]);
    expect(checkThrottle(failures(4, 0), at(1), EMAIL_POLICY)).toEqual({ allowed: false, locked: false, retryAfterSeconds: 3 });
    expect(checkThrottle(failures(4, 0), at(4), EMAIL_POLICY)).toEqual({ allowed: true });
  });

  it('locks for 15 minutes at the tenth failure', () => {
    const state = failures(10, 61);
    expect(state?.lockedUntil?.toISOString()).toBe(at(9 * 61 + 900).toISOString());
    expect(checkThrottle(state, at(9 * 61 + 899), EMAIL_POLICY)).toEqual({ allowed: false, locked: true, retryAfterSeconds: 1 });
    expect(checkThrottle(state, at(9 * 61 + 900), EMAIL_POLICY)).toEqual({ allowed: true });
  });

  it('forgets failures older than the window, and starts again after a lock', () => {
    expect(recordFailure(failures(5, 0), at(901), EMAIL_POLICY).failures).toBe(1);
    expect(recordFailure(failures(10, 61), at(9 * 61 + 901), EMAIL_POLICY)).toMatchObject({ failures: 1, lockedUntil: null });
  });
});

describe('password rule', () => {
  it.each([
    ['Str0ng!Pass', true],
    ['Sh0rt!', false],
    ['alllower1!', false],
    ['ALLUPPER1!', false],
    ['NoDigits!!', false],
    ['NoSpecial12', false],
  ])('%s → %s', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });
});
