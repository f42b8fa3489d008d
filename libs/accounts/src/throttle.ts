/**
 * Login throttling, per e-mail and per client address. A few failures pass freely; then each
 * attempt must wait longer (2, 4, 8 … seconds after the last failure); at the limit the key is
 * locked for a while. Failures older than the window are forgotten.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  lockAfter: number;
  lockSeconds: number;
  windowSeconds: number;
  maxDelaySeconds: number;
}

export const EMAIL_POLICY: ThrottlePolicy = { freeFailures: 3, lockAfter: 10, lockSeconds: 15 * 60, windowSeconds: 15 * 60, maxDelaySeconds: 60 };
// An office or a mobile carrier puts many people behind one address: it gets more room.
export const IP_POLICY: ThrottlePolicy = { freeFailures: 20, lockAfter: 50, lockSeconds: 15 * 60, windowSeconds: 15 * 60, maxDelaySeconds: 60 };

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; locked: boolean; retryAfterSeconds: number };

function current(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleState | null {
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
