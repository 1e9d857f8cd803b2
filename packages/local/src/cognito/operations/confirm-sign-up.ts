import { z } from 'zod';
import { countAttempt, requireClient } from '../auth';
import { checkCode } from '../codes';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { messages } from '../messages';
import type { Services } from '../services';
import { unknownUser } from '../simulated';
import type { StoredUser } from '../store';
import type { PostConfirmationEvent } from '../trigger';

const Input = z.object({
  ClientId: z.string().min(1),
  Username: z.string().min(1),
  ConfirmationCode: z.string().min(1),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});

function postConfirmationEvent(
  pool: Services['pool'],
  user: StoredUser,
  clientMetadata: Record<string, string> | undefined,
): PostConfirmationEvent {
  return {
    version: '1',
    region: pool.region,
    userPoolId: pool.userPoolId,
    userName: user.sub,
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: pool.clientId },
    request: {
      userAttributes: {
        sub: user.sub,
        email: user.email,
        ...user.attributes,
        email_verified: 'true',
        'cognito:user_status': 'CONFIRMED',
      },
      ...(clientMetadata ? { clientMetadata } : {}),
    },
    response: {},
  };
}

export async function confirmSignUp(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'postConfirmation' | 'log'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  const user = services.store.findUser(input.Username);
  if (!user) throw unknownUser.codeFailure();
  if (user.status === 'CONFIRMED') {
    throw cognitoError('NotAuthorizedException', messages.cannotConfirm(user.status));
  }
  countAttempt(services, user, 'ConfirmSignUp');
  const now = services.clock.now().getTime();
  const check = checkCode(user.codes.confirmSignUp, input.ConfirmationCode, now);
  if (check === 'expired') throw cognitoError('ExpiredCodeException', messages.codeExpired);
  if (check === 'mismatch') throw cognitoError('CodeMismatchException', messages.codeMismatch);

  if (services.postConfirmation) {
    try {
      await services.postConfirmation(
        postConfirmationEvent(services.pool, user, input.ClientMetadata),
      );
    } catch (error) {
      // Cognito leaves the user unconfirmed and reports the trigger's own message.
      const reason = error instanceof Error ? error.message : String(error);
      services.log(`cognito: PostConfirmation trigger failed for ${user.email}: ${reason}`);
      throw cognitoError(
        'UserLambdaValidationException',
        messages.lambdaFailed('PostConfirmation', reason),
        error,
      );
    }
  }
  user.status = 'CONFIRMED';
  user.attributes.email_verified = 'true';
  user.codes.confirmSignUp = undefined;
  user.updatedAt = now;
  services.store.putUser(user);
  return {};
}
