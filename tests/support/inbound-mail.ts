/**
 * Forwarded email for the inbound tests and benchmark: a one-page
 * certificate PDF with a text layer, raw RFC 822 messages as a mail client
 * writes them (MIME multipart, attachments in base64, a subject beyond
 * ASCII as an encoded word), and the text a reader extracts from a PDF.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { definePDFJSModule, extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, as PDF.js (through unpdf) reads it. */
export async function textOfPdf(bytes: Uint8Array): Promise<string> {
  await definePDFJSModule(() => import('unpdf/pdfjs'));
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text;
}

/** A one-page certificate as a PDF with a text layer. */
export async function certificatePdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 340 - i * 30, size: 16, font }));
  return doc.save();
}

export const CERTIFICATE = [
  'Certificate of Completion',
  'has successfully completed',
  'Secure Code Review',
  'Presented by SANS Institute',
  '2026-02-10',
  '6 CPE hours',
];

export interface Attachment {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A header value as RFC 2047 has a mail client write text beyond ASCII (UTF-8, base64). */
const encodedWord = (text: string) =>
  /^[\x20-\x7e]*$/.test(text)
    ? text
    : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

/** A message as a mail client writes it (RFC 5322 + MIME, attachments in base64). */
export function rfc822(mail: {
  from?: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  attachments?: Attachment[];
}): Uint8Array<ArrayBuffer> {
  const boundary = 'b1_cpe_test_boundary';
  const wrap = (b64: string) => b64.replace(/.{1,76}/g, '$&\r\n');
  const head = [
    `From: ${mail.from ?? 'Webinars <webinars@example.com>'}`,
    `To: ${mail.to}`,
    `Subject: ${encodedWord(mail.subject)}`,
    'Date: Tue, 10 Feb 2026 09:00:00 +0000',
    `Message-ID: <${Math.random().toString(36).slice(2)}@example.com>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
  ];
  const parts: string[] = [];
  if (mail.text !== undefined) {
    parts.push(
      [
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        mail.text,
      ].join('\r\n'),
    );
  }
  if (mail.html !== undefined) {
    parts.push(
      [
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        wrap(Buffer.from(mail.html, 'utf8').toString('base64')),
      ].join('\r\n'),
    );
  }
  for (const a of mail.attachments ?? []) {
    parts.push(
      [
        `Content-Type: ${a.type}; name="${a.name}"`,
        `Content-Disposition: attachment; filename="${a.name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        wrap(Buffer.from(a.bytes).toString('base64')),
      ].join('\r\n'),
    );
  }
  const body = parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + `--${boundary}--\r\n`;
  return new Uint8Array(Buffer.from(`${head.join('\r\n')}\r\n${body}`, 'utf8'));
}
