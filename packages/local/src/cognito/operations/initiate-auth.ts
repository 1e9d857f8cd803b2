import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AUTH_FLOWS } from '@cpe/shared/user-pool';
import { refreshSession, requireClient, signIn } from '../auth';
import { cognitoError } from '../errors';
import { parseInput } from '../input';
import { messages } from '../messages';
import type { Services } from '../services';
import { unknownUser } from '../simulated';
import { createServerEphemeral, isValidClientPublic, modPow, N, g, passwordMatches } from '../srp';

/** Every AuthFlow value the API accepts; those not enabled on our client are refused by name. */
const KNOWN_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
] as const;

const Input = z.object({
  ClientId: z.string().min(1),
  AuthFlow: z.enum(KNOWN_FLOWS, {
    error: `Member must satisfy enum value set: [${KNOWN_FLOWS.join(', ')}]`,
  }),
  AuthParameters: z.record(z.string(), z.string()).optional(),
});

function parameter(parameters: Record<string, string> | undefined, name: string): string {
  const value = parameters && Object.hasOwn(parameters, name) ? parameters[name] : undefined;
  if (!value) throw cognitoError('InvalidParameterException', messages.missingParameter(name));
  return value;
}

const enabled = (flow: string) => (AUTH_FLOWS as readonly string[]).includes(flow);

type Deps = Pick<Services, 'pool' | 'store' | 'clock' | 'tokens' | 'srpSessions'>;

function startSrp(services: Deps, parameters: Record<string, string> | undefined) {
  const username = parameter(parameters, 'USERNAME');
  const A = parameter(parameters, 'SRP_A');
  if (!isValidClientPublic(A))
    throw cognitoError('InvalidParameterException', messages.invalidSrpA);
  const user = services.store.findUser(username);
  // An unknown user gets a challenge built on a verifier nobody knows the password of.
  const salt = user?.password.salt ?? unknownUser.salt(services.pool.userPoolId, username);
  const verifier =
    user?.password.verifier ??
    modPow(g, BigInt(`0x${randomBytes(32).toString('hex')}`), N).toString(16);
  const userIdForSrp = user?.sub ?? unknownUser.userIdForSrp(services.pool.userPoolId, username);
  const { b, B } = createServerEphemeral(verifier);
  const secretBlock = randomBytes(96).toString('base64');
  const session = services.srpSessions.open({
    sub: user?.sub,
    userIdForSrp,
    A,
    B,
    b,
    secretBlock,
    createdAt: services.clock.now().getTime(),
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      SALT: salt,
      SECRET_BLOCK: secretBlock,
      SRP_B: B,
      USERNAME: userIdForSrp,
      USER_ID_FOR_SRP: userIdForSrp,
    },
  };
}

async function passwordAuth(services: Deps, parameters: Record<string, string> | undefined) {
  const username = parameter(parameters, 'USERNAME');
  const password = parameter(parameters, 'PASSWORD');
  const user = services.store.findUser(username);
  if (!user) throw unknownUser.signInFailure();
  const result = await signIn(services, user, () =>
    passwordMatches(services.pool.poolName, user.sub, password, user.password),
  );
  return { AuthenticationResult: result, ChallengeParameters: {} };
}

export async function initiateAuth(services: Deps, raw: unknown) {
  const input = parseInput(Input, raw);
  requireClient(services.pool, input.ClientId);
  if (input.AuthFlow === 'REFRESH_TOKEN_AUTH' || input.AuthFlow === 'REFRESH_TOKEN') {
    const token = parameter(input.AuthParameters, 'REFRESH_TOKEN');
    return { AuthenticationResult: await refreshSession(services, token), ChallengeParameters: {} };
  }
  if (input.AuthFlow === 'USER_SRP_AUTH' && enabled(input.AuthFlow)) {
    return startSrp(services, input.AuthParameters);
  }
  if (input.AuthFlow === 'USER_PASSWORD_AUTH' && enabled(input.AuthFlow)) {
    return passwordAuth(services, input.AuthParameters);
  }
  throw cognitoError('InvalidParameterException', messages.flowNotEnabled(input.AuthFlow));
}
