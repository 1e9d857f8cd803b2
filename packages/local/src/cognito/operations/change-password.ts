import { z } from 'zod';
import { authenticate, checkPasswordPolicy } from '../auth';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { tryAttempt } from '../limits';
import { messages } from '../messages';
import type { Services } from '../services';
import { createVerifier, passwordMatches } from '../srp';

const password = z.string().max(256);

const Input = z.object({
  AccessToken: z.string().min(1),
  PreviousPassword: password,
  ProposedPassword: password,
});

/**
 * The signed-in user changes their password, proving the old one. Wrong old
 * passwords count towards an hourly limit, past which even the right one is
 * refused with LimitExceededException; sessions stay signed in.
 */
export async function changePassword(
  services: Pick<Services, 'pool' | 'store' | 'tokens' | 'clock'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  const { user } = await authenticate(services, input.AccessToken);
  const now = services.clock.now().getTime();
  const failures = tryAttempt('ChangePassword', user.attempts.ChangePassword, now);
  if (!failures.allowed) throw cognitoError('LimitExceededException', messages.limitExceeded);
  if (!passwordMatches(services.pool.poolName, user.sub, input.PreviousPassword, user.password)) {
    user.attempts.ChangePassword = failures.attempts;
    services.store.putUser(user);
    throw cognitoError('NotAuthorizedException', messages.incorrectCredentials);
  }
  checkPasswordPolicy(input.ProposedPassword);
  user.password = createVerifier(services.pool.poolName, user.sub, input.ProposedPassword);
  user.updatedAt = now;
  services.store.putUser(user);
  return {};
}
