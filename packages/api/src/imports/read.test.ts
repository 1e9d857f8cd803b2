import writeXlsxFile from 'write-excel-file/node';
import { importBody } from '@cpe/shared/schemas';
import { guessMapping } from './guess';
import { csvRecords, decodeBase64, detectDelimiter, readFile, unneutralise } from './read';
import { ImportRefusal } from './refusal';
import { type OwnCertification, checkRow, matchCategory, readDate, readUnits } from './values';

describe('guessing the mapping from the header row', () => {
  it.each([
    [
      ['Date', 'Activity', 'Provider', 'Units (CPE)', 'Category', 'Certification', 'Description'],
      { date: 0, title: 1, provider: 2, units: 3, category: 4, certification: 5, description: 6 },
    ],
    [
      ['Course title', 'Completion date', 'Organizer', 'CPE hours', 'Notes'],
      {
        date: 1,
        title: 0,
        provider: 2,
        units: 3,
        category: null,
        certification: null,
        description: 4,
      },
    ],
    [
      [
        'No.',
        'Date',
        'Activity',
        'Provider',
        'Category',
        'Units (PDU)',
        'Description',
        'Proof files (names in the audit packet)',
      ],
      {
        date: 1,
        title: 2,
        provider: 3,
        units: 5,
        category: 4,
        certification: null,
        description: 6,
      },
    ],
    [
      ['Foo', 'Bar'],
      {
        date: null,
        title: null,
        provider: null,
        units: null,
        category: null,
        certification: null,
        description: null,
      },
    ],
  ])('%j', (headers, mapping) => {
    expect(guessMapping(headers)).toEqual(mapping);
  });

  it('gives each column to one field at most', () => {
    expect(guessMapping(['Activity date', 'Activity'])).toMatchObject({ date: 0, title: 1 });
    // Beyond the columns a mapping may name, nothing is guessed.
    const wide = [...Array.from({ length: 200 }, (_, i) => `Notes ${i}`), 'Date', 'Title', 'CPE'];
    expect(guessMapping(wide)).toMatchObject({ date: null, title: null, units: null });
  });
});

describe('reading CSV', () => {
  it('detects comma, semicolon and tab separators from the header line', () => {
    expect(detectDelimiter('a,b,c\n1;2')).toBe(',');
    expect(detectDelimiter('Date;Title;"A,B"\n')).toBe(';');
    expect(detectDelimiter('Date\tTitle\n')).toBe('\t');
  });

  it('keeps reading after a broken record, naming it by its line', () => {
    const rows = csvRecords('h1,h2\na,1\n"b"x,2\nc,"multi\nline"\n\nd,"never closed\ne,5\n', ',');
    expect(rows).toEqual([
      { row: 1, cells: ['h1', 'h2'] },
      { row: 2, cells: ['a', '1'] },
      {
        row: 3,
        cells: ['"b"x,2'],
        error: 'A quoted field is followed by text before the next separator.',
      },
      { row: 4, cells: ['c', 'multi\nline'] },
      { row: 7, cells: ['d,"never closed'], error: 'A quote opened in this row is never closed.' },
      { row: 8, cells: ['e', '5'] },
    ]);
  });

  it('reads Windows-1252 text when the file is not UTF-8', async () => {
    const bytes = Buffer.from([
      ...Buffer.from('Date,Title,Units\n2025-01-01,Caf'),
      0xe9,
      ...Buffer.from(',1\n'),
    ]);
    const table = await readFile(bytes, 'x.csv');
    expect(table).toMatchObject({ format: 'csv', rows: [{ cells: ['2025-01-01', 'Café', '1'] }] });
  });

  it('marks a row with fewer fields than the header', async () => {
    const table = await readFile(Buffer.from('Date,Title,Units\n2025-01-01,Short\n'), 'x.csv');
    expect(table).toMatchObject({
      rows: [{ row: 2, error: 'This row has 2 fields where the header has 3.' }],
    });
  });

  it('reads the audit report: its certification, cycle and activities table, undoing formula guards', async () => {
    const report = [
      'CPE audit report',
      'Holder,ada@example.com',
      'Certification,CISSP',
      'Body,ISC2 (Certified Information Systems Security Professional)',
      'Cycle,2025-01-01 to 2027-12-31',
      '',
      'No.,Date,Activity,Provider,Category,Units (CPE),Description,Proof files (names in the audit packet)',
      '1,2025-02-01,\'=SUM(A1),ISC2,Group A (domain-related),2,"line\n\'-dash",none',
      '',
      'Totals,Earned (CPE),Required,Status',
      'Cycle,2,120,short',
    ].join('\r\n');
    const table = await readFile(Buffer.from(`\uFEFF${report}`), 'report.csv');
    expect(table).toMatchObject({
      format: 'report-csv',
      reportCertification: 'CISSP',
      reportCycle: '2025-01-01 to 2027-12-31',
      rows: [
        {
          row: 8,
          cells: [
            '1',
            '2025-02-01',
            '=SUM(A1)',
            'ISC2',
            'Group A (domain-related)',
            '2',
            'line\n-dash',
            'none',
          ],
        },
      ],
    });
    expect(unneutralise("'+1")).toBe('+1');
  });

  it('refuses what is not a spreadsheet, naming why', async () => {
    expect(() => decodeBase64('***')).toThrow(new ImportRefusal('is not base64'));
    await expect(readFile(Buffer.from('{"x":1}'), 'a.json')).rejects.toThrow(
      'not an account export',
    );
    await expect(readFile(Buffer.from('abc'), 'a.xlsx')).rejects.toThrow(
      'not an Excel .xlsx workbook',
    );
  });

  it('refuses a file over 4 MB, before reading it and in the request body', () => {
    const over = Buffer.alloc(4 * 1024 * 1024 + 1, 0x41).toString('base64');
    expect(() => decodeBase64(over)).toThrow(
      new ImportRefusal('is more than 4194304 bytes (4 MB)'),
    );
    const body = importBody.safeParse({ file_name: 'big.csv', content_base64: `${over}AAAA` });
    expect(body.success ? [] : body.error.issues.map((i) => [i.path, i.message])).toEqual([
      [['content_base64'], 'must be a file of at most 4194304 bytes (4 MB)'],
    ]);
  });

  it('refuses more than 5,000 rows', async () => {
    const text = `Date,Title,Units\n${'2025-01-01,A,1\n'.repeat(5001)}`;
    await expect(readFile(Buffer.from(text), 'big.csv')).rejects.toThrow(
      'has 5001 rows; at most 5000 can be imported at once',
    );
  });
});

describe('reading XLSX', () => {
  it('reads the first sheet with typed cells', async () => {
    const bytes = await writeXlsxFile(
      [
        [{ value: 'Date' }, { value: 'Title' }, { value: 'Units' }],
        [
          { value: new Date(Date.UTC(2025, 2, 15)), format: 'yyyy-mm-dd' },
          { value: 'Talk' },
          { value: 1.5 },
        ],
      ],
      {},
    ).toBuffer();
    const table = await readFile(bytes, 'book.xlsx');
    expect(table).toMatchObject({ format: 'xlsx', headers: ['Date', 'Title', 'Units'] });
    expect(readDate((table as { rows: { cells: Date[] }[] }).rows[0]!.cells[0]!)).toBe(
      '2025-03-15',
    );
  });
});

describe('reading XLSX dates out of any calendar', () => {
  it('reads a date-formatted number far out of range as a row error, in the header as nothing', async () => {
    const bytes = await writeXlsxFile(
      [
        [{ value: 'Date' }, { value: 'Title' }, { value: 1e12, format: 'yyyy-mm-dd' }],
        [{ value: 1e12, format: 'yyyy-mm-dd' }, { value: 'Talk' }, { value: 1.5 }],
      ],
      {},
    ).toBuffer();
    const table = await readFile(bytes, 'book.xlsx');
    expect(table).toMatchObject({ format: 'xlsx', headers: ['Date', 'Title'] });
    const cell = (table as { rows: { cells: Date[] }[] }).rows[0]!.cells[0]!;
    expect(readDate(cell)).toEqual({ error: 'Date must be a date such as 2026-03-15' });
  });
});

describe('reading values', () => {
  it.each([
    ['2025-03-15', '2025-03-15'],
    ['2025/3/5', '2025-03-05'],
    ['15 March 2025', '2025-03-15'],
    ['Mar 15, 2025', '2025-03-15'],
    ['15/03/2025', '2025-03-15'],
    ['03/15/2025', '2025-03-15'],
    [45731, '2025-03-15'],
  ])('date %j', (cell, date) => {
    expect(readDate(cell)).toBe(date);
  });

  it.each([
    ['04/03/2025', 'Date “04/03/2025” could be day/month or month/day: write it as YYYY-MM-DD'],
    ['2025-02-30', 'Date “2025-02-30” is not a real date'],
    ['soon', 'Date “soon” is not a date such as 2026-03-15'],
    ['', 'Date is required'],
  ])('refuses the date %j', (cell, error) => {
    expect(readDate(cell)).toEqual({ error });
  });

  it('reads units with a decimal point or comma', () => {
    expect(readUnits('1,5')).toBe(1.5);
    expect(readUnits(' 2 ')).toBe(2);
    expect(readUnits('two')).toEqual({ error: 'Units “two” must be a number such as 1.5' });
    // A thousands separator is not a decimal point: neither 1 nor 1.25 is stored.
    for (const text of ['1,000', '1.000', '1,250', '12.500']) {
      expect(readUnits(text)).toEqual({
        error: `Units “${text}” could be a thousand or more, or a fraction: write it with no thousands separator and at most two decimals`,
      });
    }
    expect(readUnits('1,2500')).toBe(1.25);
  });

  const cissp: OwnCertification = {
    certification_id: '11111111-1111-4111-8111-111111111111',
    certification_name: 'CISSP',
    catalogue_id: 'isc2-cissp',
  };
  const custom: OwnCertification = {
    certification_id: '22222222-2222-4222-8222-222222222222',
    certification_name: 'Home lab',
    catalogue_id: null,
  };

  it("matches a category to the certification's rules by id, label or short label", () => {
    expect(matchCategory('group-a', cissp)).toBe('group-a');
    expect(matchCategory('Group B (professional development)', cissp)).toBe('group-b');
    expect(matchCategory('group a', cissp)).toBe('group-a');
    expect(matchCategory('Webinar', cissp)).toEqual({
      error:
        "Category “Webinar” is not one of CISSP's: Group A (domain-related), Group B (professional development)",
    });
    expect(matchCategory('Anything', custom)).toBe('Anything');
  });

  it('checks a row as the activity form does, and keys it the same whatever the spacing and case', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const row = (title: string, certification: string) =>
      checkRow(
        {
          date: '2025-05-01',
          title,
          provider: 'ISC2',
          units: '2',
          category: null,
          certification,
          description: null,
        },
        [cissp, custom],
        undefined,
        now,
      );
    const a = row('Cloud  Summit', 'cissp');
    const b = row('cloud summit', 'CISSP');
    expect(a.errors).toEqual([]);
    expect(a.values.certification_id).toBe(cissp.certification_id);
    expect(a.key).toMatch(/^[0-9a-f]{64}$/);
    expect(b.key).toBe(a.key);
    expect(row('x'.repeat(201), 'Home lab').errors).toEqual([
      { field: 'title', message: 'Title must be at most 200 characters' },
    ]);
    expect(row('Talk', 'CCNA').errors).toEqual([
      { field: 'certification', message: 'No certification of yours is named “CCNA”' },
    ]);
    const future = checkRow(
      {
        date: '2028-01-01',
        title: 'Later',
        provider: null,
        units: 1,
        category: null,
        certification: null,
        description: null,
      },
      [custom],
      custom,
      now,
    );
    expect(future.errors).toEqual([
      { field: 'date', message: 'Date must not be more than 366 days in the future' },
    ]);
  });

  it('checks provider and category as the activity form does: one line, direction controls dropped', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const row = (provider: string, category: string) =>
      checkRow(
        {
          date: '2025-05-01',
          title: 'Talk',
          provider,
          units: '1',
          category,
          certification: 'Home lab',
          description: null,
        },
        [custom],
        undefined,
        now,
      );
    expect(row('\u202eACME', 'Lab\u2066 work')).toMatchObject({
      errors: [],
      values: { provider: 'ACME', category: 'Lab work' },
    });
    expect(row('AC\nME', 'x'.repeat(101)).errors).toEqual([
      { field: 'provider', message: 'Provider must be one line, without control characters' },
      { field: 'category', message: 'Category must be at most 100 characters' },
    ]);
  });
});
