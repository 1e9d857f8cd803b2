import { z } from 'zod';
import { checkPasswordPolicy, countAttempt, requireClient } from '../auth';
import { checkCode } from '../codes';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { noLockout } from '../lockout';
import { messages } from '../messages';
import type { Services } from '../services';
import { unknownUser } from '../simulated';
import { createVerifier } from '../srp';

const Input = z.object({
  ClientId: z.string().min(1),
  Username: z.string().min(1),
  ConfirmationCode: z.string().min(1),
  Password: z.string(),
});

export function confirmForgotPassword(
  services: Pick<Services, 'pool' | 'store' | 'clock'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  checkPasswordPolicy(input.Password);
  const user = services.store.findUser(input.Username);
  if (!user) throw unknownUser.codeFailure();
  countAttempt(services, user, 'ConfirmForgotPassword');
  const now = services.clock.now().getTime();
  const check = checkCode(user.codes.forgotPassword, input.ConfirmationCode, now);
  if (check === 'expired') throw cognitoError('ExpiredCodeException', messages.codeExpired);
  if (check === 'mismatch') throw cognitoError('CodeMismatchException', messages.codeMismatch);

  user.password = createVerifier(services.pool.poolName, user.sub, input.Password);
  user.codes.forgotPassword = undefined;
  // A proven owner with a new password starts with a clean slate.
  user.lockout = noLockout();
  user.updatedAt = now;
  services.store.putUser(user);
  return Promise.resolve({});
}
