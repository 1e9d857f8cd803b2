import { execFileSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { buildReportModel } from '@cpe/shared/audit-report';
import { catalogueEntryById } from '@cpe/shared/catalogue';
import { unneutralise } from '../imports/read';
import { reportCsv, spreadsheetSafe } from './csv';
import { cisspReportInput } from './fixtures';

const hostile = {
  activity_id: 'a1',
  activity_name: '=HYPERLINK("http://evil.example","click")',
  activity_date: '2026-05-14',
  units: 4,
  category: 'group-a',
  provider: '@SUM(A1:A9)',
  description: 'Line one, with a comma\nline "two"\n-3+2',
  files: [
    { file_id: 'f1', file_name: 'certificate.pdf', content_type: 'application/pdf', size: 5 },
  ],
};

describe('reportCsv', () => {
  it('names the holder by name and email when a name is given', () => {
    const input = {
      ...cisspReportInput([hostile]),
      holder: { email: 'ada@example.com', name: 'Ada Lovelace' },
    };
    const records: string[][] = parse(reportCsv(buildReportModel(input)), {
      bom: true,
      relax_column_count: true,
    });
    expect(records[1]).toEqual(['Holder', 'Ada Lovelace (ada@example.com)']);
  });

  it('starts with a BOM, ends lines with CRLF and parses back to the same cells', () => {
    const csv = reportCsv(buildReportModel(cisspReportInput([hostile])));

    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n').length).toBeGreaterThan(10);
    const records: string[][] = parse(csv, { bom: true, relax_column_count: true });
    expect(records[1]).toEqual(['Holder', 'ada@example.com']);
    expect(records[3]).toEqual([
      'Body',
      'ISC2 (Certified Information Systems Security Professional)',
    ]);
    expect(records[4]).toEqual(['Cycle', '2025-03-01 to 2028-02-29']);
    const header = records.findIndex((r) => r[0] === 'No.');
    expect(records[header + 1]).toEqual([
      '1',
      '2026-05-14',
      '\'=HYPERLINK("http://evil.example","click")',
      "'@SUM(A1:A9)",
      'Group A (domain-related)',
      '4',
      '4',
      'Line one, with a comma\nline "two"\n\'-3+2',
      '01-2026-05-14-hyperlink-http-evil-example-click-certificate.pdf',
    ]);
  });

  it('lists the totals against the rules', () => {
    const records: string[][] = parse(reportCsv(buildReportModel(cisspReportInput([hostile]))), {
      bom: true,
      relax_column_count: true,
    });
    expect(records).toContainEqual(['Cycle', '4', '120', 'short']);
    expect(records).toContainEqual([
      'Category Group A (domain-related)',
      '4',
      'at least 90 per cycle',
      'short',
    ]);
    // ISC2 sets no yearly minimum: no year lines.
    expect(records.filter((r) => r[0]?.startsWith('Year '))).toEqual([]);
  });

  it('gives each row what the rules count of it, so the rows add up to the total', () => {
    // ISC2 counts at most 30 Group B CPEs a cycle: the second course gives 10 of its 20.
    const course = { ...hostile, category: 'group-b', units: 20, description: '', files: [] };
    const csv = reportCsv(
      buildReportModel(
        cisspReportInput([
          { ...course, activity_name: 'Leadership' },
          {
            ...course,
            activity_id: 'a2',
            activity_name: 'Management',
            activity_date: '2026-06-01',
          },
        ]),
      ),
    );
    const records: string[][] = parse(csv, { bom: true, relax_column_count: true });
    const header = records.findIndex((r) => r[0] === 'No.');
    expect(records[header]?.slice(5, 7)).toEqual(['Units (CPE)', 'Counted (CPE)']);
    expect(records.slice(header + 1, header + 3).map((r) => [r[2], r[5], r[6]])).toEqual([
      ['Leadership', '20', '20'],
      ['Management', '20', '10'],
    ]);
    expect(records).toContainEqual(['Cycle', '30', '120', 'short']);
  });

  it("lists a body's rolling window and whether every requirement is met", () => {
    const canada = catalogueEntryById('cpa-canada')!;
    const input = {
      ...cisspReportInput([
        { ...hostile, activity_date: '2025-05-01', units: 25, category: 'verifiable' },
      ]),
      certification: {
        ...cisspReportInput([]).certification,
        certification_name: 'CPA Canada',
        unit: null,
        cpe_needed: null,
        certified_on: '2015-06-01',
      },
      catalogue: { body: canada.body, fullName: canada.fullName, renewal: canada.renewal },
      cycle: { start: '2025-01-01', end: '2025-12-31', current: true },
      generatedOn: '2025-12-01',
    };
    const records: string[][] = parse(reportCsv(buildReportModel(input)), {
      bom: true,
      relax_column_count: true,
    });

    expect(records).toContainEqual(['Cycle', '25', '20', 'met']);
    expect(records).toContainEqual([
      'Rolling 2023-01-01 to 2025-12-31 (3 years at most)',
      '25',
      'at least 120',
      'short',
    ]);
    expect(records.filter((r) => r[0]?.startsWith('Rolling '))).toHaveLength(3);
    expect(records.at(-1)).toEqual(['All requirements', '', '', 'not all met']);
  });
});

describe('the day first certified', () => {
  const recordsOf = (certifiedOn: string | undefined): string[][] => {
    const input = cisspReportInput([hostile]);
    input.certification.certified_on = certifiedOn;
    return parse(reportCsv(buildReportModel(input)), { bom: true, relax_column_count: true });
  };

  it('follows the cycle for a certification renewed before it', () => {
    const records = recordsOf('2019-03-01');
    const cycle = records.findIndex((r) => r[0] === 'Cycle');
    expect(records[cycle]).toEqual(['Cycle', '2025-03-01 to 2028-02-29']);
    expect(records[cycle + 1]).toEqual(['First certified', '2019-03-01']);
    expect(records[cycle + 2]?.[0]).toBe('Generated');
  });

  it.each([['2025-03-01'], [undefined]])(
    'is left out of a first cycle (certified on %s)',
    (day) => {
      expect(recordsOf(day).filter((r) => r[0] === 'First certified')).toEqual([]);
    },
  );
});

/** A description that a reader splitting on CRLF only, or quoting only on commas, would get wrong. */
const bareBreaks = {
  ...hostile,
  activity_id: 'a2',
  activity_name: 'Plain name',
  provider: null,
  description: "first line\n=cmd|' /C calc'!A0\rsecond\r\n@third",
  files: [],
};

/** Python's csv module reading the file: the cells of each row, as JSON. */
function pythonRows(csv: string): string[][] {
  const script = [
    'import csv, io, json, sys',
    "data = sys.stdin.buffer.read().decode('utf-8-sig')",
    "print(json.dumps(list(csv.reader(io.StringIO(data, newline='')))))",
  ].join('\n');
  return JSON.parse(
    execFileSync('python3', ['-c', script], { input: csv }).toString(),
  ) as string[][];
}

describe('line breaks inside cells', () => {
  const csv = reportCsv(buildReportModel(cisspReportInput([hostile, bareBreaks])));
  const expected = [
    '2',
    '2026-05-14',
    'Plain name',
    '',
    'Group A (domain-related)',
    '4',
    '4',
    "first line\n'=cmd|' /C calc'!A0\rsecond\r\n'@third",
    'none',
  ];

  it('quotes every field holding CR or LF, so csv-parse reads one row per activity', () => {
    const records: string[][] = parse(csv, { bom: true, relax_column_count: true });
    const header = records.findIndex((r) => r[0] === 'No.');
    expect(records[header + 2]).toEqual(expected);
    expect(records[header + 3]).toEqual(['']);
  });

  it("reads the same in Python's csv module, with no line of a cell left as a formula", () => {
    const rows = pythonRows(csv);
    const header = rows.findIndex((r) => r[0] === 'No.');
    expect(rows[header + 2]).toEqual(expected);
    for (const row of rows) {
      for (const cell of row) {
        for (const line of cell.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@\t]/);
      }
    }
  });
});

describe('spreadsheetSafe', () => {
  it.each(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'])('prefixes %j', (cell) => {
    expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
  });

  it('prefixes each line of a cell that would start a formula', () => {
    expect(spreadsheetSafe('ok\n=1+1\r\n@x\r-y')).toBe("ok\n'=1+1\r\n'@x\r'-y");
  });

  it('leaves blank lines alone and guards the line after them', () => {
    expect(spreadsheetSafe('a\r\n\r\nb')).toBe('a\r\n\r\nb');
    expect(spreadsheetSafe('x\r\r=cmd')).toBe("x\r\r'=cmd");
  });

  it("guards text that already starts with the guard's apostrophe, so it reads back as typed", () => {
    for (const typed of ["'=SUM(A1)", "ok\n''+1", '\r\n=x', "'\rx"]) {
      const written = spreadsheetSafe(typed) as string;
      expect(written.startsWith("'") || written.includes("\n'")).toBe(true);
      expect(unneutralise(written)).toBe(typed);
    }
  });

  it('leaves other text, numbers and empty cells alone', () => {
    expect(spreadsheetSafe('Seminar = good')).toBe('Seminar = good');
    expect(spreadsheetSafe(-2)).toBe(-2);
    expect(spreadsheetSafe(null)).toBe('');
  });
});
