import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { definePDFJSModule, extractText, getDocumentProxy } from 'unpdf';
import { buildReportModel } from '@cpe/shared/audit-report';
import { catalogueEntryById } from '@cpe/shared/catalogue';
import { cisspReportInput, manyActivities } from './fixtures';
import { type Measurer, reportPdf, wrap } from './pdf';
import { FALLBACK_GLYPH, type ReportText } from './pdf-fonts';

async function textOf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  await definePDFJSModule(() => import('unpdf/pdfjs'));
  const pdf = await getDocumentProxy(bytes.slice());
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, pages: totalPages };
}

/** poppler's pdftotext (Debian's poppler-utils) where the machine has it; undefined elsewhere. */
function popplerText(bytes: Uint8Array): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpe-pdf-'));
  try {
    writeFileSync(path.join(dir, 'report.pdf'), bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'report.pdf'), '-'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The base font names of the embedded font files, and of fonts without one. */
async function fontsOf(bytes: Uint8Array): Promise<{ embedded: string[]; bare: string[] }> {
  const doc = await PDFDocument.load(bytes);
  const embedded: string[] = [];
  const bare: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const type = object.get(PDFName.of('Type'));
    if (type === PDFName.of('FontDescriptor')) {
      const name = String(object.get(PDFName.of('FontName')));
      (object.has(PDFName.of('FontFile2')) || object.has(PDFName.of('FontFile3'))
        ? embedded
        : bare
      ).push(name);
    } else if (
      type === PDFName.of('Font') &&
      object.get(PDFName.of('Subtype')) === PDFName.of('Type1')
    ) {
      bare.push(String(object.get(PDFName.of('BaseFont'))));
    }
  }
  return { embedded, bare };
}

const activity = (name: string, description: string) => ({
  activity_id: 'a1',
  activity_name: name,
  activity_date: '2026-05-14',
  units: 4,
  category: 'group-a',
  provider: 'ISC2 Chapter',
  description,
  files: [{ file_id: 'f', file_name: 'certificate.pdf', content_type: 'application/pdf', size: 3 }],
});

// The first report of the file embeds the fonts (megabytes of TrueType through fontkit):
// on a busy 2-core machine that alone can pass jest's 5 s default.
jest.setTimeout(30_000);

describe('reportPdf', () => {
  it('writes the facts, each activity with its proof file names, and the totals as extractable text', async () => {
    const input = cisspReportInput([
      activity('Cloud Security Summit – Día 2', 'Zero trust\tarchitecture'),
    ]);

    const { text, pages } = await textOf(await reportPdf(buildReportModel(input)));

    expect(pages).toBe(1);
    for (const expected of [
      'CPE audit report',
      'ada@example.com',
      'ISC2 (Certified Information Systems Security Professional)',
      '2025-03-01 to 2028-02-29 (current)',
      '2026-05-14',
      'Cloud Security Summit – Día 2',
      'Provider: ISC2 Chapter',
      'Category: Group A (domain-related)',
      'Zero trust architecture',
      'Proof: 01-2026-05-14-cloud-security-summit-dia-2-certificate.pdf',
      'Cycle total',
      '120 required',
      'at least 90 per cycle',
      'at most 30 per cycle',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says what a row counts when the rules count only part of it, and nothing on a row counted whole', async () => {
    // ISC2 counts at most 30 Group B CPEs a cycle: the second course gives 10 of its 20.
    const input = cisspReportInput([
      { ...activity('Leadership course', ''), category: 'group-b', units: 20 },
      {
        ...activity('Management course', ''),
        activity_id: 'a2',
        activity_date: '2026-06-01',
        category: 'group-b',
        units: 20,
      },
    ]);

    const { text } = await textOf(await reportPdf(buildReportModel(input)));

    expect(text).toContain('Counted: 10 of its 20');
    expect(text.match(/Counted:/g)).toHaveLength(1);
  });

  it('prints Latin, Cyrillic, Greek, CJK and emoji in embedded fonts, keeps line breaks, and marks what no font has', async () => {
    const input = cisspReportInput([
      activity(
        'Überprüfung ✓ Безопасность Ασφάλεια 日本語の研修 中文课程 😀👍',
        'First line\nSecond line\r\nThird line\rFourth 한국어 שלום \u202Eend',
      ),
    ]);
    input.certification.certification_name = 'Сертификат 情報 ✓';

    const bytes = await reportPdf(buildReportModel(input));

    const lines = (await textOf(bytes)).text.split('\n').map((l) => l.trim());
    expect(lines.join('\n')).toContain(
      'Überprüfung ✓ Безопасность Ασφάλεια 日本語の研修 中文课程 😀👍',
    );
    expect(lines).toEqual(expect.arrayContaining(['First line', 'Second line', 'Third line']));
    expect(lines.join('\n')).toContain(
      `Fourth 한국어 ${FALLBACK_GLYPH.repeat(4)} end`, // Hebrew: no embedded font has it; the bidi control is dropped
    );
    expect(lines.join('\n')).toContain('Сертификат 情報 ✓');
    expect(lines.join('\n')).not.toContain('?');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('CPE audit report: Сертификат 情報 ✓, 2025-03-01 to 2028-02-29');

    const fonts = await fontsOf(bytes);
    expect(fonts.bare).toEqual([]);
    // pdf-lib names each subset font after the font with a number.
    expect(fonts.embedded.map((n) => n.replace(/^\//, '').replace(/-\d+$/, ''))).toEqual(
      expect.arrayContaining([
        'NotoSans-Regular',
        'NotoSans-Bold',
        'NotoSansJP-Regular',
        'NotoSansSC-Regular',
        'NotoSansKR-Regular',
        'NotoEmoji-Regular',
      ]),
    );

    const poppler = popplerText(bytes);
    if (poppler !== undefined) {
      expect(poppler).toContain('Безопасность Ασφάλεια 日本語の研修');
      expect(poppler).toContain('Second line');
      expect(poppler).toContain('Сертификат 情報 ✓');
    }
  });

  it('prints a member ID in a script no other text needs', async () => {
    const input = cisspReportInput([activity('Seminar', 'Notes')]);
    input.certification.member_id = '会員番号 12345';

    const { text } = await textOf(await reportPdf(buildReportModel(input)));

    expect(text).toContain('会員番号 12345');
  });

  it('prints the day first certified of a certification renewed before the cycle, and none for a first cycle', async () => {
    const input = cisspReportInput([activity('Seminar', 'Notes')]);
    input.certification.certified_on = '2019-03-01';
    const renewed = (await textOf(await reportPdf(buildReportModel(input)))).text;
    expect(renewed).toContain('First certified 2019-03-01');

    input.certification.certified_on = input.cycle.start;
    const first = (await textOf(await reportPdf(buildReportModel(input)))).text;
    expect(first).toContain('2025-03-01 to 2028-02-29 (current)');
    expect(first).not.toContain('First certified');
  });

  it('wraps a proof name too long for its column even at the smallest size, inside the page', async () => {
    const long = `${'情報セキュリティ'.repeat(8)}.pdf`;
    const row = activity('Cloud security summit keynotes and hands-on workshops', 'Notes');
    row.files = [{ file_id: 'f', file_name: long, content_type: 'application/pdf', size: 3 }];
    const bytes = await reportPdf(buildReportModel(cisspReportInput([row])));

    await definePDFJSModule(() => import('unpdf/pdfjs'));
    const pdf = await getDocumentProxy(bytes.slice());
    const page = await pdf.getPage(1);
    const { width } = page.getViewport({ scale: 1 });
    const items = (await page.getTextContent()).items as {
      str: string;
      width: number;
      transform: number[];
    }[];
    const proof = items.filter((i) => /情報|Proof/.test(i.str));
    expect(proof.length).toBeGreaterThan(1);
    for (const i of proof) expect((i.transform[4] ?? 0) + i.width).toBeLessThanOrEqual(width - 36);
    expect(proof.map((i) => i.str).join('')).toContain('情報セキュリティ');
  });

  it("keeps every total's status inside the page, a new holder's credited years among them", async () => {
    const ny = catalogueEntryById('cpa-us-ny')!;
    const input = cisspReportInput([activity('Seminar', 'Notes')]);
    input.catalogue = { body: ny.body, fullName: ny.fullName, renewal: ny.renewal };
    input.certification = {
      ...input.certification,
      certification_name: 'NY CPA',
      cpe_needed: null,
    };
    input.cycle = { start: '2025-03-01', end: '2028-02-29', current: true };
    const bytes = await reportPdf(buildReportModel(input));

    await definePDFJSModule(() => import('unpdf/pdfjs'));
    const pdf = await getDocumentProxy(bytes.slice());
    const page = await pdf.getPage(pdf.numPages);
    const { width } = page.getViewport({ scale: 1 });
    const items = (await page.getTextContent()).items as {
      str: string;
      width: number;
      transform: number[];
    }[];
    const credited = items.filter((i) => /credited|new holder/.test(i.str));
    expect(credited.length).toBeGreaterThan(0);
    for (const i of items) expect((i.transform[4] ?? 0) + i.width).toBeLessThanOrEqual(width - 36);
    const { text } = await textOf(bytes);
    expect(text.replace(/\s+/g, ' ')).toContain('credited to a new holder');
    expect(text).toContain('All requirements');
    // Extracted in reading order: label, earned, rule, status.
    expect(text).toMatch(/Cycle total [\d.]+ 120 required \S/);
  });

  it('breaks 200 activities over pages, numbering them, with the same metadata each time', async () => {
    const model = buildReportModel(cisspReportInput(manyActivities(200)));

    const bytes = await reportPdf(model);
    const again = await reportPdf(model);

    const { text, pages } = await textOf(bytes);
    expect(pages).toBeGreaterThan(5);
    expect(text).toContain(`page ${pages} of ${pages}`);
    expect(text).toContain('Security seminar 200: threat modelling and cloud controls');
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('CPE audit report: CISSP, 2025-03-01 to 2028-02-29');
  }, 30_000);

  it('says so when a cycle has no activities', async () => {
    const { text } = await textOf(await reportPdf(buildReportModel(cisspReportInput([]))));
    expect(text).toContain('No activities in this cycle.');
  });

  it('handles a 1 MB description in steps linear in its length, over as many pages as it needs', async () => {
    const word = 'x'.repeat(5000);
    const description = `${word} ${'word '.repeat(100_000)}${'y'.repeat(500_000)}`;
    let engine: ReportText | undefined;

    const bytes = await reportPdf(
      buildReportModel(cisspReportInput([activity('Long one', description)])),
      { onText: (t) => (engine = t) },
    );

    // Each grapheme is measured once when wrapped and once when drawn, and the overlong words once more when cut.
    expect(engine?.graphemeSteps).toBeLessThan(4 * description.length);
    const { text, pages } = await textOf(bytes);
    expect(pages).toBeGreaterThan(20);
    expect(text).toContain('x'.repeat(80));
    expect(text).toContain('word word word');
  }, 60_000);
});

describe('wrap', () => {
  /** Every character 1 point wide; counts the calls. */
  function counting() {
    const calls = { measure: 0, measured: 0, cut: 0 };
    const m: Measurer = {
      measure(text) {
        calls.measure++;
        calls.measured += text.length;
        return text.length;
      },
      graphemeWidths(text) {
        calls.cut++;
        calls.measured += text.length;
        return [...text].map((segment) => ({ segment, width: segment.length }));
      },
    };
    return { m, calls };
  }

  it('fills lines by words, keeps the text’s line breaks and cuts a word longer than a line', () => {
    const { m } = counting();
    expect(wrap('one two three\nfour\r\nfive\rsix  seven\teight abcdefghijkl', 10, m)).toEqual([
      'one two',
      'three',
      'four',
      'five',
      'six seven',
      'eight',
      'abcdefghij',
      'kl',
    ]);
    expect(wrap('', 10, m)).toEqual(['']);
  });

  it('measures each word once: 1 MB of words or one 1 MB word cost steps linear in the length', () => {
    for (const text of ['ab '.repeat(350_000), 'z'.repeat(1_048_576), '\n'.repeat(1_048_576)]) {
      const { m, calls } = counting();
      const lines = wrap(text, 80, m);
      const words = text.split(/\s+/).filter(Boolean).length;
      expect(calls.measure).toBeLessThanOrEqual(words + 1);
      expect(calls.cut).toBeLessThanOrEqual(1);
      expect(calls.measured).toBeLessThanOrEqual(2 * text.length + 1);
      expect(lines.every((l) => l.length <= 80)).toBe(true);
    }
  });
});
