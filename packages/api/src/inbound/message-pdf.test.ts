import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { definePDFJSModule, extractText, getDocumentProxy } from 'unpdf';
import { createUploadBody } from '@cpe/shared';
import { chunk } from '../testing/badges';
import type { MessageAttachment, ParsedMessage } from './message';
import { MAX_IMAGE_PAGES, MAX_TEXT_PAGES, messagePdf, messagePdfName } from './message-pdf';

/** The text PDF.js (through unpdf) reads from the file, and its page count. */
async function textOf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  await definePDFJSModule(() => import('unpdf/pdfjs'));
  const pdf = await getDocumentProxy(bytes.slice());
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, pages: totalPages };
}

/** A grey RGB PNG of `width` x `height` pixels. */
function picture(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x99)]);
  const rows = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inline = (content: Uint8Array, inlined = true): MessageAttachment => ({
  filename: undefined,
  contentType: 'image/png',
  content,
  inline: inlined,
});

const message = (overrides: Partial<ParsedMessage> = {}): ParsedMessage => ({
  from: 'certificates@example.com',
  subject: 'Your CPE certificate',
  headers: {
    from: 'ISC2 Certificates <certificates@example.com>',
    to: 'abcdefghjkmnpqrstuvw@in.example.org',
    date: 'Tue, 20 Jan 2026 09:00:00 +0100',
    messageId: '<cert-4711@example.com>',
  },
  attachments: [],
  text: 'Certificate of Completion\n\nCloud Threat Modelling\nIssued by ISC2\n2 CPE credits',
  html: true,
  ...overrides,
});

// The first PDF of the file embeds the fonts (megabytes of TrueType through fontkit).
jest.setTimeout(30_000);

describe('a message drawn as a PDF', () => {
  it('prints the header fields, then the text, as text a reader extracts', async () => {
    const bytes = await messagePdf(message(), { receivedOn: '2026-01-21' });

    const { text, pages } = await textOf(bytes);
    expect(pages).toBe(1);
    for (const expected of [
      'From',
      'ISC2 Certificates <certificates@example.com>',
      'abcdefghjkmnpqrstuvw@in.example.org',
      'Tue, 20 Jan 2026 09:00:00 +0100',
      'Your CPE certificate',
      '<cert-4711@example.com>',
      'Certificate of Completion',
      'Cloud Threat Modelling',
      '2 CPE credits',
      'Email as received by CPE Tracker on 2026-01-21',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('Message-ID')).toBeLessThan(text.indexOf('Cloud Threat Modelling'));
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Your CPE certificate');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-01-21T00:00:00.000Z');
  });

  it('prints Japanese, Korean and emoji in the faces the audit report embeds', async () => {
    const bytes = await messagePdf(
      message({
        subject: '修了証明書のお知らせ',
        text: '修了証明書\n山田太郎 様\nクラウドセキュリティ講座を修了しました。\n2 CPE 単位\n수료증 🎓',
      }),
      { receivedOn: '2026-01-21' },
    );

    const { text } = await textOf(bytes);
    for (const expected of [
      '修了証明書のお知らせ',
      '山田太郎',
      'クラウドセキュリティ講座を修了しました。',
      '수료증',
      '🎓',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('\uFFFD');
  });

  it(`stops after ${MAX_TEXT_PAGES} pages of text, saying how much was left out`, async () => {
    const lines = Array.from(
      { length: 2_000 },
      (_, i) => `Line ${i + 1} of a very long newsletter`,
    );

    const bytes = await messagePdf(message({ text: lines.join('\n') }), {
      receivedOn: '2026-01-21',
    });

    const { text, pages } = await textOf(bytes);
    expect(pages).toBe(MAX_TEXT_PAGES);
    expect(text).toContain('Line 1 of a very long newsletter');
    expect(text).not.toContain('Line 2000 of');
    expect(text).toMatch(/The message continues for \d+ more lines, not printed here/);
  });

  it('adds a page for each picture the HTML shows that is large enough to be a certificate, not for logos', async () => {
    const certificate = picture(800, 560);
    const logo = picture(180, 60);

    const bytes = await messagePdf(
      message({
        attachments: [
          inline(logo),
          inline(certificate),
          inline(new Uint8Array([0x89, 0x50, 0x4e, 0x47])),
          inline(picture(400, 400), false),
        ],
      }),
      { receivedOn: '2026-01-21' },
    );

    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const many = await messagePdf(
      message({
        attachments: Array.from({ length: MAX_IMAGE_PAGES + 2 }, () => inline(certificate)),
      }),
      { receivedOn: '2026-01-21' },
    );
    expect((await PDFDocument.load(many)).getPageCount()).toBe(1 + MAX_IMAGE_PAGES);
  });

  it('prints an empty header field as none', async () => {
    const bytes = await messagePdf(
      message({ headers: { from: '', to: '', date: '', messageId: '' }, subject: '' }),
      { receivedOn: '2026-01-21' },
    );

    expect((await textOf(bytes)).text).toContain('(none)');
  });
});

describe('the name of the PDF', () => {
  const asUploaded = (name: string) =>
    createUploadBody.safeParse({ file_name: name, content_type: 'application/pdf', size: 1 });

  it('is the subject with .pdf, as an uploaded proof could be named', () => {
    expect(messagePdfName('Your CPE certificate')).toBe('Your CPE certificate.pdf');
    expect(messagePdfName('修了証明書 🎓')).toBe('修了証明書 🎓.pdf');
  });

  it.each([
    [
      'a subject of control, direction and path characters',
      'Re:\tFwd: a/b\\c\u202Ed\u0007 "e"?',
      'Re Fwd a b c d e.pdf',
    ],
    ['an empty subject', '  ', 'email.pdf'],
    ['a subject of only forbidden characters', '/:*?', 'email.pdf'],
  ])('keeps within the upload rules for %s', (_, subject, expected) => {
    const name = messagePdfName(subject);

    expect(name).toBe(expected);
    expect(asUploaded(name)).toMatchObject({ success: true, data: { file_name: name } });
  });

  it('cuts a long subject to the 200 characters of a file name, never inside an emoji', () => {
    const name = messagePdfName(`${'a'.repeat(195)}🎓🎓🎓`);

    expect(name).toBe(`${'a'.repeat(195)}.pdf`);
    expect(name.length).toBeLessThanOrEqual(200);
    expect(asUploaded(messagePdfName('x'.repeat(500))).success).toBe(true);
  });
});
