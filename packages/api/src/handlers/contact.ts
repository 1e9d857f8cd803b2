/**
 * POST /beta/submit, the public contact form: stores the message, then tells
 * the site owner by email. Rate-limited per sender address so the form cannot
 * flood the owner's mailbox.
 */
import { API_MESSAGES, type ContactBody } from '@cpe/shared';
import type { Mailer } from '../aws/ses';
import type { ApiConfig } from '../config';
import { storeContactMessage } from '../data/contact';
import { TooManyRequestsError } from '../errors';
import { createHandler } from '../http/handler';
import type { HandlerDeps } from './deps';

/** The owner's notification: the visitor's name stays out of headers it could break. */
export function contactNotification(
  config: Pick<ApiConfig, 'CONTACT_TO_ADDRESS' | 'MAIL_FROM_ADDRESS'>,
  message: ContactBody,
  id: string,
) {
  return {
    from: config.MAIL_FROM_ADDRESS,
    to: config.CONTACT_TO_ADDRESS,
    replyTo: message.email,
    subject: `CPE Tracker contact: ${message.name}`.slice(0, 200),
    text: `From: ${message.name} <${message.email}>\nMessage id: ${id}\n\n${message.message}`,
  };
}

export function createContactHandler(deps: Pick<HandlerDeps, 'db' | 'config' | 'mailer'>) {
  const { db, config, mailer } = deps;
  return createHandler('contact', {
    async submitContact({ body, requestId }) {
      const id = await storeContactMessage(db, body, config.CONTACT_HOURLY_LIMIT);
      if (id === null) throw new TooManyRequestsError(API_MESSAGES.contactRateLimited, 3600);
      try {
        await mailer.send(contactNotification(config, body, id));
      } catch (error) {
        // The message is stored; a failed notification must not lose it or fail the visitor.
        console.error(
          JSON.stringify({
            level: 'error',
            requestId,
            msg: 'contact notification failed',
            id,
            error: String(error),
          }),
        );
      }
      return { message: API_MESSAGES.contactSent };
    },
  });
}

export type { Mailer };
