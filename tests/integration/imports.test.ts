/**
 * Importing a spreadsheet through the local gateway and the activities
 * function, on each backend: a year's CSV previews and imports, a malformed
 * row is named and nothing of it stored, importing again adds nothing, an
 * XLSX built with a spreadsheet library reads the same, and the app's own
 * audit report CSV and account export JSON move an account's activities to
 * a fresh account (a round trip). Another user's data stays as it was.
 */
import writeXlsxFile from 'write-excel-file/node';
import type {
  Activity,
  Certification,
  ImportPreview,
  ImportResult,
  ImportBodyInput,
} from '@cpe/shared';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

/** One activity a fortnight through 2025, units 0.5 to 4. */
function yearCsv(): string {
  const lines = ['Date,Activity,Provider,CPE hours,Category,Notes'];
  for (let i = 0; i < 26; i++) {
    const day = new Date(Date.UTC(2025, 0, 3 + i * 14)).toISOString().slice(0, 10);
    const category = i % 3 === 0 ? 'Group B' : 'Group A';
    lines.push(
      `${day},Session ${i + 1},"Provider, Inc.",${(i % 8) / 2 + 0.5},${category},Notes ${i + 1}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe.each(backendNames())('importing a spreadsheet on %s', (backend) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let cissp: string;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    ada = await createUser(runtime);
    cissp = await certification(ada, {
      certification_name: 'CISSP - Certified Information Systems Security Professional',
      catalogue_id: 'isc2-cissp',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: 120,
    });
  }, 120_000);
  afterAll(async () => {
    await runtime.destroy();
  });

  const as = (user: TestUser) => api(runtime, user.accessToken);

  async function certification(user: TestUser, body: Record<string, unknown>): Promise<string> {
    const created = await as(user).post('/api/certifications', body);
    expect(created.status).toBe(201);
    return (created.body as Certification).certification_id;
  }

  async function activitiesOf(user: TestUser, certificationId: string): Promise<Activity[]> {
    const answer = await as(user).get(`/api/activities/${certificationId}`);
    expect(answer.status).toBe(200);
    return answer.body as Activity[];
  }

  async function preview(user: TestUser, body: ImportBodyInput) {
    const answer = await as(user).post('/api/imports/preview', body);
    return answer as { status: number; body: ImportPreview & { message?: string } };
  }

  async function importFile(user: TestUser, body: ImportBodyInput) {
    runtime.rdsData.calls.reset();
    const answer = await as(user).post('/api/imports', body);
    return {
      ...(answer as { status: number; body: ImportResult & { message?: string } }),
      transactions: runtime.rdsData.calls.byOperation.BeginTransaction ?? 0,
    };
  }

  /** What a user sees of an activity, without ids and versions. */
  const seen = (a: Activity) => ({
    activity_date: a.activity_date,
    activity_name: a.activity_name,
    provider: a.provider,
    cpe_units: a.cpe_units,
    category: a.category,
    description: a.description,
  });

  it("previews a year's CSV with the mapping guessed, imports it, and importing again adds nothing", async () => {
    const file = { file_name: 'cpe-2025.csv', content_base64: b64(yearCsv()) };
    const shown = await preview(ada, file);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      format: 'csv',
      headers: ['Date', 'Activity', 'Provider', 'CPE hours', 'Category', 'Notes'],
      guessed: {
        date: 0,
        title: 1,
        provider: 2,
        units: 3,
        category: 4,
        certification: null,
        description: 5,
      },
      certification_id: cissp,
      counts: { rows: 26, new: 26, duplicate: 0, invalid: 0 },
    });
    expect(shown.body.rows[0]).toEqual({
      row: 2,
      values: {
        activity_date: '2025-01-03',
        activity_name: 'Session 1',
        provider: 'Provider, Inc.',
        cpe_units: 0.5,
        category: 'group-b',
        category_label: 'Group B (professional development)',
        certification_id: cissp,
        certification_name: 'CISSP - Certified Information Systems Security Professional',
        description: 'Notes 1',
      },
      errors: [],
      status: 'new',
      same_as_row: null,
    });
    expect(await activitiesOf(ada, cissp)).toEqual([]);

    const first = await importFile(ada, file);
    expect(first.body).toEqual({
      format: 'csv',
      created: 26,
      duplicates: 0,
      refused: [],
      certifications_created: 0,
    });
    expect(first.transactions).toBe(1);
    const stored = await activitiesOf(ada, cissp);
    expect(stored).toHaveLength(26);
    expect(stored.find((a) => a.activity_name === 'Session 2')).toMatchObject({
      activity_date: '2025-01-17',
      provider: 'Provider, Inc.',
      cpe_units: 1,
      category: 'group-a',
      description: 'Notes 2',
      credits: [{ certification_id: cissp, cpe_units: 1, category: 'group-a' }],
    });

    const again = await importFile(ada, file);
    expect(again.body).toMatchObject({ created: 0, duplicates: 26, refused: [] });
    expect(await activitiesOf(ada, cissp)).toHaveLength(26);
    const shownAgain = await preview(ada, file);
    expect(shownAgain.body.counts).toEqual({ rows: 26, new: 0, duplicate: 26, invalid: 0 });
  });

  it('takes an activity counted for the certification through another one for the row it is', async () => {
    const bo = await createUser(runtime);
    const cissp2 = await certification(bo, {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: null,
    });
    const ccsp = await certification(bo, {
      certification_name: 'CCSP',
      catalogue_id: 'isc2-ccsp',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: null,
    });
    const logged = await as(bo).post('/api/activities', {
      certification_id: cissp2,
      activity_name: 'Cloud summit',
      provider: 'ISC2',
      activity_date: '2025-03-04',
      cpe_units: 4,
      credits: [{ certification_id: ccsp }],
    });
    expect(logged.status).toBe(201);
    const file = {
      file_name: 'ccsp.csv',
      content_base64: b64(
        'Date,Title,Provider,Units,Certification\r\n2025-03-04,Cloud summit,ISC2,4,CCSP\r\n',
      ),
    };
    expect((await preview(bo, file)).body).toMatchObject({
      counts: { rows: 1, new: 0, duplicate: 1 },
    });
    expect((await importFile(bo, file)).body).toMatchObject({ created: 0, duplicates: 1 });
    expect((await activitiesOf(bo, ccsp)).map((a) => a.activity_name)).toEqual(['Cloud summit']);
  });

  it('names a malformed row and bad values in the preview, and stores nothing of them', async () => {
    const bob = await createUser(runtime);
    const cert = await certification(bob, {
      certification_name: 'Home lab',
      earned_date: '2025-01-01',
      expiry_date: null,
      cpe_needed: null,
    });
    const csv = [
      'Date;Title;Units;Provider',
      '2025-02-01;Good one;2;ACME',
      '2025-02-02;"Broken" quote;1;ACME',
      '2025-02-03;Units missing;;ACME',
      '03/04/2025;Ambiguous date;1;ACME',
      '2025-02-05;Too many;100001;ACME',
      '2025-02-06;Good two;1,5;ACME',
      '2025-02-06;Good two;1.5;acme',
    ].join('\n');
    const file = { file_name: 'mixed.csv', content_base64: b64(csv) };
    const shown = await preview(bob, file);
    expect(shown.status).toBe(200);
    const byRow = Object.fromEntries(shown.body.rows.map((r) => [r.row, r]));
    expect(byRow[2]?.status).toBe('new');
    expect(byRow[3]).toMatchObject({
      status: 'invalid',
      errors: [
        { field: 'row', message: 'A quoted field is followed by text before the next separator.' },
      ],
    });
    expect(byRow[4]?.errors).toEqual([{ field: 'units', message: 'Units are required' }]);
    expect(byRow[5]?.errors).toEqual([
      {
        field: 'date',
        message: 'Date “03/04/2025” could be day/month or month/day: write it as YYYY-MM-DD',
      },
    ]);
    expect(byRow[6]?.errors).toEqual([{ field: 'units', message: 'Units must be at most 100000' }]);
    expect(byRow[7]).toMatchObject({ status: 'new', values: { cpe_units: 1.5 } });
    expect(byRow[8]).toMatchObject({ status: 'duplicate', same_as_row: 7 });

    const done = await importFile(bob, file);
    expect(done.body).toMatchObject({ created: 2, duplicates: 1, certifications_created: 0 });
    expect(done.body.refused.map((r) => r.row)).toEqual([3, 4, 5, 6]);
    const stored = await activitiesOf(bob, cert);
    expect(stored.map((a) => a.activity_name).sort()).toEqual(['Good one', 'Good two']);
    // Nobody else's activities changed.
    expect(await activitiesOf(ada, cissp)).toHaveLength(26);
  });

  it("refuses a file it cannot read, and another user's certification, storing nothing", async () => {
    const carol = await createUser(runtime);
    const cert = await certification(carol, {
      certification_name: 'Solo',
      earned_date: '2025-01-01',
      expiry_date: null,
      cpe_needed: null,
    });
    const notBase64 = await importFile(carol, { file_name: 'x.csv', content_base64: '%%%' });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.message).toBe('Invalid request: content_base64 is not base64');
    const empty = await importFile(carol, { file_name: 'blank.csv', content_base64: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Invalid request: content_base64 is an empty file');
    const oldExcel = await importFile(carol, {
      file_name: 'old.xls',
      content_base64: b64(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3])),
    });
    expect(oldExcel.status).toBe(400);
    expect(oldExcel.body.message).toContain('old Excel .xls file');
    const json = await importFile(carol, { file_name: 'x.json', content_base64: b64('{"a":1}') });
    expect(json.status).toBe(400);
    expect(json.body.message).toContain('not an account export');
    const foreign = await importFile(carol, {
      file_name: 'x.csv',
      content_base64: b64('Date,Title,Units\n2025-01-01,A,1\n'),
      certification_id: cissp,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(
      'Invalid request: certification_id is not one of your certifications',
    );
    expect(await activitiesOf(carol, cert)).toEqual([]);
  });

  it('reads an XLSX workbook (dates, numbers) as it reads a CSV', async () => {
    const dan = await createUser(runtime);
    const cert = await certification(dan, {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: 120,
    });
    await certification(dan, {
      certification_name: 'Other',
      earned_date: '2025-01-01',
      expiry_date: null,
      cpe_needed: null,
    });
    const workbook = await writeXlsxFile(
      [
        [
          { value: 'Completed on' },
          { value: 'Course' },
          { value: 'Credits' },
          { value: 'Certification' },
        ],
        [
          { value: new Date(Date.UTC(2025, 4, 14)), format: 'yyyy-mm-dd' },
          { value: 'Cloud summit' },
          { value: 3.5 },
          { value: 'CISSP' },
        ],
        [
          { value: '2025-06-01' },
          { value: 'Threat modelling' },
          { value: 2 },
          { value: 'isc2-cissp' },
        ],
        [{ value: '2025-06-02' }, { value: 'Nowhere' }, { value: 1 }, { value: 'CCNA' }],
      ],
      {},
    ).toBuffer();
    const file = { file_name: 'training.xlsx', content_base64: b64(workbook) };
    const shown = await preview(dan, file);
    expect(shown.body).toMatchObject({
      format: 'xlsx',
      guessed: { date: 0, title: 1, units: 2, certification: 3 },
      certification_id: null,
      counts: { rows: 3, new: 2, invalid: 1 },
    });
    expect(shown.body.rows[2]?.errors).toEqual([
      { field: 'certification', message: 'No certification of yours is named “CCNA”' },
    ]);
    const done = await importFile(dan, file);
    expect(done.body).toMatchObject({ created: 2, duplicates: 0 });
    expect((await activitiesOf(dan, cert)).map(seen)).toEqual([
      {
        activity_date: '2025-06-01',
        activity_name: 'Threat modelling',
        provider: null,
        cpe_units: 2,
        category: null,
        description: '',
      },
      {
        activity_date: '2025-05-14',
        activity_name: 'Cloud summit',
        provider: null,
        cpe_units: 3.5,
        category: null,
        description: '',
      },
    ]);
  });

  it('names what no form would take in an edited file, never a 500, and stores nothing of it', async () => {
    const hal = await createUser(runtime);
    const cert = await certification(hal, {
      certification_name: 'Home lab',
      earned_date: '2025-01-01',
      expiry_date: null,
      cpe_needed: null,
    });
    // A date cell no calendar reaches (read-excel-file makes it an invalid Date).
    const workbook = await writeXlsxFile(
      [
        [{ value: 'Date' }, { value: 'Title' }, { value: 'Units' }],
        [{ value: 1e12, format: 'yyyy-mm-dd' }, { value: 'Far future' }, { value: 1 }],
      ],
      {},
    ).toBuffer();
    const xlsx = { file_name: 'far.xlsx', content_base64: b64(workbook) };
    const shown = await preview(hal, xlsx);
    expect(shown.status).toBe(200);
    expect(shown.body.rows[0]?.errors).toEqual([
      { field: 'date', message: 'Date must be a date such as 2026-03-15' },
    ]);

    // An export edited by hand: a credit's category holds NUL, a certification's carried category a line break.
    const other = await certification(hal, {
      certification_name: 'Other',
      earned_date: '2025-01-01',
      expiry_date: null,
      cpe_needed: null,
    });
    const made = await as(hal).post('/api/activities', {
      certification_id: cert,
      activity_name: 'Workshop',
      cpe_units: 2,
      activity_date: '2025-03-10',
      credits: [{ certification_id: other, cpe_units: 1 }],
    });
    expect(made.status).toBe(201);
    const exported = (await as(hal).get('/api/account/export')).body as {
      certifications: Record<string, unknown>[];
      credits: Record<string, unknown>[];
    };
    const ivy = await createUser(runtime);
    const withCredit = structuredClone(exported);
    withCredit.credits.find((c) => c.certification_id === other)!.category = 'Lab\u0000';
    const edited = { file_name: 'export.json', content_base64: b64(JSON.stringify(withCredit)) };
    const marked = await preview(ivy, edited);
    expect(marked.status).toBe(200);
    expect(marked.body.rows[0]?.errors).toEqual([
      {
        field: 'category',
        message: 'Category for Other must be one line, without control characters',
      },
    ]);
    // The row is left out; the certifications it names are created, as the preview listed them.
    expect((await importFile(ivy, edited)).body).toMatchObject({
      created: 0,
      certifications_created: 2,
    });
    const ivys = (await as(ivy).get(`/api/certifications/${ivy.userId}`)).body as Certification[];
    expect(ivys.map((c) => c.total_cpes_earned)).toEqual([0, 0]);

    const withCarried = structuredClone(exported);
    withCarried.certifications[0]!.carried_category = 'Group\nA';
    const jo = await createUser(runtime);
    const refused = await importFile(jo, {
      file_name: 'export.json',
      content_base64: b64(JSON.stringify(withCarried)),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('is not valid: carried_category');
    expect((await as(jo).get(`/api/certifications/${jo.userId}`)).body).toEqual([]);

    // First certified after the cycle it is in started: refused as Add Certification refuses it.
    const later = structuredClone(exported);
    later.certifications[0]!.certified_on = '2025-06-01';
    const laterRefused = await importFile(jo, {
      file_name: 'export.json',
      content_base64: b64(JSON.stringify(later)),
    });
    expect(laterRefused.status).toBe(400);
    expect(laterRefused.body.message).toContain(
      'is not valid: certified_on must not be after earned_date',
    );
    expect((await as(jo).get(`/api/certifications/${jo.userId}`)).body).toEqual([]);
  });

  it('moves an account to a fresh one through its own audit report CSV, without mapping', async () => {
    const report = await as(ada).get(`/api/certifications/${cissp}/report?format=csv`);
    expect(report.status).toBe(200);
    const erin = await createUser(runtime);
    const file = { file_name: 'report.csv', content_base64: b64(String(report.body)) };
    const shown = await preview(erin, file);
    expect(shown.body).toMatchObject({
      format: 'report-csv',
      new_certifications: ['CISSP - Certified Information Systems Security Professional'],
      counts: { rows: 26, new: 26, invalid: 0 },
    });
    // The certification the import will create is not one of erin's yet: the page has none to send back.
    expect(shown.body).toMatchObject({ certification_id: null });
    const done = await importFile(erin, file);
    expect(done.body).toMatchObject({ created: 26, certifications_created: 1, refused: [] });
    const [copy] = (await as(erin).get(`/api/certifications/${erin.userId}`))
      .body as Certification[];
    expect(copy).toMatchObject({
      certification_name: 'CISSP - Certified Information Systems Security Professional',
      catalogue_id: 'isc2-cissp',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
    });
    const byName = (a: Activity, b: Activity) => a.activity_name.localeCompare(b.activity_name);
    expect((await activitiesOf(erin, copy!.certification_id)).sort(byName).map(seen)).toEqual(
      (await activitiesOf(ada, cissp)).sort(byName).map(seen),
    );
    const again = await importFile(erin, file);
    expect(again.body).toMatchObject({ created: 0, duplicates: 26, certifications_created: 0 });
  });

  it('keeps the day first certified of a renewed certification through its audit report CSV', async () => {
    const hal = await createUser(runtime);
    const cia = await certification(hal, {
      certification_name: 'CIA',
      catalogue_id: 'iia-cia',
      earned_date: '2026-01-01',
      expiry_date: '2026-12-31',
      cpe_needed: null,
      certified_on: '2019-06-01',
    });
    const made = await as(hal).post('/api/activities', {
      certification_id: cia,
      activity_name: 'Ethics refresher',
      description: 'Two hours',
      cpe_units: 2,
      activity_date: '2026-03-10',
      provider: 'IIA',
      category: 'ethics',
    });
    expect(made.status).toBe(201);
    const report = await as(hal).get(`/api/certifications/${cia}/report?format=csv`);
    expect(report.status).toBe(200);

    const ivy = await createUser(runtime);
    const file = { file_name: 'report.csv', content_base64: b64(String(report.body)) };
    const done = await importFile(ivy, file);
    expect(done.body).toMatchObject({ created: 1, certifications_created: 1, refused: [] });
    const [copy] = (await as(ivy).get(`/api/certifications/${ivy.userId}`)).body as Certification[];
    expect(copy).toMatchObject({
      catalogue_id: 'iia-cia',
      earned_date: '2026-01-01',
      expiry_date: '2026-12-31',
      certified_on: '2019-06-01',
    });
    // The copy's report says what the original's says: the same statuses, not a new holder's.
    const again = await as(ivy).get(
      `/api/certifications/${copy!.certification_id}/report?format=csv`,
    );
    const facts = (csv: unknown) =>
      String(csv)
        .split('\r\n')
        .filter((line) => !/^(\uFEFF)?(CPE audit report|Holder|Generated)\b/.test(line));
    expect(facts(again.body)).toEqual(facts(report.body));
  });

  it('moves an account to a fresh one through its JSON export: certifications, activities, credits', async () => {
    const fay = await createUser(runtime);
    const main = await certification(fay, {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: 120,
      certified_on: '2016-04-12',
      member_id: 'ISC2-55501',
    });
    const second = await certification(fay, {
      certification_name: 'Security+',
      earned_date: '2024-06-01',
      expiry_date: '2027-05-31',
      cpe_needed: 50,
    });
    const made = await as(fay).post('/api/activities', {
      certification_id: main,
      activity_name: 'Conference',
      description: 'Two days\n=talks',
      cpe_units: 8,
      activity_date: '2025-03-10',
      provider: 'OWASP',
      category: 'group-a',
      credits: [{ certification_id: second, cpe_units: 6, submitted_on: '2025-04-01' }],
    });
    expect(made.status).toBe(201);
    const exported = await as(fay).get('/api/account/export');
    expect(exported.status).toBe(200);

    const gus = await createUser(runtime);
    const file = { file_name: 'export.json', content_base64: b64(JSON.stringify(exported.body)) };
    const shown = await preview(gus, file);
    expect(shown.body).toMatchObject({
      format: 'account-json',
      new_certifications: ['CISSP', 'Security+'],
      counts: { rows: 1, new: 1 },
    });
    const done = await importFile(gus, file);
    expect(done.body).toEqual({
      format: 'account-json',
      created: 1,
      duplicates: 0,
      refused: [],
      certifications_created: 2,
    });
    const strip = (c: Certification) => ({
      certification_name: c.certification_name,
      catalogue_id: c.catalogue_id,
      certified_on: c.certified_on,
      member_id: c.member_id,
      earned_date: c.earned_date,
      expiry_date: c.expiry_date,
      cpe_needed: c.cpe_needed,
      unit: c.unit,
      cycle_months: c.cycle_months,
      total_cpes_earned: c.total_cpes_earned,
    });
    const original = (await as(fay).get(`/api/certifications/${fay.userId}`))
      .body as Certification[];
    const copies = (await as(gus).get(`/api/certifications/${gus.userId}`)).body as Certification[];
    expect(
      copies.map(strip).sort((a, b) => a.certification_name.localeCompare(b.certification_name)),
    ).toEqual(
      original.map(strip).sort((a, b) => a.certification_name.localeCompare(b.certification_name)),
    );
    const copyOf = (name: string) =>
      copies.find((c) => c.certification_name === name)!.certification_id;
    const [activity] = await activitiesOf(gus, copyOf('CISSP'));
    expect(activity).toMatchObject({
      ...seen((await activitiesOf(fay, main))[0]!),
      credits: [
        {
          certification_id: copyOf('CISSP'),
          cpe_units: 8,
          category: 'group-a',
          submitted_on: null,
        },
        { certification_id: copyOf('Security+'), cpe_units: 6, submitted_on: '2025-04-01' },
      ],
    });
    const again = await importFile(gus, file);
    expect(again.body).toMatchObject({ created: 0, duplicates: 1, certifications_created: 0 });
    // The exporting account is as it was.
    expect(await activitiesOf(fay, main)).toHaveLength(1);
  });

  it("keeps a credit above the activity's units for a certification counting in another unit", async () => {
    const ida = await createUser(runtime);
    const nursing = await certification(ida, {
      certification_name: 'Nursing',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: 3,
      unit: 'CEU',
    });
    const cissp = await certification(ida, {
      certification_name: 'CISSP',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: 120,
    });
    // A 10-hour course: 1 CEU where ten hours make one, 10 CPEs.
    const made = await as(ida).post('/api/activities', {
      certification_id: nursing,
      activity_name: 'Course',
      cpe_units: 1,
      activity_date: '2025-03-10',
      credits: [{ certification_id: cissp, cpe_units: 10 }],
    });
    expect(made.status).toBe(201);
    // A second day of the same course: alike in every field but the description.
    const twin = await as(ida).post('/api/activities', {
      certification_id: nursing,
      activity_name: 'Course',
      description: 'Day two',
      cpe_units: 1,
      activity_date: '2025-03-10',
    });
    expect(twin.status).toBe(201);
    const exported = await as(ida).get('/api/account/export');

    const jo = await createUser(runtime);
    const file = { file_name: 'export.json', content_base64: b64(JSON.stringify(exported.body)) };
    expect((await importFile(jo, file)).body).toMatchObject({ created: 2, refused: [] });
    expect((await importFile(jo, file)).body).toMatchObject({ created: 0, duplicates: 2 });
    const copies = (await as(jo).get(`/api/certifications/${jo.userId}`)).body as Certification[];
    const idOf = (name: string) =>
      copies.find((c) => c.certification_name === name)!.certification_id;
    const copied = await activitiesOf(jo, idOf('Nursing'));
    expect(copied.map((a) => a.description).sort()).toEqual(['', 'Day two']);
    const activity = copied.find((a) => a.credits.length === 2);
    expect(activity?.credits.map((c) => [c.certification_id, c.cpe_units])).toEqual([
      [idOf('Nursing'), 1],
      [idOf('CISSP'), 10],
    ]);
  });
});
