import {
  type ReportActivity,
  type ReportInput,
  STATUS_TEXT,
  buildReportModel,
  firstCertifiedText,
  ruleText,
  safeFileName,
  slugOf,
} from './audit-report';
import { catalogueEntryById } from './catalogue';

const cissp = catalogueEntryById('isc2-cissp')!;

function activity(overrides: Partial<ReportActivity> & { activity_date: string }): ReportActivity {
  return {
    activity_id: `id-${overrides.activity_date}-${overrides.activity_name ?? 'a'}`,
    activity_name: 'Seminar',
    units: 1,
    category: null,
    provider: null,
    description: '',
    files: [],
    ...overrides,
  };
}

function input(activities: ReportActivity[], overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    holder: { email: 'ada@example.com' },
    certification: {
      certification_id: 'c1',
      certification_name: 'CISSP',
      unit: 'CPE',
      cpe_needed: 120,
      annual_minimum: null,
    },
    catalogue: { body: cissp.body, fullName: cissp.fullName, renewal: cissp.renewal },
    cycle: { start: '2025-03-01', end: '2028-02-29', current: true },
    activities,
    generatedOn: '2026-06-01',
    ...overrides,
  };
}

const file = (file_name: string) => ({
  file_id: file_name,
  file_name,
  content_type: 'application/pdf',
  size: 10,
});

describe('buildReportModel', () => {
  it('numbers activities in date order and names each proof file after its line', () => {
    const model = buildReportModel(
      input([
        activity({
          activity_date: '2026-05-14',
          activity_name: 'Cloud Security Summit: Día 2',
          files: [file('certificate.pdf'), file('agenda.png')],
        }),
        activity({ activity_date: '2025-04-02', activity_name: 'Threat modelling' }),
      ]),
    );

    expect(model.rows.map((r) => r.number)).toEqual([1, 2]);
    expect(model.rows[0]!.activity_name).toBe('Threat modelling');
    expect(model.rows[1]!.packetNames).toEqual([
      '02-2026-05-14-cloud-security-summit-dia-2-certificate.pdf',
      '02-2026-05-14-cloud-security-summit-dia-2-agenda.png',
    ]);
  });

  it('keeps packet names unique when an activity has two files of one name', () => {
    const model = buildReportModel(
      input([activity({ activity_date: '2026-01-01', files: [file('c.pdf'), file('C.pdf')] })]),
    );
    expect(model.rows[0]!.packetNames).toEqual([
      '01-2026-01-01-seminar-c.pdf',
      '01-2026-01-01-seminar-C-2.pdf',
    ]);
  });

  it('pads the number to the count, so names sort in report order', () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      activity({
        activity_date: '2026-01-01',
        activity_name: `A${String(i).padStart(3, '0')}`,
        files: [file('x.pdf')],
      }),
    );
    const names = buildReportModel(input(many)).rows.map((r) => r.packetNames[0]!);
    expect(names[0]).toMatch(/^001-/);
    expect([...names].sort()).toEqual(names);
  });

  it('totals the cycle and each category as the rules engine counts them, caps cutting', () => {
    const model = buildReportModel(
      input([
        activity({ activity_date: '2025-03-01', units: 40, category: 'group-a' }),
        activity({ activity_date: '2026-02-28', units: 10, category: 'group-b' }),
        activity({ activity_date: '2026-03-01', units: 25, category: 'group-b' }),
        activity({ activity_date: '2026-04-01', units: 2.5, category: null }),
      ]),
    );

    expect(model.totals.earned).toBe(72.5);
    expect(model.totals.target).toBe(120);
    expect(model.totals.status).toBe('short');
    // ISC2 sets no yearly minimum: the report lists no years.
    expect(model.totals.years).toEqual([]);
    expect(model.totals.categories).toEqual([
      expect.objectContaining({ category: 'group-a', earned: 40, min: 90, status: 'short' }),
      expect.objectContaining({ category: 'group-b', earned: 35, max: 30, status: 'over' }),
      expect.objectContaining({
        category: null,
        label: 'No category',
        earned: 2.5,
        status: 'none',
      }),
    ]);
    expect(model.rows[1]!.categoryLabel).toBe('Group B (professional development)');
    expect(model.rows[2]).toMatchObject({ units: 25, counted: 20 });
  });

  it("shows no category the certification's rules do not name (one chosen for another body)", () => {
    const model = buildReportModel(
      input([activity({ activity_date: '2025-03-01', units: 4, category: 'ways-of-working' })]),
    );

    expect(model.rows[0]!.categoryLabel).toBeNull();
    expect(model.totals.categories.at(-1)).toMatchObject({ label: 'No category', earned: 4 });
  });

  it('counts calendar years where the body does, with its annual minimum', () => {
    const entry = cissp;
    const model = buildReportModel(
      input([activity({ activity_date: '2026-07-01', units: 5 })], {
        certification: {
          certification_id: 'c1',
          certification_name: 'X',
          unit: null,
          cpe_needed: null,
          annual_minimum: 20,
        },
        catalogue: {
          body: entry.body,
          fullName: entry.fullName,
          renewal: { ...entry.renewal, annualYear: 'calendar', categories: [] },
        },
        cycle: { start: '2025-03-01', end: '2027-02-28', current: false },
      }),
    );
    // Part-years are prorated by the months the cycle covers (10 and 2), rounded up to half units.
    expect(model.totals.years.map((y) => [y.label, y.earned, y.minimum, y.status])).toEqual([
      ['2025', 0, 17, 'short'],
      ['2026', 5, 20, 'short'],
      ['2027', 0, 3.5, 'short'],
    ]);
    expect(model.unit).toBe(entry.renewal.unit);
  });

  it("checks an activity kind's yearly cap year by year (ISACA volunteering, calendar years)", () => {
    const cism = catalogueEntryById('isaca-cism')!;
    const model = buildReportModel(
      input(
        [
          activity({ activity_date: '2025-05-01', units: 15, category: 'isaca-volunteering' }),
          activity({ activity_date: '2026-05-01', units: 21, category: 'isaca-volunteering' }),
        ],
        {
          catalogue: { body: cism.body, fullName: cism.fullName, renewal: cism.renewal },
          cycle: { start: '2025-01-01', end: '2027-12-31', current: true },
        },
      ),
    );
    expect(model.totals.categories).toEqual([
      expect.objectContaining({
        category: 'isaca-volunteering',
        earned: 15,
        max: 20,
        per: 'year',
        status: 'met',
      }),
      expect.objectContaining({
        category: 'isaca-volunteering',
        earned: 21,
        max: 20,
        per: 'year',
        status: 'over',
      }),
    ]);
    expect(model.totals.earned).toBe(35);
    expect(model.totals.years.map((y) => y.label)).toEqual(['2025', '2026', '2027']);
  });

  it('keeps a category the rules do not name, and works without a catalogue entry', () => {
    const model = buildReportModel(
      input([activity({ activity_date: '2026-01-01', category: 'Ethics', units: 4 })], {
        catalogue: null,
        cycle: { start: '2025-01-01', end: null, current: true },
      }),
    );
    expect(model.totals.categories).toEqual([
      expect.objectContaining({ category: 'Ethics', label: 'Ethics', earned: 4, status: 'none' }),
    ]);
    expect(model.totals.years).toEqual([]);
  });

  it("totals a body's rolling window, and says whether every requirement is met", () => {
    const canada = catalogueEntryById('cpa-canada')!;
    const model = buildReportModel(
      input([activity({ activity_date: '2025-05-01', units: 25, category: 'verifiable' })], {
        certification: {
          certification_id: 'c1',
          certification_name: 'CPA Canada',
          unit: null,
          cpe_needed: null,
          annual_minimum: null,
          certified_on: '2015-06-01',
        },
        catalogue: { body: canada.body, fullName: canada.fullName, renewal: canada.renewal },
        cycle: { start: '2025-01-01', end: '2025-12-31', current: true },
        generatedOn: '2025-12-01',
      }),
    );

    // The year's 20 (10 verifiable) are met; the three years' 120 (60 verifiable, 4 ethics) are not.
    expect(model.totals.status).toBe('met');
    expect(model.totals.windows).toEqual([
      {
        label: '2023-01-01 to 2025-12-31 (3 years at most)',
        category: null,
        earned: 25,
        minimum: 120,
        status: 'short',
      },
      expect.objectContaining({ category: 'verifiable', earned: 25, minimum: 60, status: 'short' }),
      expect.objectContaining({ category: 'ethics', earned: 0, minimum: 4, status: 'short' }),
    ]);
    expect(model.totals.ready).toBe(false);
  });

  it('says a first cycle the body exempts is exempt, not met, and prints the day first certified', () => {
    const nj = catalogueEntryById('cpa-us-nj')!;
    const model = buildReportModel(
      input([], {
        certification: {
          certification_id: 'c1',
          certification_name: 'NJ CPA',
          unit: null,
          cpe_needed: null,
          annual_minimum: null,
          certified_on: '2024-05-01',
        },
        catalogue: { body: nj.body, fullName: nj.fullName, renewal: nj.renewal },
        cycle: { start: '2024-05-01', end: '2026-12-31', current: true },
      }),
    );

    expect(model.totals.status).toBe('exempt');
    const minimums = model.totals.categories.filter((c) => c.min !== null);
    expect(minimums.map((c) => [c.label, c.status])).toEqual([
      ['Technical subjects', 'exempt'],
      ['New Jersey law and ethics', 'exempt'],
    ]);
    expect(model.totals.years.map((y) => y.status)).toEqual(['exempt', 'exempt', 'exempt']);
    expect(firstCertifiedText(model)).toBe('2024-05-01');
    expect(STATUS_TEXT.exempt).toBe('exempt for a new holder');
    // A renewed holder's first day is printed; a first cycle's, only when its rules waive something.
    expect(firstCertifiedText(buildReportModel(input([])))).toBeNull();
  });

  it('keeps the categories a holder typed where the rules name none (EC-Council)', () => {
    const ceh = catalogueEntryById('eccouncil-ceh')!;
    const model = buildReportModel(
      input(
        [
          activity({ activity_date: '2025-04-01', units: 5, category: 'Webinar' }),
          activity({ activity_date: '2025-05-01', units: 10, category: 'Training course' }),
        ],
        { catalogue: { body: ceh.body, fullName: ceh.fullName, renewal: ceh.renewal } },
      ),
    );

    expect(model.rows.map((r) => r.categoryLabel)).toEqual(['Webinar', 'Training course']);
    expect(model.totals.categories).toEqual([
      expect.objectContaining({ label: 'Webinar', earned: 5 }),
      expect.objectContaining({ label: 'Training course', earned: 10 }),
    ]);
  });

  it("labels a past cycle's categories as the rule of its time named them (PMP before 2022-04)", () => {
    const pmp = catalogueEntryById('pmi-pmp')!;
    const model = buildReportModel(
      input([activity({ activity_date: '2020-05-01', units: 10, category: 'leadership' })], {
        catalogue: { body: pmp.body, fullName: pmp.fullName, renewal: pmp.renewal },
        cycle: { start: '2019-03-01', end: '2022-02-28', current: false },
      }),
    );

    const label = model.rows[0]!.categoryLabel;
    expect(label).not.toBeNull();
    expect(model.totals.categories.map((c) => c.label)).toContain(label);
  });
});

describe('names', () => {
  it('slugs to ASCII words and never answers empty', () => {
    expect(slugOf('  Ünïcode — Talk!! ')).toBe('unicode-talk');
    expect(slugOf('日本語')).toBe('activity');
  });

  it('strips path and reserved characters from file names', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('a:b*c?.pdf')).toBe('a-b-c-.pdf');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName(`${'x'.repeat(80)}.jpeg`)).toBe(`${'x'.repeat(55)}.jpeg`);
  });

  it('drops bidirectional controls and trailing dots, which make a name read as another', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('report. ')).toBe('report');
    expect(safeFileName('Zertifikat \u2067x\u2069.pdf')).toBe('Zertifikat x.pdf');
  });

  it('gives a proof file without an extension the one its type opens with', () => {
    const model = buildReportModel(
      input([
        activity({
          activity_date: '2026-01-01',
          files: [
            { ...file('IMG_1234'), content_type: 'image/jpeg' },
            { ...file('scan.PDF'), content_type: 'application/pdf' },
          ],
        }),
      ]),
    );
    expect(model.rows[0]!.packetNames).toEqual([
      '01-2026-01-01-seminar-IMG_1234.jpg',
      '01-2026-01-01-seminar-scan.PDF',
    ]);
  });

  it('cuts a long name by character, never through an emoji', () => {
    expect(safeFileName(`a${'😀'.repeat(40)}.pdf`)).toBe(`a${'😀'.repeat(40)}.pdf`);
    const cut = safeFileName(`a${'😀'.repeat(70)}.pdf`);
    expect(cut).toBe(`a${'😀'.repeat(55)}.pdf`);
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
  });

  it('reads rules as text', () => {
    expect(ruleText(90, null, 'cycle')).toBe('at least 90 per cycle');
    expect(ruleText(null, 30, 'year')).toBe('at most 30 per year');
    expect(ruleText(null, null, null)).toBe('');
  });
});
