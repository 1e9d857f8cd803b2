import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import * as yauzl from 'yauzl';
import { buildReportModel } from '@cpe/shared/audit-report';
import { cisspReportInput } from './fixtures';
import { auditPacket, reportFileName } from './packet';

interface ReadEntry {
  name: string;
  versionMadeBy: number;
  externalFileAttributes: number;
  utf8Flag: boolean;
}

/** Each entry as yauzl reads the central directory (names decoded by the UTF-8 flag, else as CP437). */
function entriesOf(zip: Uint8Array): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(zip), { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries: ReadEntry[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        entries.push({
          name: entry.fileName,
          versionMadeBy: entry.versionMadeBy,
          externalFileAttributes: entry.externalFileAttributes,
          utf8Flag: (entry.generalPurposeBitFlag & 0x800) !== 0,
        });
        file.readEntry();
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** Info-ZIP's unzip is Debian's `unzip` package; the checks below use it where the machine has it. */
function hasInfoZip(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

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

    const zip = unzipSync(await auditPacket(model, pdf, (id) => Promise.resolve(stored.get(id))));

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

    const zip = unzipSync(
      await auditPacket(model, new Uint8Array([1]), () => Promise.resolve(undefined)),
    );

    expect(new TextDecoder().decode(zip['missing.txt'])).toContain(
      '01-2026-05-14-summit-certificate.pdf',
    );
  });

  it('marks entries as made on Unix with UTF-8 names, which Info-ZIP and yauzl extract as named', async () => {
    const model = buildReportModel(
      cisspReportInput([
        {
          activity_id: 'a1',
          activity_name: 'Überblick',
          activity_date: '2026-05-14',
          units: 4,
          category: null,
          provider: null,
          description: '',
          files: [file('f1', 'certificate ü.png'), file('f2', '日本語 証明書.pdf')],
        },
      ]),
    );
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2]);
    const zip = await auditPacket(model, new Uint8Array([1, 2, 3]), () => Promise.resolve(bytes));
    const names = [
      'CISSP-2025-03-01-audit-report.pdf',
      '01-2026-05-14-uberblick-certificate ü.png',
      '01-2026-05-14-uberblick-日本語 証明書.pdf',
    ];

    const entries = await entriesOf(zip);
    expect(entries.map((e) => e.name)).toEqual(names);
    for (const entry of entries) {
      expect(entry.versionMadeBy >> 8).toBe(3); // Unix
      expect((entry.externalFileAttributes >>> 16) & 0o170777).toBe(0o100644);
    }
    expect(entries.filter((e) => e.utf8Flag).map((e) => e.name)).toEqual(names.slice(1));

    if (hasInfoZip()) {
      const dir = mkdtempSync(path.join(tmpdir(), 'cpe-zip-'));
      try {
        writeFileSync(path.join(dir, 'packet.zip'), zip);
        const listing = execFileSync('unzip', ['-Z', path.join(dir, 'packet.zip')]).toString();
        expect(listing.match(/ unx /g)).toHaveLength(3);
        expect(listing).not.toContain(' fat ');
        execFileSync('unzip', ['-q', 'packet.zip', '-d', 'out'], { cwd: dir });
        expect(readdirSync(path.join(dir, 'out')).sort()).toEqual([...names].sort());
        expect(readFileSync(path.join(dir, 'out', names[1] as string))).toEqual(Buffer.from(bytes));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('names the report after the certification and cycle', () => {
    const model = buildReportModel({
      ...cisspReportInput([]),
      certification: { ...cisspReportInput([]).certification, certification_name: 'PMP® / Agile' },
    });
    expect(reportFileName(model, 'csv')).toBe('PMP-Agile-2025-03-01-audit-report.csv');
    // A name with "report" in it keeps it: only the suffix says packet.
    const esg = buildReportModel({
      ...cisspReportInput([]),
      certification: { ...cisspReportInput([]).certification, certification_name: 'ESG report' },
    });
    expect(reportFileName(esg, 'zip', 'packet')).toBe('ESG-report-2025-03-01-audit-packet.zip');
  });
});
