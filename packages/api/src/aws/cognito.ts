/**
 * The user pool, for the account function's deletion: the Cognito client
 * loads on the first call (cognito-sdk.ts), so the account page's other
 * requests and a cold start do not pay for it.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { UnauthorizedError } from '../errors';
import type * as CognitoSdk from './cognito-sdk';
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

type Sdk = typeof CognitoSdk;

export function createCognitoIdentity(setup: AwsSetup): Identity {
  let loaded: Promise<{ sdk: Sdk; client: CognitoIdentityProviderClient }> | undefined;
  const load = () =>
    (loaded ??= import('./cognito-sdk').then((sdk) => ({
      sdk,
      client: reportingFailures(
        new sdk.CognitoIdentityProviderClient(clientConfig(setup, 'cognitoIdentityProvider')),
        'cognitoIdentityProvider',
      ),
    })));
  return {
    async emailOf(accessToken) {
      const { sdk, client } = await load();
      try {
        const user = await client.send(new sdk.GetUserCommand({ AccessToken: accessToken }));
        const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
        if (!email) throw new UnauthorizedError();
        return email;
      } catch (error) {
        unauthorizedWhenRefused(error);
      }
    },
    async deleteUser(accessToken) {
      const { sdk, client } = await load();
      await client
        .send(new sdk.DeleteUserCommand({ AccessToken: accessToken }))
        .catch(unauthorizedWhenRefused);
    },
  };
}
