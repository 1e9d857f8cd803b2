/**
 * GET /api/users/{email} and POST /api/users. The row normally exists from the
 * PostConfirmation trigger; POST makes sure of it, taking the email only from
 * Cognito, never from the body.
 */
import { usersRoutes } from '@cpe/shared/routes';
import { emailSchema } from '@cpe/shared';
import { findOwnUserByEmail, insertUser, updateOwnUser } from '../data/users';
import { NotFoundError, orNotFound } from '../errors';
import { accountGuard } from '../data/users';
import { createHandlerWith } from '../http/handler';
import type { HandlerDeps } from './deps';

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createUsersHandler(deps: Pick<HandlerDeps, 'db' | 'identity'>) {
  const { db, identity } = deps;
  return createHandlerWith(accountGuard(db))(usersRoutes, {
    async getUser({ pathParams, caller }) {
      const email = emailSchema.safeParse(pathParams.email ?? '');
      // Not an email at all: nobody's record, answered like one that is not the caller's.
      if (!email.success) throw new NotFoundError();
      return orNotFound(await findOwnUserByEmail(db, caller.sub, email.data));
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
