import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
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

export function createSesMailer(setup: AwsSetup): Mailer {
  const client = new SESv2Client(clientConfig(setup, 'sesv2'));
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: mail.from,
          Destination: { ToAddresses: [mail.to] },
          ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
          Content: {
            Simple: {
              Subject: { Data: mail.subject },
              Body: {
                Text: { Data: mail.text },
                ...(mail.html !== undefined ? { Html: { Data: mail.html } } : {}),
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
