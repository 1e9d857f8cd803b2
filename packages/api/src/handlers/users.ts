/**
 * GET /api/users/{email} and POST /api/users. The row normally exists from the
 * PostConfirmation trigger; POST makes sure of it, taking the email only from
 * Cognito, never from the body.
 */
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { emailSchema } from '@cpe/shared';
import { getDb } from '../db';
import { findOwnUserByEmail, insertUser, updateOwnUser } from '../data/users';
import { env } from '../env';
import { NotFoundError, UnauthorizedError, orNotFound } from '../errors';
import { createHandler } from '../http/handler';

env();
const cognito = new CognitoIdentityProviderClient({});

async function verifiedEmail(accessToken: string): Promise<string> {
  try {
    const user = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
    if (!email) throw new UnauthorizedError();
    return email;
  } catch (error) {
    if (error instanceof Error && error.name === 'NotAuthorizedException')
      throw new UnauthorizedError();
    throw error;
  }
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createUsersHandler(deps: {
  verifiedEmail: (accessToken: string) => Promise<string>;
}) {
  return createHandler('users', {
    async getUser({ pathParams, caller }) {
      const email = emailSchema.safeParse(pathParams.email ?? '');
      // Not an email at all: nobody's record, answered like one that is not the caller's.
      if (!email.success) throw new NotFoundError();
      return orNotFound(await findOwnUserByEmail(getDb(), caller.sub, email.data));
    },

    async ensureUser({ body, caller, accessToken }) {
      const email = body.email ?? null;
      const marketingOpt = body.marketing_opt ?? null;
      const existing = await updateOwnUser(getDb(), caller.sub, email, marketingOpt);
      if (existing) {
        if (!existing.matched) throw new NotFoundError();
        const { matched: _, ...user } = existing;
        return user;
      }
      const cognitoEmail = await deps.verifiedEmail(accessToken);
      if (email !== null && !sameEmail(email, cognitoEmail)) throw new NotFoundError();
      return insertUser(getDb(), {
        sub: caller.sub,
        email: cognitoEmail,
        marketingOpt: marketingOpt ?? false,
      });
    },
  });
}

export const handler = createUsersHandler({ verifiedEmail });
