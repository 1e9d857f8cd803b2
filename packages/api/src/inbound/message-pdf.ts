/**
 * An e-certificate written in the mail itself, as a PDF an auditor can open
 * and file like any other proof: the received message's From, To, Date,
 * Subject and Message-ID, then its text (an HTML body as the text
 * parseMessage derives from it), then a page for each picture the HTML shows
 * that is large enough to be the certificate itself rather than a logo or a
 * tracking pixel. Text is drawn with the audit report's embedded Noto faces
 * (reports/pdf-fonts.ts), so any script they cover (Latin, Greek, Cyrillic,
 * Japanese, Chinese, Korean, emoji) prints and extracts as text. Bounded:
 * MAX_TEXT_PAGES of text, MAX_IMAGE_PAGES pictures.
 *
 * Loaded by the inbound function only for a message whose body is the
 * certificate; it holds none of the app's error classes.
 */
import { PDFDocument, type PDFImage, type PDFPage } from 'pdf-lib';
import { FILE_RULES } from '@cpe/shared';
import { DIRECTION_CONTROLS, SINGLE_LINE_FORBIDDEN } from '@cpe/shared/text-rules';
import { contentMatches } from '../files/contents';
import { BLACK, GREY, MARGIN, type Measurer, PAGE, RULE, wrap } from '../reports/pdf';
import { ReportText } from '../reports/pdf-fonts';
import type { ParsedMessage } from './message';

const SIZE = 10;
const LEADING = 13;
const LABEL_WIDTH = 74;
const FOOTER_SIZE = 7.5;

/** Pages of header and text at most: a certificate mail fills one; a newsletter is cut here. */
export const MAX_TEXT_PAGES = 10;
/** Pictures of the message added at most, a page each. */
export const MAX_IMAGE_PAGES = 5;
/** A picture narrower or lower than this (pixels) is a logo, a button or a tracking pixel. */
export const MIN_IMAGE_SIDE = 200;
/** Characters of the body laid out at most: more than MAX_TEXT_PAGES hold. */
const MAX_TEXT_CHARS = 60_000;
/** Characters of one header field printed at most (a To of a hundred addresses). */
const MAX_HEADER_CHARS = 600;

const FORBIDDEN_IN_NAME = new RegExp(
  `${SINGLE_LINE_FORBIDDEN}|${DIRECTION_CONTROLS}|[\\\\/:*?"<>|]`,
  'g',
);

/**
 * The proof's file name: the subject with `.pdf`, within the rules of an
 * uploaded proof's name (one line, no control or direction characters, at
 * most FILE_RULES.fileNameLength characters), and without the characters
 * no file system takes in a name (`\ / : * ? " < > |`).
 */
export function messagePdfName(subject: string): string {
  const room = FILE_RULES.fileNameLength - '.pdf'.length;
  let base = '';
  // Cut between code points, never inside a surrogate pair.
  for (const char of subject.replace(FORBIDDEN_IN_NAME, ' ').replace(/\s+/g, ' ').trim()) {
    if (base.length + char.length > room) break;
    base += char;
  }
  return `${base.trim() || 'email'}.pdf`;
}

/** `text` cut to `max` characters, between code points, marked when cut. */
function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, cut)}…`;
}

/**
 * The body as printed: no trailing spaces, at most one empty line in a row.
 * Each line is trimmed by `trimEnd`, which reads it once: `/[ \t]+$/gm` would
 * try a long run of spaces again from each of its characters (14 s for one
 * line of 100,000 spaces and a letter).
 */
export const bodyText = (text: string) =>
  capped(
    text
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    MAX_TEXT_CHARS,
  );

/** The pictures of the message worth a page: inline PNG or JPEG images large enough to be a certificate. */
async function picturesOf(doc: PDFDocument, message: ParsedMessage): Promise<PDFImage[]> {
  const pictures: PDFImage[] = [];
  for (const attachment of message.attachments) {
    if (pictures.length === MAX_IMAGE_PAGES) break;
    const bytes = attachment.content;
    if (!attachment.inline || bytes.byteLength > FILE_RULES.maxBytes) continue;
    let image: PDFImage | undefined;
    try {
      if (contentMatches('image/png', bytes)) image = await doc.embedPng(bytes);
      else if (contentMatches('image/jpeg', bytes)) image = await doc.embedJpg(bytes);
    } catch {
      // A picture pdf-lib cannot read (interlaced, CMYK, broken) is left out; the text stands.
    }
    if (image && image.width >= MIN_IMAGE_SIDE && image.height >= MIN_IMAGE_SIDE) {
      pictures.push(image);
    }
  }
  return pictures;
}

export interface MessagePdfOptions {
  /** The day the message was read (YYYY-MM-DD): the footer and the PDF's dates say it. */
  receivedOn: string;
}

/** The message as a PDF: its header fields, its text, its pictures. */
export async function messagePdf(
  message: ParsedMessage,
  { receivedOn }: MessagePdfOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const subject = message.subject.trim();
  doc.setTitle(subject || 'Email');
  if (message.headers.from) doc.setAuthor(capped(message.headers.from, MAX_HEADER_CHARS));
  doc.setSubject('An email as received by CPE Tracker: proof of a continuing education activity');
  doc.setCreator('CPE Tracker');
  doc.setProducer('CPE Tracker');
  // Fixed by the day it was read, so the same message makes the same file that day.
  const made = new Date(`${receivedOn}T00:00:00Z`);
  doc.setCreationDate(made);
  doc.setModificationDate(made);

  const fields: [string, string][] = [
    ['From', message.headers.from],
    ['To', message.headers.to],
    ['Date', message.headers.date],
    ['Subject', subject],
    ['Message-ID', message.headers.messageId],
  ].map(([label, value]) => [label as string, capped(value ?? '', MAX_HEADER_CHARS)]);
  const body = bodyText(message.text);
  const footer = `Email as received by CPE Tracker on ${receivedOn}`;
  const fonts = await ReportText.embed(doc, [...fields.map(([, v]) => v), body, footer]);
  const measurer = (size: number, bold = false): Measurer => ({
    measure: (t) => fonts.measure(t, size, bold),
    graphemeWidths: (t) => fonts.graphemeWidths(t, size, bold),
  });
  const width = PAGE.width - 2 * MARGIN;
  const bottom = MARGIN + 20;

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  let textPages = 1;
  /** Moves down a line; false once the text's pages are used up. */
  const nextLine = (): boolean => {
    y -= LEADING;
    if (y >= bottom) return true;
    if (textPages === MAX_TEXT_PAGES) return false;
    page = doc.addPage([PAGE.width, PAGE.height]);
    textPages++;
    y = PAGE.height - MARGIN;
    return true;
  };
  const draw = (text: string, x: number, bold = false, color = BLACK) =>
    fonts.draw(page, text, x, y, { size: SIZE, bold, color });

  for (const [label, value] of fields) {
    draw(label, MARGIN, true);
    const lines = value ? wrap(value, width - LABEL_WIDTH, measurer(SIZE)) : ['(none)'];
    lines.forEach((line, i) => {
      if (i > 0) nextLine();
      draw(line, MARGIN + LABEL_WIDTH, false, value ? BLACK : GREY);
    });
    nextLine();
  }
  y += LEADING - 6;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: PAGE.width - MARGIN, y },
    thickness: 0.8,
    color: RULE,
  });
  y -= 6;

  const lines = body ? wrap(body, width, measurer(SIZE)) : [];
  let drawn = 0;
  for (const line of lines) {
    if (!nextLine()) break;
    if (line) draw(line, MARGIN);
    drawn++;
  }
  if (drawn < lines.length) {
    y = bottom - LEADING + 4;
    draw(
      `The message continues for ${lines.length - drawn} more lines, not printed here (at most ${MAX_TEXT_PAGES} pages are).`,
      MARGIN,
      false,
      GREY,
    );
  }

  for (const picture of await picturesOf(doc, message)) {
    const sheet = doc.addPage([PAGE.width, PAGE.height]);
    const scale = Math.min(
      1,
      width / picture.width,
      (PAGE.height - MARGIN - bottom) / picture.height,
    );
    const w = picture.width * scale;
    const h = picture.height * scale;
    sheet.drawImage(picture, { x: MARGIN, y: PAGE.height - MARGIN - h, width: w, height: h });
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    fonts.draw(p, `${footer}  -  page ${i + 1} of ${pages.length}`, MARGIN, MARGIN - 18, {
      size: FOOTER_SIZE,
      color: GREY,
    });
  });
  return doc.save({ useObjectStreams: true });
}
