/**
 * The account page: settings (reminders, locale, time zone, the name on
 * reports), the private calendar feed, password change, the data export and
 * account deletion. A password change and a deletion are mailed to the
 * holder (decision 105).
 */
import { accountRoutes } from '@cpe/shared/routes';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_MESSAGES } from '@cpe/shared';
import { calendarFeedPath } from '@cpe/shared/account';
import { todayIn } from '@cpe/shared/dates';
import * as account from '../data/account';
import { rotateForwardingLocal } from '../data/forwarding';
import type { OutgoingMail } from '../aws/ses';
import {
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
  orNotFound,
} from '../errors';
import { downloadKey, userDownloadsPrefix } from '../functions';
import { logger } from '../log';
import { accountDeletedMail, passwordChangedMail } from '../mail/security';
import { accountGuard, userExists } from '../data/users';
import { createHandlerWith } from '../http/handler';
import type { HandlerDeps } from './deps';

export const PASSWORD_MESSAGES = {
  wrongCurrent: 'Current password is not correct',
  policy: 'New password does not meet the password rules',
  tooMany: 'Too many wrong passwords. Please wait an hour and try again.',
} as const;

/** A rotation where the site has no inbound mail domain (INBOUND_MAIL_DOMAIN unset). */
export const FORWARDING_UNAVAILABLE = 'This site receives no forwarded email.';

/** How long Cognito's attempt limit is waited out, as far as the client is told. */
const PASSWORD_RETRY_SECONDS = 3600;

/** An If-Match header's one entity tag, without its quotes (`"x"`, `W/"x"` or a bare `x`); null when absent or `*`. */
export function entityTag(header: string | undefined): string | null {
  const value = header?.trim().replace(/^W\//, '') ?? '';
  if (value === '' || value === '*') return null;
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1)
    : value;
}

/** 32 random bytes, base64url: 43 characters, 256 bits. */
export function newCalendarToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What user_settings keeps of a token, and what the feed route looks it up by. */
export function calendarTokenSha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Everything of a user in the evidence bucket (docs: the contract on object
 * keys) but their downloads, which live under userDownloadsPrefix.
 */
export const userPrefix = (sub: string) => `users/${sub}/`;

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * An export larger than this (JSON bytes) goes to the bucket and leaves as a
 * link: a Lambda answers at most 6 MB, headers and API Gateway's envelope
 * included.
 */
export const EXPORT_INLINE_MAX_BYTES = 5 * 1024 * 1024;
/** How long the link to a large export works (the object itself expires a day on: DOWNLOADS_EXPIRATION). */
export const EXPORT_LINK_SECONDS = 5 * 60;

export function createAccountHandler(
  deps: Pick<HandlerDeps, 'db' | 'clock' | 'identity' | 'storage' | 'mailer' | 'config'> & {
    exportInlineMaxBytes?: number;
    exportPageBytes?: number;
  },
) {
  const { db, clock, identity, storage, mailer, config } = deps;
  const inlineMax = deps.exportInlineMaxBytes ?? EXPORT_INLINE_MAX_BYTES;

  /**
   * A security notice: what it tells has happened already, so a failed send
   * is logged (and alarmed on as an error), never answered as a failure.
   */
  async function notify(what: string, mail: OutgoingMail) {
    try {
      await mailer.send(mail);
    } catch (error) {
      logger.error('security mail failed', { what, error: String(error) });
    }
  }

  /** Where a notice goes and how it writes dates: the verified email, the user's settings. */
  async function recipient(sub: string, email: string) {
    const settings = await account.getSettings(db, sub);
    return {
      email,
      locale: settings?.locale ?? null,
      timeZone: settings?.time_zone ?? null,
    };
  }

  /** A 404 when the caller has no user row, else the 409 the state calls for. */
  async function refuse(sub: string, message: string): Promise<never> {
    if (!(await userExists(db, sub))) throw new NotFoundError();
    throw new ConflictError(message);
  }

  /** The forwarding address of a local part, where the site receives mail (docs/capture.md). */
  const forwardingAddress = (local: string) =>
    config.INBOUND_MAIL_DOMAIN ? `${local}@${config.INBOUND_MAIL_DOMAIN}` : null;

  const answerSettings = (stored: account.StoredSettings | undefined) => {
    if (stored === undefined) throw new NotFoundError();
    const { forwarding_local, ...settings } = stored;
    return { ...settings, forwarding_address: forwardingAddress(forwarding_local) };
  };

  return createHandlerWith(accountGuard(db))(accountRoutes, {
    async getAccountSettings({ caller }) {
      return answerSettings(await account.getSettings(db, caller.sub));
    },

    async updateAccountSettings({ body, caller }) {
      return answerSettings(await account.updateSettings(db, caller.sub, body));
    },

    async rotateForwardingAddress({ caller }) {
      if (!config.INBOUND_MAIL_DOMAIN) throw new ConflictError(FORWARDING_UNAVAILABLE);
      const local = orNotFound(await rotateForwardingLocal(db, caller.sub));
      return { forwarding_address: `${local}@${config.INBOUND_MAIL_DOMAIN}` };
    },

    async enableCalendarFeed({ caller }) {
      const token = newCalendarToken();
      const created = await account.enableFeed(db, caller.sub, calendarTokenSha256(token));
      if (created === undefined) return refuse(caller.sub, API_MESSAGES.calendarFeedAlreadyOn);
      return { path: calendarFeedPath(token), created_at: created };
    },

    async rotateCalendarFeed({ caller, receivedAt, header }) {
      const token = newCalendarToken();
      const created = await account.rotateFeed(db, caller.sub, calendarTokenSha256(token), {
        receivedAt,
        ifMatch: entityTag(header('if-match')),
      });
      if (created === undefined) return refuse(caller.sub, API_MESSAGES.calendarFeedOff);
      if (created === 'changed') throw new ConflictError(API_MESSAGES.calendarFeedChanged);
      return { path: calendarFeedPath(token), created_at: created.createdAt };
    },

    async disableCalendarFeed({ caller }) {
      if (!(await account.clearFeedToken(db, caller.sub))) throw new NotFoundError();
      return undefined;
    },

    /**
     * The password changes in Cognito with the caller's own access token (as
     * Amplify's updatePassword would from the browser), then the holder is
     * mailed at the address Cognito has verified.
     */
    async changePassword({ body, caller, accessToken }) {
      // A token no longer good answers 401 here, so Cognito's NotAuthorized below means the password.
      const email = await identity.emailOf(accessToken);
      const outcome = await identity.changePassword(
        accessToken,
        body.current_password,
        body.new_password,
      );
      if (outcome === 'wrong-password') {
        throw new ValidationError(`Invalid request: ${PASSWORD_MESSAGES.wrongCurrent}`, {
          current_password: PASSWORD_MESSAGES.wrongCurrent,
        });
      }
      if (outcome === 'invalid-password') {
        throw new ValidationError(`Invalid request: ${PASSWORD_MESSAGES.policy}`, {
          new_password: PASSWORD_MESSAGES.policy,
        });
      }
      if (outcome === 'too-many-attempts') {
        throw new TooManyRequestsError(PASSWORD_MESSAGES.tooMany, PASSWORD_RETRY_SECONDS);
      }
      await notify(
        'password changed',
        passwordChangedMail(config, await recipient(caller.sub, email), clock.now()),
      );
      return undefined;
    },

    /**
     * Everything stored about the caller. Up to EXPORT_INLINE_MAX_BYTES it is
     * the answer; past that it is written under downloads/{sub}/ (which
     * expires a day on, and which account deletion removes with the rest)
     * and answered as `{url}`, a link valid EXPORT_LINK_SECONDS that
     * downloads it under its name.
     */
    async exportAccount({ caller }) {
      const data = orNotFound(await account.exportAccount(db, caller.sub, deps.exportPageBytes));
      const now = clock.now();
      const document = { exported_at: now.toISOString(), ...data };
      const bytes = Buffer.from(JSON.stringify(document), 'utf8');
      if (bytes.byteLength <= inlineMax) return document;
      // Named by the holder's date, in the time zone of their settings.
      const timeZone = data.settings?.time_zone;
      const day = todayIn(typeof timeZone === 'string' ? timeZone : null, now);
      const fileName = `cpe-tracker-data-${day}.json`;
      const key = downloadKey(caller.sub, randomUUID(), fileName);
      await storage.put(key, bytes, 'application/json');
      const url = await storage.presignedGet(key, {
        expiresSeconds: EXPORT_LINK_SECONDS,
        filename: fileName,
      });
      return { url };
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
      await storage.deletePrefix(userDownloadsPrefix(caller.sub));
      // Read before the rows go: the notice is written as the holder chose.
      const to = await recipient(caller.sub, email);
      await db.transaction((tx) => account.deleteAccountRows(tx, caller.sub));
      await identity.deleteUser(accessToken);
      await notify('account deleted', accountDeletedMail(config, to, clock.now()));
      return undefined;
    },
  });
}
