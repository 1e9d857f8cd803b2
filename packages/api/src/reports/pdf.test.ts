import { PDFDocument } from 'pdf-lib';
import { definePDFJSModule, extractText, getDocumentProxy } from 'unpdf';
import { buildReportModel } from '@cpe/shared/audit-report';
import { cisspReportInput, manyActivities } from './fixtures';
import { drawable, reportPdf } from './pdf';

async function textOf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  await definePDFJSModule(() => import('unpdf/pdfjs'));
  const pdf = await getDocumentProxy(bytes.slice());
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe('reportPdf', () => {
  it('writes the facts, each activity with its proof file names, and the totals as extractable text', async () => {
    const input = cisspReportInput([
      {
        activity_id: 'a1',
        activity_name: 'Cloud Security Summit – Día 2 日本',
        activity_date: '2026-05-14',
        units: 4,
        category: 'group-a',
        provider: 'ISC2 Chapter',
        description: 'Zero trust\tarchitecture',
        files: [
          { file_id: 'f', file_name: 'certificate.pdf', content_type: 'application/pdf', size: 3 },
        ],
      },
    ]);

    const { text, pages } = await textOf(await reportPdf(buildReportModel(input)));

    expect(pages).toBe(1);
    for (const expected of [
      'CPE audit report',
      'ada@example.com',
      'ISC2 (Certified Information Systems Security Professional)',
      '2025-03-01 to 2028-02-29 (current)',
      '2026-05-14',
      'Cloud Security Summit – Día 2 ??',
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
});

describe('drawable', () => {
  it('keeps Windows-1252, strips accents it lacks and marks the rest', () => {
    expect(drawable('Café – “ok” €5')).toBe('Café – “ok” €5');
    expect(drawable('Dvořák')).toBe('Dvorák');
    expect(drawable('😀 漢')).toBe('? ?');
  });
});
