/**
 * Mail through SES. The SES client loads on the first email (ses-sdk.ts): the
 * functions that mail answer many requests without mailing (a contact message
 * refused or held back past the owner's cap, a digest with nothing due), and a
 * cold start does not pay for it.
 *
 * Every part names its character set (UTF-8): without it SES takes the text
 * for 7-bit ASCII, and a name such as "Zoë" or "日本" reaches the reader
 * garbled.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type * as SesSdk from './ses-sdk';
import { reportingFailures } from './failures';
import { type AwsSetup, clientConfig } from './setup';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (multipart/alternative). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** What the api asks of the mail service. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

type Sdk = typeof SesSdk;

/** The character set every part of every message is sent in. */
export const MAIL_CHARSET = 'UTF-8';

export function createSesMailer(setup: AwsSetup): Mailer {
  let loaded: Promise<{ sdk: Sdk; client: SESv2Client }> | undefined;
  const load = () =>
    (loaded ??= import('./ses-sdk').then((sdk) => ({
      sdk,
      client: reportingFailures(new sdk.SESv2Client(clientConfig(setup, 'sesv2')), 'sesv2'),
    })));
  return {
    async send(mail) {
      const { sdk, client } = await load();
      await client.send(
        new sdk.SendEmailCommand({
          FromEmailAddress: mail.from,
          Destination: { ToAddresses: [mail.to] },
          ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: MAIL_CHARSET },
              Body: {
                Text: { Data: mail.text, Charset: MAIL_CHARSET },
                ...(mail.html !== undefined
                  ? { Html: { Data: mail.html, Charset: MAIL_CHARSET } }
                  : {}),
              },
              ...(mail.headers
                ? {
                    Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })),
                  }
                : {}),
            },
          },
        }),
      );
    },
  };
}
