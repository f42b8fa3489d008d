/**
 * Login throttling. Three counters, each over a 15-minute window:
 * - per account and client address: a few failures pass freely, then each attempt waits longer
 *   (2, 4, 8 … seconds after the last failure), and at the limit that address is locked out of
 *   that account for a while. The owner elsewhere is not locked out with the attacker.
 * - per client address, over every account: the same, with more room.
 * - per account, over every address: never locks; past its threshold every login to the account
 *   must pass the captcha, and the owner is told once.
 * An attempt is reserved (counted as a failure) before the password is checked and released
 * when it turns out right, so parallel guesses cannot pass the limit.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  lockAfter: number;
  lockSeconds: number;
  windowSeconds: number;
  maxDelaySeconds: number;
}

export const ACCOUNT_ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 3, lockAfter: 10, lockSeconds: 15 * 60, windowSeconds: 15 * 60, maxDelaySeconds: 60 };
// An office or a mobile carrier puts many people behind one address: it gets more room.
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20, lockAfter: 50, lockSeconds: 15 * 60, windowSeconds: 15 * 60, maxDelaySeconds: 60 };
// Counts only: locking an account for everyone would hand any stranger a way to shut its owner out.
export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: Infinity, lockAfter: Infinity, lockSeconds: 0, windowSeconds: 15 * 60, maxDelaySeconds: 0 };
/** Failures on one account, from any address, after which its logins need the captcha and its owner is told. */
export const ACCOUNT_CAPTCHA_AFTER = ACCOUNT_ADDRESS_POLICY.lockAfter;

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; locked: boolean; retryAfterSeconds: number };

export function current(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState | null {
  if (!state) return null;
  if (state.lockedUntil && state.lockedUntil > now) return state;
  if (now.getTime() - state.lastFailureAt.getTime() > policy.windowSeconds * 1000) return null;
  // A lock that ran out starts the count again.
  if (state.lockedUntil && state.lockedUntil <= now) return null;
  return state;
}

export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(2 ** (failures - policy.freeFailures + 1), policy.maxDelaySeconds);
}

export function checkThrottle(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleVerdict {
  const s = current(state, now, policy);
  if (!s) return { allowed: true };
  if (s.lockedUntil && s.lockedUntil > now) {
    return { allowed: false, locked: true, retryAfterSeconds: Math.ceil((s.lockedUntil.getTime() - now.getTime()) / 1000) };
  }
  const delayMs = delayAfter(s.failures, policy) * 1000;
  // Clamped, so a clock set back never asks for more than the policy's own wait.
  const wait = Math.min(delayMs, s.lastFailureAt.getTime() + delayMs - now.getTime());
  return wait > 0 ? { allowed: false, locked: false, retryAfterSeconds: Math.ceil(wait / 1000) } : { allowed: true };
}

export function recordFailure(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState {
  const failures = (current(state, now, policy)?.failures ?? 0) + 1;
  const lockedUntil = failures >= policy.lockAfter ? new Date(now.getTime() + policy.lockSeconds * 1000) : null;
  return { failures, lastFailureAt: now, lockedUntil };
}

/**
 * Decides and counts in one step, to be run under a lock on the counter: an allowed attempt is
 * recorded as a failure at once (`next`), so that the attempts running beside it see it.
 */
export function reserveAttempt(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): { verdict: ThrottleVerdict; next: ThrottleState | null } {
  const verdict = checkThrottle(state, now, policy);
  return { verdict, next: verdict.allowed ? recordFailure(state, now, policy) : null };
}

/** Gives back a reserved attempt that was not a failure (right password, captcha not passed). */
export function releaseAttempt(state: ThrottleState, policy: ThrottlePolicy): ThrottleState {
  const failures = Math.max(state.failures - 1, 0);
  return { failures, lastFailureAt: state.lastFailureAt, lockedUntil: failures >= policy.lockAfter ? state.lockedUntil : null };
}

/** Failures still counting at `now` (0 once the window or a lock ran out). */
export function failuresAt(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): number {
  return current(state, now, policy)?.failures ?? 0;
}
