import { randomUUID } from 'node:crypto';
import { PASSWORD_POLICY, TOKEN_VALIDITY } from '@cpe/shared/user-pool';
import { cognitoError } from './errors';
import { isLocked, noLockout, recordFailure } from './lockout';
import { tryAttempt, type LimitedAction } from './limits';
import { messages } from './messages';
import type { PoolIdentity, Services } from './services';
import type { StoredUser } from './store';
import { hashRefreshToken, newRefreshToken, type AuthenticationResult } from './tokens';

export function requireClient(pool: PoolIdentity, clientId: string): void {
  if (clientId !== pool.clientId) {
    throw cognitoError('ResourceNotFoundException', messages.clientNotFound(clientId));
  }
}

export function checkPasswordPolicy(password: string): void {
  if (password.length < PASSWORD_POLICY.minLength) {
    throw cognitoError('InvalidPasswordException', messages.passwordTooShort);
  }
  if (password.length > 256)
    throw cognitoError('InvalidPasswordException', messages.passwordTooLong);
  if (/^\s|\s$/.test(password)) {
    throw cognitoError('InvalidParameterException', messages.passwordWhitespace);
  }
}

/** Counts one attempt at a rate-limited action, refusing it once the hourly budget is spent. */
export function countAttempt(
  services: Pick<Services, 'store' | 'clock'>,
  user: StoredUser,
  action: LimitedAction,
): void {
  const now = services.clock.now().getTime();
  const { allowed, attempts } = tryAttempt(action, user.attempts[action], now);
  user.attempts[action] = attempts;
  services.store.putUser(user);
  if (!allowed) throw cognitoError('LimitExceededException', messages.limitExceeded);
}

/**
 * The one place a password proof is judged, for both flows: unconfirmed
 * users are told so before anything else, a locked user is refused without
 * the attempt counting, and each failure feeds the lockout.
 */
export async function signIn(
  services: Pick<Services, 'store' | 'clock' | 'tokens'>,
  user: StoredUser,
  proofIsValid: () => boolean,
): Promise<AuthenticationResult> {
  if (user.status !== 'CONFIRMED') {
    throw cognitoError('UserNotConfirmedException', messages.userNotConfirmed);
  }
  const now = services.clock.now().getTime();
  if (isLocked(user.lockout, now)) {
    throw cognitoError('NotAuthorizedException', messages.passwordAttemptsExceeded);
  }
  if (!proofIsValid()) {
    user.lockout = recordFailure(user.lockout, now);
    services.store.putUser(user);
    throw cognitoError('NotAuthorizedException', messages.incorrectCredentials);
  }
  user.lockout = noLockout();
  services.store.putUser(user);
  return startSession(services, user);
}

async function startSession(
  services: Pick<Services, 'store' | 'clock' | 'tokens'>,
  user: StoredUser,
): Promise<AuthenticationResult> {
  const now = services.clock.now().getTime();
  const refreshToken = newRefreshToken();
  const session = {
    originJti: randomUUID(),
    sub: user.sub,
    authTime: Math.floor(now / 1000),
    refreshTokenHash: hashRefreshToken(refreshToken),
    expiresAt: now + TOKEN_VALIDITY.refreshTokenDays * 24 * 60 * 60_000,
    revoked: false,
  };
  services.store.putSession(session, now);
  const tokens = await services.tokens.mint(user, session);
  return { ...tokens, RefreshToken: refreshToken };
}

/** New ID and access tokens for the same session; refresh tokens are not rotated (Cognito's default). */
export async function refreshSession(
  services: Pick<Services, 'store' | 'clock' | 'tokens'>,
  refreshToken: string,
): Promise<AuthenticationResult> {
  const session = services.store.findSessionByRefreshHash(hashRefreshToken(refreshToken));
  if (!session) throw cognitoError('NotAuthorizedException', messages.invalidRefreshToken);
  if (session.revoked) throw cognitoError('NotAuthorizedException', messages.refreshTokenRevoked);
  if (session.expiresAt <= services.clock.now().getTime()) {
    throw cognitoError('NotAuthorizedException', messages.refreshTokenExpired);
  }
  const user = services.store.findUser(session.sub);
  if (!user) throw cognitoError('NotAuthorizedException', messages.invalidRefreshToken);
  return services.tokens.mint(user, session);
}

/** The user behind a live access token; tokens of a signed-out session are refused. */
export async function authenticate(
  services: Pick<Services, 'store' | 'tokens'>,
  accessToken: string,
): Promise<{ user: StoredUser; originJti: string }> {
  const claims = await services.tokens.verifyAccessToken(accessToken);
  const session = services.store.findSession(claims.origin_jti);
  if (!session || session.revoked) {
    throw cognitoError('NotAuthorizedException', messages.accessTokenRevoked);
  }
  const user = services.store.findUser(claims.sub);
  if (!user) throw cognitoError('NotAuthorizedException', messages.invalidAccessToken);
  return { user, originJti: claims.origin_jti };
}
