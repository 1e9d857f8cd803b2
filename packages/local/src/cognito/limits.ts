/**
 * Per-user hourly limits Cognito applies to code requests, code attempts and
 * wrong previous passwords; going over answers LimitExceededException.
 */
export const HOURLY_LIMITS = {
  ConfirmSignUp: 15,
  ResendConfirmationCode: 5,
  ForgotPassword: 5,
  ConfirmForgotPassword: 10,
  /** Wrong previous passwords (only failures count). */
  ChangePassword: 5,
} as const;

export type LimitedAction = keyof typeof HOURLY_LIMITS;

const HOUR_MS = 60 * 60_000;

/** Attempts still inside the sliding hour. */
export function recentAttempts(attempts: readonly number[] | undefined, now: number): number[] {
  return (attempts ?? []).filter((at) => now - at < HOUR_MS);
}

/** Whether one more attempt now is allowed, and the history to keep when it is. */
export function tryAttempt(
  action: LimitedAction,
  attempts: readonly number[] | undefined,
  now: number,
): { allowed: boolean; attempts: number[] } {
  const recent = recentAttempts(attempts, now);
  if (recent.length >= HOURLY_LIMITS[action]) return { allowed: false, attempts: recent };
  return { allowed: true, attempts: [...recent, now] };
}

export const CODE_LIFETIME_MS = {
  confirmSignUp: 24 * HOUR_MS,
  forgotPassword: HOUR_MS,
} as const;
