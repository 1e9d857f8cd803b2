import { unzipSync } from 'fflate';
import { buildReportModel } from '@cpe/shared/audit-report';
import { cisspReportInput } from './fixtures';
import { auditPacket, reportFileName } from './packet';

const file = (file_id: string, file_name: string) => ({
  file_id,
  file_name,
  content_type: 'application/pdf',
  size: 3,
});

describe('auditPacket', () => {
  it('holds the report and every proof file byte for byte under its packet name', async () => {
    const model = buildReportModel(
      cisspReportInput([
        {
          activity_id: 'a1',
          activity_name: 'Summit',
          activity_date: '2026-05-14',
          units: 4,
          category: null,
          provider: null,
          description: '',
          files: [file('f1', 'certificate.pdf'), file('f2', 'photo.png')],
        },
      ]),
    );
    const stored = new Map([
      ['f1', new Uint8Array([37, 80, 68, 70, 0, 255])],
      ['f2', new Uint8Array([137, 80, 78, 71])],
    ]);
    const pdf = new Uint8Array([1, 2, 3]);

    const zip = unzipSync(await auditPacket(model, pdf, async (id) => stored.get(id)));

    expect(Object.keys(zip).sort()).toEqual([
      '01-2026-05-14-summit-certificate.pdf',
      '01-2026-05-14-summit-photo.png',
      'CISSP-2025-03-01-audit-report.pdf',
    ]);
    expect(zip['01-2026-05-14-summit-certificate.pdf']).toEqual(stored.get('f1'));
    expect(zip['01-2026-05-14-summit-photo.png']).toEqual(stored.get('f2'));
    expect(zip['CISSP-2025-03-01-audit-report.pdf']).toEqual(pdf);
  });

  it('lists a proof file storage no longer has instead of failing', async () => {
    const model = buildReportModel(
      cisspReportInput([
        {
          activity_id: 'a1',
          activity_name: 'Summit',
          activity_date: '2026-05-14',
          units: 4,
          category: null,
          provider: null,
          description: '',
          files: [file('gone', 'certificate.pdf')],
        },
      ]),
    );

    const zip = unzipSync(await auditPacket(model, new Uint8Array([1]), async () => undefined));

    expect(new TextDecoder().decode(zip['missing.txt'])).toContain(
      '01-2026-05-14-summit-certificate.pdf',
    );
  });

  it('names the report after the certification and cycle', () => {
    const model = buildReportModel({
      ...cisspReportInput([]),
      certification: { ...cisspReportInput([]).certification, certification_name: 'PMP® / Agile' },
    });
    expect(reportFileName(model, 'csv')).toBe('PMP-Agile-2025-03-01-audit-report.csv');
  });
});
