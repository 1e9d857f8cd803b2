import { checkCode, newCode } from './codes';
import { CODE_LIFETIME_MS, HOURLY_LIMITS, tryAttempt } from './limits';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 60 * 60_000;

describe('verification codes', () => {
  it('are six digits', () => {
    const codes = Array.from({ length: 50 }, () => newCode(T0, HOUR).code);

    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
  });

  it('match until they expire: 24 h for sign-up, 1 h for a reset', () => {
    const signUp = newCode(T0, CODE_LIFETIME_MS.confirmSignUp);
    const reset = newCode(T0, CODE_LIFETIME_MS.forgotPassword);

    expect(checkCode(signUp, signUp.code, T0 + 24 * HOUR - 1)).toBe('ok');
    expect(checkCode(signUp, signUp.code, T0 + 24 * HOUR)).toBe('expired');
    expect(checkCode(reset, reset.code, T0 + HOUR - 1)).toBe('ok');
    expect(checkCode(reset, reset.code, T0 + HOUR)).toBe('expired');
  });

  it('tell a wrong code from a missing one', () => {
    const code = { code: '123456', expiresAt: T0 + HOUR };

    expect(checkCode(code, '654321', T0)).toBe('mismatch');
    expect(checkCode(undefined, '123456', T0)).toBe('expired');
  });
});

describe('hourly limits', () => {
  it('refuse the sixth resend within an hour and allow it an hour after the first', () => {
    let attempts: number[] = [];
    for (let i = 0; i < HOURLY_LIMITS.ResendConfirmationCode; i += 1) {
      const result = tryAttempt('ResendConfirmationCode', attempts, T0 + i * 60_000);
      expect(result.allowed).toBe(true);
      attempts = result.attempts;
    }

    const sixth = tryAttempt('ResendConfirmationCode', attempts, T0 + 30 * 60_000);
    const later = tryAttempt('ResendConfirmationCode', attempts, T0 + HOUR);

    expect(sixth.allowed).toBe(false);
    expect(later.allowed).toBe(true);
  });
});
