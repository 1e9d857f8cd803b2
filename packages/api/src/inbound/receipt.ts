/**
 * What SES tells the inbound function about a received message (the Lambda
 * action's event record: `Records[0].ses.mail` and `.receipt`), and the
 * rules the function applies before it reads a byte of the message: whom
 * it is for, whether SES's verdicts let it in, and the bounds on size,
 * attachments and proposals a day. Pure; docs/capture.md states the same
 * rules for users, decision 120 why they are these.
 */
import * as z from 'zod/mini';
import { FORWARDING_LOCAL_PATTERN } from '@cpe/shared/account';

/** A message larger than this (the raw RFC 822 bytes) proposes nothing. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** A message with more attachments than this proposes nothing. */
export const MAX_ATTACHMENTS = 10;
/** Proposals one user's forwarded mail may make in 24 hours. */
export const MAX_PROPOSALS_PER_DAY = 50;
/** Forwarding addresses of one message that are acted on (SES delivers up to 50 recipients at once). */
export const MAX_RECIPIENTS = 5;

const verdict = z.object({ status: z.string() });

const sesRecord = z.object({
  eventSource: z.literal('aws:ses'),
  ses: z.object({
    mail: z.object({
      messageId: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,200}$/)),
      timestamp: z.optional(z.string()),
      source: z.optional(z.string()),
      destination: z.optional(z.array(z.string())),
      commonHeaders: z.optional(
        z.object({
          subject: z.optional(z.string()),
          from: z.optional(z.array(z.string())),
        }),
      ),
    }),
    receipt: z.object({
      recipients: z.array(z.string()),
      spamVerdict: verdict,
      virusVerdict: verdict,
      spfVerdict: verdict,
      dkimVerdict: verdict,
    }),
  }),
});

export const sesReceiptEvent = z.object({ Records: z.tuple([sesRecord], sesRecord) });
export type SesReceiptEvent = z.infer<typeof sesReceiptEvent>;

export interface Verdicts {
  spam: string;
  virus: string;
  spf: string;
  dkim: string;
}

export interface Receipt {
  messageId: string;
  /** The envelope recipients this rule matched, as SES lists them. */
  recipients: string[];
  verdicts: Verdicts;
}

/** The first record's receipt, or a string naming what is wrong with the event. */
export function readReceipt(event: unknown): Receipt | string {
  const parsed = sesReceiptEvent.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `not an SES receipt event (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unreadable'})`;
  }
  const { mail, receipt } = parsed.data.Records[0].ses;
  return {
    messageId: mail.messageId,
    recipients: receipt.recipients,
    verdicts: {
      spam: receipt.spamVerdict.status,
      virus: receipt.virusVerdict.status,
      spf: receipt.spfVerdict.status,
      dkim: receipt.dkimVerdict.status,
    },
  };
}

/** Where the receipt rule's S3 action stored the message. */
export const inboundKey = (prefix: string, messageId: string) => `${prefix}${messageId}`;

/**
 * Why SES's verdicts keep the message out, or undefined when they let it in:
 * no virus, not spam, and the sender's domain vouched for it by SPF or DKIM
 * (a forward keeps the forwarder's DKIM signature where SPF fails, and a
 * plain relay keeps SPF). Anything but PASS (FAIL, GRAY, PROCESSING_FAILED,
 * DISABLED) is not a pass.
 */
export function verdictRefusal(v: Verdicts): string | undefined {
  if (v.virus !== 'PASS') return `the virus verdict is ${v.virus}`;
  if (v.spam !== 'PASS') return `the spam verdict is ${v.spam}`;
  if (v.spf !== 'PASS' && v.dkim !== 'PASS') {
    return `neither SPF (${v.spf}) nor DKIM (${v.dkim}) passed`;
  }
  return undefined;
}

/**
 * The distinct forwarding local parts among `recipients` at `domain` (case
 * ignored, a `+tag` dropped), in order, at most MAX_RECIPIENTS. Addresses at
 * other domains, or whose local part could not be one of ours, are left out.
 */
export function forwardingLocals(recipients: readonly string[], domain: string): string[] {
  const locals: string[] = [];
  const wanted = `@${domain.toLowerCase()}`;
  for (const recipient of recipients) {
    const address = recipient.trim().toLowerCase();
    if (address.length > 320 || !address.endsWith(wanted)) continue;
    const local = address.slice(0, -wanted.length).split('+')[0] ?? '';
    if (!FORWARDING_LOCAL_PATTERN.test(local) || locals.includes(local)) continue;
    locals.push(local);
    if (locals.length === MAX_RECIPIENTS) break;
  }
  return locals;
}

/** How many more proposals a user may get today, having had `madeToday`. */
export const proposalsLeft = (madeToday: number) => Math.max(0, MAX_PROPOSALS_PER_DAY - madeToday);
