/**
 * POST /beta/submit, the public contact form: stores the message, then tells
 * the site owner by email. Rate-limited per sender address so the form cannot
 * flood the owner's mailbox.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { ContactBody } from '@cpe/shared';
import { getDb } from '../db';
import { storeContactMessage } from '../data/contact';
import { env } from '../env';
import { TooManyRequestsError } from '../errors';
import { createHandler } from '../http/handler';

env();
const ses = new SESv2Client({});

export interface Notifier {
  notify(message: ContactBody, id: string): Promise<void>;
}

const sesNotifier: Notifier = {
  async notify(message, id) {
    const { CONTACT_TO_ADDRESS, MAIL_FROM_ADDRESS } = env();
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: MAIL_FROM_ADDRESS,
        Destination: { ToAddresses: [CONTACT_TO_ADDRESS] },
        ReplyToAddresses: [message.email],
        Content: {
          Simple: {
            Subject: { Data: `CPE Tracker contact: ${message.name}`.slice(0, 200) },
            Body: {
              Text: {
                Data: `From: ${message.name} <${message.email}>\nMessage id: ${id}\n\n${message.message}`,
              },
            },
          },
        },
      }),
    );
  },
};

export function createContactHandler(notifier: Notifier) {
  return createHandler('contact', {
    async submitContact({ body, requestId }) {
      const id = await storeContactMessage(getDb(), body, env().CONTACT_HOURLY_LIMIT);
      if (id === null) {
        throw new TooManyRequestsError(
          'Too many messages from this address. Please try again later.',
          3600,
        );
      }
      try {
        await notifier.notify(body, id);
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
      return { message: 'Your message has been sent. Thank you!' };
    },
  });
}

export const handler = createContactHandler(sesNotifier);
