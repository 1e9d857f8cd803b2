import {
  CognitoIdentityProviderClient,
  DeleteUserCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { UnauthorizedError } from '../errors';
import { reportingFailures } from './failures';
import { type AwsSetup, clientConfig } from './setup';

/** What the api asks of the user pool. */
export interface Identity {
  /** The verified email of the token's user; UnauthorizedError when the token is no longer good. */
  emailOf(accessToken: string): Promise<string>;
  /**
   * Deletes the token's user from the pool (DeleteUser: authorised by the
   * user's own access token, so the function needs no IAM grant); their
   * tokens stop working. UnauthorizedError when the token is no longer good.
   */
  deleteUser(accessToken: string): Promise<void>;
}

function unauthorizedWhenRefused(error: unknown): never {
  if (error instanceof Error && error.name === 'NotAuthorizedException')
    throw new UnauthorizedError();
  throw error;
}

export function createCognitoIdentity(setup: AwsSetup): Identity {
  const client = reportingFailures(
    new CognitoIdentityProviderClient(clientConfig(setup, 'cognitoIdentityProvider')),
    'cognitoIdentityProvider',
  );
  return {
    async emailOf(accessToken) {
      try {
        const user = await client.send(new GetUserCommand({ AccessToken: accessToken }));
        const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
        if (!email) throw new UnauthorizedError();
        return email;
      } catch (error) {
        unauthorizedWhenRefused(error);
      }
    },
    async deleteUser(accessToken) {
      await client
        .send(new DeleteUserCommand({ AccessToken: accessToken }))
        .catch(unauthorizedWhenRefused);
    },
  };
}
