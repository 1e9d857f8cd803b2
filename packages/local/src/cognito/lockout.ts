/**
 * Cognito's sign-in lockout: from the fifth consecutive failure the user is
 * locked for 2^(failures-5) seconds, doubling up to about 15 minutes.
 * Attempts during a lockout are refused without being counted; the count
 * resets after 15 idle minutes or a successful sign-in.
 */
export interface LockoutState {
  failures: number;
  /** Epoch ms of the last counted failure. */
  lastFailureAt: number;
  /** Epoch ms; 0 when not locked. */
  lockedUntil: number;
}

export const FREE_FAILURES = 4;
export const MAX_LOCK_MS = 15 * 60_000;
export const IDLE_RESET_MS = 15 * 60_000;

export const noLockout = (): LockoutState => ({ failures: 0, lastFailureAt: 0, lockedUntil: 0 });

export function isLocked(state: LockoutState, now: number): boolean {
  return state.lockedUntil > now;
}

export function lockDurationMs(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES - 1) * 1000, MAX_LOCK_MS);
}

export function recordFailure(state: LockoutState, now: number): LockoutState {
  const idle = state.failures > 0 && now - state.lastFailureAt >= IDLE_RESET_MS;
  const failures = (idle ? 0 : state.failures) + 1;
  const lock = lockDurationMs(failures);
  return { failures, lastFailureAt: now, lockedUntil: lock > 0 ? now + lock : 0 };
}
