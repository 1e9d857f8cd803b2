/**
 * The account page: reminder settings, the private calendar feed, the data
 * export and account deletion.
 */
import { accountRoutes } from '@cpe/shared/routes';
import { createHash, randomBytes } from 'node:crypto';
import { API_MESSAGES } from '@cpe/shared';
import { calendarFeedPath } from '@cpe/shared/account';
import * as account from '../data/account';
import { ConflictError, NotFoundError, ValidationError, orNotFound } from '../errors';
import { createHandler } from '../http/handler';
import type { HandlerDeps } from './deps';

/** 32 random bytes, base64url: 43 characters, 256 bits. */
export function newCalendarToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What user_settings keeps of a token, and what the feed route looks it up by. */
export function calendarTokenSha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Everything of a user in the evidence bucket (docs: the contract on object keys). */
export const userPrefix = (sub: string) => `users/${sub}/`;

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createAccountHandler(
  deps: Pick<HandlerDeps, 'db' | 'clock' | 'identity' | 'storage'>,
) {
  const { db, clock, identity, storage } = deps;

  /** A 404 when the caller has no user row, else the 409 the state calls for. */
  async function refuse(sub: string, message: string): Promise<never> {
    if (!(await account.userExists(db, sub))) throw new NotFoundError();
    throw new ConflictError(message);
  }

  return createHandler(accountRoutes, {
    async getAccountSettings({ caller }) {
      return orNotFound(await account.getSettings(db, caller.sub));
    },

    async updateAccountSettings({ body, caller }) {
      return orNotFound(await account.updateSettings(db, caller.sub, body));
    },

    async enableCalendarFeed({ caller }) {
      const token = newCalendarToken();
      const created = await account.enableFeed(db, caller.sub, calendarTokenSha256(token));
      if (created === undefined) return refuse(caller.sub, API_MESSAGES.calendarFeedAlreadyOn);
      return { path: calendarFeedPath(token), created_at: created };
    },

    async rotateCalendarFeed({ caller }) {
      const token = newCalendarToken();
      const created = await account.rotateFeed(db, caller.sub, calendarTokenSha256(token));
      if (created === undefined) return refuse(caller.sub, API_MESSAGES.calendarFeedOff);
      return { path: calendarFeedPath(token), created_at: created };
    },

    async disableCalendarFeed({ caller }) {
      if (!(await account.clearFeedToken(db, caller.sub))) throw new NotFoundError();
      return undefined;
    },

    async exportAccount({ caller }) {
      const data = orNotFound(await account.exportAccount(db, caller.sub));
      return { exported_at: clock.now().toISOString(), ...data };
    },

    /**
     * Files, then rows, then the Cognito user: each step deletes whatever is
     * left and finds nothing to do when repeated, and the user can sign in
     * until the last one, so a call that failed midway is finished by calling
     * again. The email is checked against Cognito, which outlives the rows.
     */
    async deleteAccount({ body, caller, accessToken }) {
      const email = await identity.emailOf(accessToken);
      if (!sameEmail(email, body.email)) {
        throw new ValidationError(`Invalid request: email ${API_MESSAGES.deleteEmailMismatch}`, {
          email: API_MESSAGES.deleteEmailMismatch,
        });
      }
      await storage.deletePrefix(userPrefix(caller.sub));
      await db.transaction((tx) => account.deleteAccountRows(tx, caller.sub));
      await identity.deleteUser(accessToken);
      return undefined;
    },
  });
}
