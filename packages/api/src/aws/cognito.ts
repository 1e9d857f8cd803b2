import {
  CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { UnauthorizedError } from '../errors';
import { reportingFailures } from './failures';
import { type AwsSetup, clientConfig } from './setup';

/** What the api asks of the user pool. */
export interface Identity {
  /** The verified email of the token's user; UnauthorizedError when the token is no longer good. */
  emailOf(accessToken: string): Promise<string>;
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
        if (error instanceof Error && error.name === 'NotAuthorizedException')
          throw new UnauthorizedError();
        throw error;
      }
    },
  };
}
