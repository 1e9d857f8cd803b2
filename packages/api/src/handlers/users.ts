/**
 * GET /api/users/{email} and POST /api/users. The row normally exists from the
 * PostConfirmation trigger; POST makes sure of it, taking the email only from
 * Cognito, never from the body. These two are where a missing row is
 * normal (not made yet), so they ask Cognito, not the row, whether the
 * account still exists.
 */
import { usersRoutes } from '@cpe/shared/routes';
import { emailSchema } from '@cpe/shared';
import { findOwnUserByEmail, insertUser, updateOwnUser } from '../data/users';
import { NotFoundError } from '../errors';
import { createHandler } from '../http/handler';
import type { HandlerDeps } from './deps';

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createUsersHandler(deps: Pick<HandlerDeps, 'db' | 'identity'>) {
  const { db, identity } = deps;
  return createHandler(usersRoutes, {
    async getUser({ pathParams, caller, accessToken }) {
      const email = emailSchema.safeParse(pathParams.email ?? '');
      const found = email.success
        ? await findOwnUserByEmail(db, caller.sub, email.data)
        : undefined;
      if (found) return found;
      // No row: the token of a deleted account (Cognito no longer knows it: 401, as on every
      // route), or a row POST /api/users is still to make (404). Not an email at all answers
      // like one that is not the caller's.
      await identity.emailOf(accessToken);
      throw new NotFoundError();
    },

    async ensureUser({ body, caller, accessToken }) {
      const email = body.email ?? null;
      const marketingOpt = body.marketing_opt ?? null;
      const existing = await updateOwnUser(db, caller.sub, email, marketingOpt);
      if (existing) {
        if (!existing.matched) throw new NotFoundError();
        const { matched: _, ...user } = existing;
        return user;
      }
      const cognitoEmail = await identity.emailOf(accessToken);
      if (email !== null && !sameEmail(email, cognitoEmail)) throw new NotFoundError();
      return insertUser(db, {
        sub: caller.sub,
        email: cognitoEmail,
        marketingOpt: marketingOpt ?? false,
      });
    },
  });
}
