/**
 * The user pool, for the account function's deletion and password change: the Cognito client
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
  /**
   * Changes the token's user's password (ChangePassword: authorised by the
   * access token and the current password). Answers 'changed', or why not:
   * the current password is wrong, Cognito's attempt limit is reached, or the
   * new password breaks the pool's policy. UnauthorizedError when the token
   * is no longer good (checked first, so a wrong password is told apart).
   */
  changePassword(
    accessToken: string,
    previous: string,
    proposed: string,
  ): Promise<'changed' | 'wrong-password' | 'too-many-attempts' | 'invalid-password'>;
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
    async changePassword(accessToken, previous, proposed) {
      const { sdk, client } = await load();
      try {
        await client.send(
          new sdk.ChangePasswordCommand({
            AccessToken: accessToken,
            PreviousPassword: previous,
            ProposedPassword: proposed,
          }),
        );
        return 'changed';
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        if (name === 'NotAuthorizedException') return 'wrong-password';
        if (name === 'LimitExceededException') return 'too-many-attempts';
        if (name === 'InvalidPasswordException' || name === 'InvalidParameterException')
          return 'invalid-password';
        throw error;
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
