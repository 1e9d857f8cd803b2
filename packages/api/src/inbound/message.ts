/**
 * A received message read by mailparser (MIME structure, transfer and
 * character set decoding, RFC 2047/2231 names, HTML to text). Loaded by the
 * inbound function on the first message, never by another function; it
 * imports nothing of the app's error classes (infra/test/bundle.test.ts).
 */
import { type AddressObject, type EmailAddress, simpleParser } from 'mailparser';

export interface MessageAttachment {
  /** The name the sender gave it, if any. */
  filename: string | undefined;
  /** As declared; the function checks the bytes itself. */
  contentType: string;
  content: Uint8Array;
  /** Part of an HTML body (multipart/related: a logo the HTML shows), not attached for its own sake. */
  inline: boolean;
}

/** Header fields as a mail client shows them (decoded, addresses with their names); '' when absent. */
export interface MessageHeaders {
  from: string;
  to: string;
  /** As the sender wrote it (with its time zone), not as parsed. */
  date: string;
  messageId: string;
}

export interface ParsedMessage {
  /** The From address, when there is one. */
  from: string | undefined;
  subject: string;
  headers: MessageHeaders;
  attachments: MessageAttachment[];
  /** The body as text: the plain part, or the HTML part turned into text. */
  text: string;
  /** Whether the body came as HTML. */
  html: boolean;
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] => {
  const flatten = (list: EmailAddress[]): string[] =>
    list.flatMap((a) => (a.group ? flatten(a.group) : a.address ? [a.address] : []));
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((o) => flatten(o.value));
};

const addressText = (field: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(field) ? field : field ? [field] : []).map((o) => o.text).join(', ');

/** A header's raw value, unfolded ('' when the message has none). */
const rawHeader = (lines: ReadonlyArray<{ key: string; line: string }>, key: string): string => {
  const line = lines.find((l) => l.key === key)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
};

export async function parseMessage(raw: Uint8Array): Promise<ParsedMessage> {
  const mail = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  let text = mail.text ?? '';
  if (text.trim() === '' && typeof mail.html === 'string') {
    // mailparser turns HTML into text only where no text part stands beside it in a
    // multipart/alternative, or where it is the whole message: read it as the latter.
    const alone = await simpleParser(
      Buffer.concat([
        Buffer.from('Content-Type: text/html; charset=utf-8\r\n\r\n'),
        Buffer.from(mail.html),
      ]),
      { skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true },
    );
    text = alone.text ?? '';
  }
  return {
    from: addresses(mail.from)[0],
    subject: mail.subject ?? '',
    headers: {
      from: addressText(mail.from),
      to: addressText(mail.to),
      date: rawHeader(mail.headerLines, 'date'),
      messageId: mail.messageId ?? '',
    },
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType.toLowerCase(),
      content: new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      inline: a.related === true,
    })),
    text,
    html: typeof mail.html === 'string',
  };
}

/** The To, Cc and Bcc addresses of a raw message (the local runtime's stand-in for SMTP's RCPT TO). */
export async function headerRecipients(raw: Uint8Array): Promise<string[]> {
  const mail = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  return [...addresses(mail.to), ...addresses(mail.cc), ...addresses(mail.bcc)];
}
