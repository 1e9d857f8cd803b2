import { z } from 'zod';
import { requireClient, signIn } from '../auth';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { messages } from '../messages';
import type { Services } from '../services';
import { unknownUser } from '../simulated';
import { SRP_TIMESTAMP_PATTERN, claimSignature, serverKey, signaturesEqual } from '../srp';

const Input = z.object({
  ClientId: z.string().min(1),
  ChallengeName: z.string().min(1),
  Session: z.string().optional(),
  ChallengeResponses: z.record(z.string(), z.string()).optional(),
});

function response(responses: Record<string, string> | undefined, name: string): string {
  const value = responses && Object.hasOwn(responses, name) ? responses[name] : undefined;
  if (!value) throw cognitoError('InvalidParameterException', messages.missingParameter(name));
  return value;
}

export async function respondToAuthChallenge(
  services: Pick<Services, 'pool' | 'store' | 'clock' | 'tokens' | 'srpSessions'>,
  raw: unknown,
) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  if (input.ChallengeName !== 'PASSWORD_VERIFIER') {
    throw cognitoError(
      'InvalidParameterException',
      messages.unsupportedChallenge(input.ChallengeName),
    );
  }
  const username = response(input.ChallengeResponses, 'USERNAME');
  const secretBlock = response(input.ChallengeResponses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = response(input.ChallengeResponses, 'PASSWORD_CLAIM_SIGNATURE');
  const timestamp = response(input.ChallengeResponses, 'TIMESTAMP');
  if (!SRP_TIMESTAMP_PATTERN.test(timestamp)) {
    throw cognitoError(
      'InvalidParameterException',
      messages.validation(
        'TIMESTAMP',
        'Member must be formatted like "Tue Jun 3 09:05:07 UTC 2025"',
      ),
    );
  }

  const session = services.srpSessions.take(
    secretBlock,
    input.Session,
    services.clock.now().getTime(),
  );
  if (!session) {
    throw cognitoError('NotAuthorizedException', messages.sessionExpired);
  }
  const user = session.sub === undefined ? undefined : services.store.findUser(session.sub);
  if (!user || services.store.findUser(username) !== user) throw unknownUser.signInFailure();

  const result = await signIn(services, user, () => {
    const key = serverKey({
      A: session.A,
      B: session.B,
      b: session.b,
      verifier: user.password.verifier,
    });
    const expected = claimSignature({
      key,
      poolName: services.pool.poolName,
      userId: session.userIdForSrp,
      secretBlock,
      timestamp,
    });
    return signaturesEqual(expected, signature);
  });
  return { AuthenticationResult: result, ChallengeParameters: {} };
}
