/**
 * POST /beta/submit, the public contact form: stores the message, then tells
 * the site owner by email. Limits (docs/decisions/012): per sender mailbox
 * and per client network an hour, and the owner receives at most
 * CONTACT_NOTIFY_HOURLY_CAP notifications an hour; a message past that cap
 * is stored and summarised in the next notification, sent with the next
 * message accepted once the cap has room, or by the hourly digest job
 * (createContactDigestHandler) if none comes.
 */
import { contactRoutes } from '@cpe/shared/routes';
import { API_MESSAGES, type ContactBody, asciiMailbox, toSingleLine } from '@cpe/shared';
import type { Mailer, OutgoingMail } from '../aws/ses';
import type { ApiConfig } from '../config';
import { addressFromViewerHeader, clientKey, senderKey } from '../contact/keys';
import {
  type ContactLimits,
  type HeldMessage,
  claimHeldMessages,
  releaseNotification,
  submitContactMessage,
} from '../data/contact';
import type { Queryable } from '../db';
import { AppError, TooManyRequestsError } from '../errors';
import { createHandler } from '../http/handler';
import { logger } from '../log';
import type { HandlerDeps } from './deps';

/** Held-back messages one notification carries; the rest follow in the next. */
export const DIGEST_MAX = 100;

/**
 * A body sent as anything but JSON. The form posts `application/json`; the
 * types a page on another site can post without a CORS preflight
 * (`text/plain`, form encodings) are refused, so no other site can submit
 * the form in a visitor's name.
 */
export class UnsupportedMediaTypeError extends AppError {
  override name = 'UnsupportedMediaTypeError';
  constructor(type: string) {
    super(
      `Unsupported content type ${type || '(none)'}: the contact form accepts application/json`,
      415,
    );
  }
}

/** The media type of a Content-Type header, lower-cased, without its parameters. */
const mediaType = (value: string | undefined) =>
  (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

type MailConfig = Pick<ApiConfig, 'CONTACT_TO_ADDRESS' | 'MAIL_FROM_ADDRESS'>;

function limitsOf(config: ApiConfig): ContactLimits {
  return {
    perSender: config.CONTACT_HOURLY_LIMIT,
    perClient: config.CONTACT_CLIENT_HOURLY_LIMIT,
    notificationsPerHour: config.CONTACT_NOTIFY_HOURLY_CAP,
    digestMax: DIGEST_MAX,
  };
}

/** A header-safe one-line version of what a visitor typed (the schema already refuses line breaks). */
const oneLine = (text: string, max: number) => toSingleLine(text).slice(0, max);

function heldSection(held: readonly HeldMessage[], stillHeld: number): string {
  if (held.length === 0) return '';
  const parts = held.map(
    (m) =>
      `From: ${oneLine(m.name, 200)} <${m.email}>\nReceived: ${m.receivedAt}\nMessage id: ${m.id}\n\n${m.message}`,
  );
  const more =
    stillHeld > 0
      ? `\n\n${stillHeld} more held-back message${stillHeld === 1 ? ' is' : 's are'} stored and will follow in the next notification.`
      : '';
  return `\n\n---\n${held.length} message${held.length === 1 ? ' was' : 's were'} held back while the hourly notification limit was reached (all are stored), oldest first:\n\n${parts.join('\n\n---\n')}${more}`;
}

/**
 * The owner's notification of one message, with the held-back ones it
 * carries. The visitor's name stays out of headers it could break; the reply
 * address is set only when SES can carry it unchanged.
 */
export function contactNotification(
  config: MailConfig,
  message: ContactBody,
  id: string,
  held: readonly HeldMessage[] = [],
  stillHeld = 0,
): OutgoingMail {
  const replyTo = asciiMailbox(message.email);
  const extra = held.length > 0 ? ` (and ${held.length} held back)` : '';
  return {
    from: config.MAIL_FROM_ADDRESS,
    to: config.CONTACT_TO_ADDRESS,
    ...(replyTo ? { replyTo } : {}),
    subject: `CPE Tracker contact: ${oneLine(message.name, 150)}${extra}`,
    text: `From: ${message.name} <${message.email}>\nMessage id: ${id}\n\n${message.message}${heldSection(held, stillHeld)}`,
  };
}

/** A summary of held-back messages alone (the digest job's email). */
export function heldMessagesNotification(
  config: MailConfig,
  held: readonly HeldMessage[],
  stillHeld: number,
): OutgoingMail {
  return {
    from: config.MAIL_FROM_ADDRESS,
    to: config.CONTACT_TO_ADDRESS,
    subject: `CPE Tracker contact: ${held.length} held-back message${held.length === 1 ? '' : 's'}`,
    text: `Messages sent through the contact form while the hourly notification limit was reached.${heldSection(held, stillHeld)}`,
  };
}

/**
 * Sends `mail`; when that fails, the notification is released so its
 * messages wait for the next one. The messages are stored either way: a
 * failed email never fails the visitor.
 */
async function deliver(
  deps: { db: Queryable; mailer: Mailer },
  mail: OutgoingMail,
  notificationId: string,
  log: Record<string, unknown>,
): Promise<boolean> {
  try {
    await deps.mailer.send(mail);
    return true;
  } catch (error) {
    logger.error('contact notification failed', { ...log, error: String(error) });
    await releaseNotification(deps.db, notificationId).catch((releaseError: unknown) => {
      logger.error('contact notification could not be released', {
        notificationId,
        error: String(releaseError),
      });
    });
    return false;
  }
}

export function createContactHandler(
  deps: Pick<HandlerDeps, 'db' | 'config' | 'mailer' | 'clock'>,
) {
  const { db, config, mailer, clock } = deps;
  return createHandler(contactRoutes, {
    async submitContact({ body, requestId, sourceIp, header }) {
      const type = mediaType(header('content-type'));
      if (type !== 'application/json') throw new UnsupportedMediaTypeError(type);
      const viewer = config.CONTACT_CLIENT_ADDRESS_HEADER
        ? header(config.CONTACT_CLIENT_ADDRESS_HEADER)
        : undefined;
      const client = clientKey(
        viewer === undefined ? sourceIp : (addressFromViewerHeader(viewer) ?? sourceIp),
      );
      const outcome = await submitContactMessage(
        db,
        body,
        { sender: senderKey(body.email), client },
        limitsOf(config),
        clock.now(),
      );
      switch (outcome.kind) {
        case 'sender-limited':
          throw new TooManyRequestsError(API_MESSAGES.contactRateLimited, 3600);
        case 'client-limited':
          throw new TooManyRequestsError(API_MESSAGES.contactRateLimitedClient, 3600);
        case 'held':
          break;
        case 'notify':
          await deliver(
            { db, mailer },
            contactNotification(config, body, outcome.id, outcome.held, outcome.stillHeld),
            outcome.notificationId,
            { requestId, id: outcome.id },
          );
      }
      return { message: API_MESSAGES.contactSent };
    },
  });
}

export type ContactDigestHandler = () => Promise<{ sent: number; stillHeld: number }>;

/**
 * The hourly job (a scheduled Lambda; locally `buildHandler('contact-digest')`):
 * when messages wait and the owner's cap has room, one summary email of the
 * oldest DIGEST_MAX of them. Without it, held-back messages would wait for
 * the next visitor.
 */
export function createContactDigestHandler(
  deps: Pick<HandlerDeps, 'db' | 'config' | 'mailer' | 'clock'>,
): ContactDigestHandler {
  const { db, config, mailer, clock } = deps;
  return async () => {
    const claimed = await claimHeldMessages(db, limitsOf(config), clock.now());
    if (!claimed) return { sent: 0, stillHeld: 0 };
    const sent = await deliver(
      { db, mailer },
      heldMessagesNotification(config, claimed.held, claimed.stillHeld),
      claimed.notificationId,
      { job: 'contact-digest', count: claimed.held.length },
    );
    return sent
      ? { sent: claimed.held.length, stillHeld: claimed.stillHeld }
      : { sent: 0, stillHeld: claimed.stillHeld + claimed.held.length };
  };
}

export type { Mailer };
