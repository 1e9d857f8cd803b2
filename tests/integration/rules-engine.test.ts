/**
 * The body's rules through the API, on each backend (decision 090): each
 * credit's own category, the standing every certification answer carries,
 * renewal refused with every unmet rule or done as the body does it (the
 * next cycle the day after, later credits kept, rollover carried, the closed
 * cycle recorded and reportable), as of a fixed day.
 */
import { parse } from 'csv-parse/sync';
import { ManualClock } from '@cpe/local';
import { API_MESSAGES, type Activity, type Certification, type Readiness } from '@cpe/shared';
import { sql } from '../support/data-api';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser, signIn } from '../support/users';

const TODAY = '2026-11-26';

/** A CISSP and a PMP of 2024, as several tests below hold them. */
const CISSP_2024 = {
  certification_name: 'CISSP',
  catalogue_id: 'isc2-cissp',
  earned_date: '2024-02-01',
  expiry_date: '2027-01-31',
};
const PMP_2024 = {
  certification_name: 'PMP',
  catalogue_id: 'pmi-pmp',
  earned_date: '2024-01-15',
  expiry_date: '2027-01-14',
};

describe.each(backendNames())('the rules engine through the API on %s', (backend) => {
  const clock = new ManualClock(`${TODAY}T12:00:00Z`);
  let runtime: TestRuntime;
  let ada: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend, { clock });
    ada = await createUser(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const as = () => api(runtime, ada.accessToken);

  async function certification(body: Record<string, unknown>): Promise<Certification> {
    const answer = await as().post('/api/certifications', {
      verification_link: null,
      cpe_needed: null,
      ...body,
    });
    expect(answer.status).toBe(201);
    return answer.body as Certification;
  }

  async function activity(body: Record<string, unknown>): Promise<Activity> {
    const answer = await as().post('/api/activities', {
      activity_name: 'Course',
      provider: 'Provider',
      ...body,
    });
    expect(answer.status).toBe(201);
    return answer.body as Activity;
  }

  const current = async (id: string) =>
    ((await as().get(`/api/certification/${id}`)).body as Certification[])[0]!;

  async function counted<T>(request: () => Promise<T>): Promise<[T, number]> {
    runtime.rdsData.calls.reset();
    const answer = await request();
    return [answer, runtime.rdsData.calls.total];
  }

  it('gives each credit its own category: Group A for ISC2, Ways of Working for PMI, nothing for ISACA', async () => {
    const cissp = await certification(CISSP_2024);
    const pmp = await certification(PMP_2024);
    const cisa = await certification({
      certification_name: 'CISA',
      catalogue_id: 'isaca-cisa',
      earned_date: '2023-06-15',
      expiry_date: '2026-12-31',
    });

    const webinar = await activity({
      certification_id: cissp.certification_id,
      activity_name: 'Threat modelling webinar',
      cpe_units: 2,
      activity_date: '2025-04-01',
      category: 'group-a',
      credits: [
        { certification_id: pmp.certification_id, category: 'ways-of-working' },
        { certification_id: cisa.certification_id },
      ],
    });

    expect(webinar.credits[0]).toMatchObject({
      certification_id: cissp.certification_id,
      category: 'group-a',
    });
    expect(
      Object.fromEntries(webinar.credits.map((c) => [c.certification_id, c.category])),
    ).toEqual({
      [cissp.certification_id]: 'group-a',
      [pmp.certification_id]: 'ways-of-working',
      // ISACA's rules name no Group A: the credit takes no category.
      [cisa.certification_id]: null,
    });
    const stored = await sql(
      runtime,
      `select certification_id, category from activity_credits where activity_id = cast(:id as uuid)`,
      { id: webinar.activity_id },
    );
    expect(Object.fromEntries(stored.map((r) => [r.certification_id, r.category]))).toEqual({
      [cissp.certification_id]: 'group-a',
      [pmp.certification_id]: 'ways-of-working',
      [cisa.certification_id]: null,
    });
    const pmpNow = await current(pmp.certification_id);
    expect(
      pmpNow.standing.requirements.find((r) => r.id === 'category:ways-of-working'),
    ).toMatchObject({ earned: 2 });
    expect(pmpNow.standing.requirements.find((r) => r.id === 'category:education')).toMatchObject({
      earned: 2,
    });

    // The CISA report shows no ISC2 category for the shared activity.
    const report = await fetch(
      `${runtime.url}/api/certifications/${cisa.certification_id}/report?format=csv`,
      { headers: { authorization: `Bearer ${ada.accessToken}` } },
    );
    expect(report.status).toBe(200);
    const rows: string[][] = parse(await report.text(), { bom: true, relax_column_count: true });
    const line = rows.find((r) => r[2] === 'Threat modelling webinar');
    expect(line?.[4]).toBe('');
    expect(rows.flat().join(' ')).not.toMatch(/group-a|Group A/);

    // A category another certification's rules do not name: 400 naming that credit, nothing stored.
    const bad = await as().put(`/api/activities/${webinar.activity_id}`, {
      activity_name: 'Threat modelling webinar',
      cpe_units: 2,
      activity_date: '2025-04-01',
      credits: [{ certification_id: pmp.certification_id, category: 'group-b' }],
      version: ((await as().get(`/api/activity/${webinar.activity_id}`)).body as Activity).version,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { errors: { 'credits.0.category': API_MESSAGES.categoryNotInRules } },
    });
    expect((await as().get(`/api/activity/${webinar.activity_id}`)).body).toMatchObject({
      credits: webinar.credits,
    });
  });

  it("gives another certification's credit the activity's new category when the update leaves its category out", async () => {
    const pmp = await certification({
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      earned_date: '2025-01-15',
      expiry_date: '2028-01-14',
    });
    const acp = await certification({
      certification_name: 'PMI-ACP',
      catalogue_id: 'pmi-acp',
      earned_date: '2025-01-15',
      expiry_date: '2028-01-14',
    });
    const workshop = await activity({
      activity_name: 'Agile workshop',
      certification_id: pmp.certification_id,
      cpe_units: 4,
      activity_date: '2025-04-01',
      category: null,
      credits: [{ certification_id: acp.certification_id }],
    });
    expect(workshop.credits.find((c) => c.certification_id === acp.certification_id)).toMatchObject(
      { category: null },
    );
    // The form's "as the activity's" sends the credit without a category.
    const updated = await as().put(`/api/activities/${workshop.activity_id}`, {
      activity_name: 'Agile workshop',
      provider: 'Provider',
      cpe_units: 4,
      activity_date: '2025-04-01',
      category: 'ways-of-working',
      credits: [{ certification_id: acp.certification_id }],
      version: workshop.version,
    });
    expect(updated.status).toBe(200);
    expect(
      (updated.body as Activity).credits.find((c) => c.certification_id === acp.certification_id),
    ).toMatchObject({ category: 'ways-of-working' });
  });

  it("gives another certification's credit the stored category only where its rules name it, when the update leaves the category out", async () => {
    const cissp = await certification(CISSP_2024);
    const ccsp = await certification({
      certification_name: 'CCSP',
      catalogue_id: 'isc2-ccsp',
      earned_date: '2024-02-01',
      expiry_date: '2027-01-31',
    });
    const pmp = await certification(PMP_2024);
    const course = await activity({
      certification_id: cissp.certification_id,
      activity_name: 'Cloud security course',
      cpe_units: 3,
      activity_date: '2025-04-01',
      category: 'group-a',
    });

    const updated = await as().put(`/api/activities/${course.activity_id}`, {
      activity_name: 'Cloud security course',
      cpe_units: 3,
      activity_date: '2025-04-01',
      credits: [
        { certification_id: pmp.certification_id },
        { certification_id: ccsp.certification_id },
      ],
      version: course.version,
    });

    expect(updated.status).toBe(200);
    const categories = {
      [cissp.certification_id]: 'group-a',
      [ccsp.certification_id]: 'group-a',
      // PMI's rules name no Group A, which the API refuses when a body names it.
      [pmp.certification_id]: null,
    };
    expect(
      Object.fromEntries(
        (updated.body as Activity).credits.map((c) => [c.certification_id, c.category]),
      ),
    ).toEqual(categories);
    const stored = await sql(
      runtime,
      `select certification_id, category from activity_credits where activity_id = cast(:id as uuid)`,
      { id: course.activity_id },
    );
    expect(Object.fromEntries(stored.map((r) => [r.certification_id, r.category]))).toEqual(
      categories,
    );
  });

  it("answers a CISA of 2023-06-15 by ISACA's calendar: current until 2026-12-31, the 2026 minimum open", async () => {
    const cisa = await certification({
      certification_name: 'CISA',
      catalogue_id: 'isaca-cisa',
      earned_date: '2023-06-15',
      expiry_date: '2026-12-31',
    });
    await activity({
      certification_id: cisa.certification_id,
      cpe_units: 20,
      activity_date: '2024-03-01',
    });
    await activity({
      certification_id: cisa.certification_id,
      cpe_units: 100,
      activity_date: '2025-05-01',
    });

    const [answer, calls] = await counted(() =>
      as().get(`/api/certification/${cisa.certification_id}`),
    );
    expect(calls).toBe(1);
    const { standing, total_cpes_earned } = (answer.body as Certification[])[0]!;
    expect(total_cpes_earned).toBe(120);
    expect(standing).toMatchObject({
      state: 'expires-soon',
      daysToExpiry: 35,
      ready: false,
      cycle: { start: '2024-01-01', end: '2026-12-31', countsFrom: '2023-06-15' },
    });
    expect(standing.requirements.filter((r) => !r.met).map((r) => r.message)).toEqual([
      '2026: 0 of 20 CPEs (20 to go)',
    ]);

    const [refused, renewCalls] = await counted(() =>
      as().put(`/api/renewCertification/${cisa.certification_id}`, { expiry_date: '2026-12-31' }),
    );
    expect(renewCalls).toBe(1);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: `${API_MESSAGES.rulesUnmet} 2026: 0 of 20 CPEs (20 to go).`,
        unmet: [{ id: 'year:2026-01-01', message: '2026: 0 of 20 CPEs (20 to go)' }],
      },
    });
    expect(await current(cisa.certification_id)).toMatchObject({ earned_date: '2023-06-15' });
  });

  it('refuses a PMP whose Giving Back goes past its cap, naming each rule, with the spec alert for the total', async () => {
    const pmp = await certification(PMP_2024);
    await activity({
      certification_id: pmp.certification_id,
      cpe_units: 40,
      activity_date: '2024-06-01',
      category: 'giving-back',
    });
    await activity({
      certification_id: pmp.certification_id,
      cpe_units: 20,
      activity_date: '2025-06-01',
      category: 'ways-of-working',
    });

    const { standing, total_cpes_earned, percentage_completion } = await current(
      pmp.certification_id,
    );
    expect({ total_cpes_earned, percentage_completion }).toEqual({
      total_cpes_earned: 45,
      // Power Skills and Business Acumen still ask 8 each: 16 of the 60 to go.
      percentage_completion: 73.33,
    });
    expect(standing.requirements.find((r) => r.id === 'cap:giving-back')).toMatchObject({
      raw: 40,
      earned: 25,
      over: 15,
    });

    const refused = await as().put(`/api/renewCertification/${pmp.certification_id}`);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: API_MESSAGES.insufficientCpes },
    });
    expect((refused.body as { unmet: { id: string }[] }).unmet.map((u) => u.id).sort()).toEqual([
      'category:business-acumen',
      'category:education',
      'category:power-skills',
      'total',
    ]);
  });

  it('renews a compliant PMP the day after its cycle, keeping later credits for the next one and recording the closed cycle', async () => {
    const pmp = await certification(PMP_2024);
    for (const [category, units, date] of [
      ['ways-of-working', 12, '2024-05-01'],
      ['power-skills', 12, '2025-05-01'],
      ['business-acumen', 12, '2025-09-01'],
      ['giving-back', 24, '2026-03-01'],
      // Dated after the cycle's end: it belongs to the next one.
      ['ways-of-working', 3, '2027-02-01'],
    ] as const) {
      await activity({
        certification_id: pmp.certification_id,
        cpe_units: units,
        activity_date: date,
        category,
      });
    }
    expect((await current(pmp.certification_id)).standing).toMatchObject({
      ready: true,
      state: 'ready',
      earned: 60,
    });

    const [renewed, calls] = await counted(() =>
      as().put(`/api/renewCertification/${pmp.certification_id}`, { expiry_date: '2027-01-14' }),
    );
    expect(calls).toBe(2);
    expect(renewed).toMatchObject({
      status: 200,
      body: {
        earned_date: '2027-01-15',
        expiry_date: '2030-01-14',
        certified_on: '2024-01-15',
        // The course dated 2027-02-01 is the new cycle's, but not earned before its day.
        total_cpes_earned: 0,
        // What was earned this year stays earned this year, archived by the renewal or not.
        calendar_year_cpes_earned: 24,
        standing: { earned: 0, cycle: { start: '2027-01-15', end: '2030-01-14' } },
      },
    });
    expect(await current(pmp.certification_id)).toEqual(renewed.body);
    const archived = await sql(
      runtime,
      `select cast(activity_date as text) as d, is_archived from activity_credits
        where certification_id = cast(:id as uuid) order by activity_date`,
      { id: pmp.certification_id },
    );
    expect(archived.map((r) => [r.d, r.is_archived])).toEqual([
      ['2024-05-01', true],
      ['2025-05-01', true],
      ['2025-09-01', true],
      ['2026-03-01', true],
      ['2027-02-01', false],
    ]);
    const cycles = (await as().get(`/api/certifications/${pmp.certification_id}/cycles`)).body;
    expect(cycles).toEqual([
      { start: '2027-01-15', end: '2030-01-14', current: true },
      { start: '2024-01-15', end: '2027-01-14', current: false },
    ]);
    const past = (
      await as().get(`/api/certifications/${pmp.certification_id}/readiness?cycle=2024-01-15`)
    ).body as Readiness;
    expect(past.standing).toMatchObject({ ready: true, earned: 60 });
  });

  it('carries ISC2 Group A credits of the last six months beyond the 120 into the next cycle', async () => {
    clock.set('2026-09-15T12:00:00Z');
    const cissp = await certification({
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2023-10-01',
      expiry_date: '2026-09-30',
    });
    await activity({
      certification_id: cissp.certification_id,
      cpe_units: 110,
      activity_date: '2024-06-01',
      category: 'group-a',
    });
    await activity({
      certification_id: cissp.certification_id,
      cpe_units: 40,
      activity_date: '2026-05-01',
      category: 'group-a',
    });

    const renewed = await as().put(`/api/renewCertification/${cissp.certification_id}`, {
      expiry_date: '2026-09-30',
    });
    clock.set(`${TODAY}T12:00:00Z`);
    expect(renewed).toMatchObject({
      status: 200,
      body: {
        earned_date: '2026-10-01',
        expiry_date: '2029-09-30',
        carried_in: 30,
        carried_category: 'group-a',
        total_cpes_earned: 30,
      },
    });
    const now = await current(cissp.certification_id);
    expect(now.standing.requirements.find((r) => r.id === 'category:group-a')).toMatchObject({
      earned: 30,
    });
    const [row] = await sql(
      runtime,
      `select carried_out from certification_cycles where certification_id = cast(:id as uuid)`,
      { id: cissp.certification_id },
    );
    expect(Number(row?.carried_out)).toBe(30);
  });

  it('keeps the late credits a renewal in the grace period needed with the cycle they completed', async () => {
    const cissp = await certification({
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2023-10-01',
      expiry_date: '2026-09-30',
    });
    await activity({
      certification_id: cissp.certification_id,
      cpe_units: 100,
      activity_date: '2024-06-01',
      category: 'group-a',
    });
    // Earned in ISC2's 90-day grace period: 20 complete the cycle, the 5 after them are the next's.
    const late = await activity({
      activity_name: 'Late course',
      certification_id: cissp.certification_id,
      cpe_units: 20,
      activity_date: '2026-11-01',
      category: 'group-a',
    });
    await activity({
      activity_name: 'Next cycle course',
      certification_id: cissp.certification_id,
      cpe_units: 5,
      activity_date: '2026-11-20',
      category: 'group-a',
    });
    const renewed = await as().put(`/api/renewCertification/${cissp.certification_id}`, {
      expiry_date: '2026-09-30',
    });
    expect(renewed).toMatchObject({
      status: 200,
      body: { earned_date: '2026-10-01', standing: { earned: 5 } },
    });

    const pastReadiness = async () =>
      (await as().get(`/api/certifications/${cissp.certification_id}/readiness?cycle=2023-10-01`))
        .body as Readiness;
    const past = await pastReadiness();
    expect(past.standing).toMatchObject({ ready: true, earned: 120 });
    expect(past.problems.filter((p) => p.kind === 'outside_cycle')).toEqual([]);
    const report = await fetch(
      `${runtime.url}/api/certifications/${cissp.certification_id}/report?format=csv&cycle=2023-10-01`,
      { headers: { authorization: `Bearer ${ada.accessToken}` } },
    );
    expect(report.status).toBe(200);
    const rows: string[][] = parse(await report.text(), { bom: true, relax_column_count: true });
    expect(rows.map((r) => r[2])).toContain('Late course');
    expect(rows.map((r) => r[2])).not.toContain('Next cycle course');

    // Editing the late activity, its date unchanged, leaves it with the cycle it completed.
    const edited = await as().put(`/api/activities/${late.activity_id}`, {
      activity_name: 'Late course, renamed',
      provider: 'Provider',
      cpe_units: 20,
      activity_date: '2026-11-01',
      category: 'group-a',
      version: ((await as().get(`/api/activity/${late.activity_id}`)).body as Activity).version,
    });
    expect(edited).toMatchObject({ status: 200, body: { is_archived: true } });
    expect((await pastReadiness()).standing).toMatchObject({ ready: true, earned: 120 });
    expect((await current(cissp.certification_id)).standing).toMatchObject({ earned: 5 });
    const stored = await sql(
      runtime,
      `select cast(activity_date as text) as d, is_archived, cast(late_for_cycle as text) as late_for
         from activity_credits where certification_id = cast(:id as uuid) order by activity_date`,
      { id: cissp.certification_id },
    );
    expect(stored.map((r) => [r.d, r.is_archived, r.late_for])).toEqual([
      ['2024-06-01', true, null],
      ['2026-11-01', true, '2023-10-01'],
      ['2026-11-20', false, null],
    ]);

    // Moved to a fresh account by its export, the current cycle still counts only its own 5.
    const whole = (await as().get('/api/account/export')).body as Record<string, unknown[]>;
    const mine = (rows: unknown[]) =>
      rows.filter(
        (r) => (r as { certification_id?: string }).certification_id === cissp.certification_id,
      );
    const document = {
      ...whole,
      certifications: mine(whole.certifications!),
      activities: mine(whole.activities!),
      credits: mine(whole.credits!),
    };
    const fresh = await createUser(runtime);
    const imported = await api(runtime, fresh.accessToken).post('/api/imports', {
      file_name: 'export.json',
      content_base64: Buffer.from(JSON.stringify(document)).toString('base64'),
    });
    expect(imported).toMatchObject({
      status: 200,
      body: { created: 3, certifications_created: 1 },
    });
    const [copy] = (
      await api(runtime, fresh.accessToken).get(`/api/certifications/${fresh.userId}`)
    ).body as Certification[];
    expect(copy).toMatchObject({ earned_date: '2026-10-01', standing: { earned: 5 } });
  });

  it('leaves a late credit the old cycle did not need to the new cycle', async () => {
    const cissp = await certification({
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2023-10-01',
      expiry_date: '2026-09-30',
    });
    for (const [units, date, category] of [
      [85, '2024-03-01', 'group-a'],
      [30, '2024-03-02', 'group-b'],
      // In the grace period: Group B is full already, so only the Group A 5 completes the cycle.
      [10, '2026-10-10', 'group-b'],
      [5, '2026-10-20', 'group-a'],
    ] as const) {
      await activity({
        certification_id: cissp.certification_id,
        cpe_units: units,
        activity_date: date,
        category,
      });
    }
    const renewed = await as().put(`/api/renewCertification/${cissp.certification_id}`, {
      expiry_date: '2026-09-30',
    });
    expect(renewed).toMatchObject({
      status: 200,
      body: { earned_date: '2026-10-01', standing: { earned: 10 } },
    });
    expect((await current(cissp.certification_id)).standing).toMatchObject({ earned: 10 });
    const stored = await sql(
      runtime,
      `select cast(activity_date as text) as d, is_archived from activity_credits
        where certification_id = cast(:id as uuid) order by activity_date`,
      { id: cissp.certification_id },
    );
    expect(stored.map((r) => [r.d, r.is_archived])).toEqual([
      ['2024-03-01', true],
      ['2024-03-02', true],
      ['2026-10-10', false],
      ['2026-10-20', true],
    ]);
    const past = (
      await as().get(`/api/certifications/${cissp.certification_id}/readiness?cycle=2023-10-01`)
    ).body as Readiness;
    expect(past.standing).toMatchObject({ ready: true, earned: 120 });
  });

  it("answers a renewed Texas CPA's readiness as its list does: the rolling 36 months reach the archived hours", async () => {
    clock.set('2026-06-15T12:00:00Z');
    const tx = await certification({
      certification_name: 'CPA (Texas)',
      catalogue_id: 'cpa-us-tx',
      certified_on: '2022-05-10',
      earned_date: '2025-07-01',
      expiry_date: '2026-06-30',
    });
    for (const [date, category] of [
      ['2024-09-01', null],
      ['2025-09-01', 'ethics'],
      ['2026-03-01', null],
    ] as const) {
      await activity({
        certification_id: tx.certification_id,
        cpe_units: 40,
        activity_date: date,
        category,
      });
    }
    const renewed = await as().put(`/api/renewCertification/${tx.certification_id}`, {
      expiry_date: '2026-06-30',
    });
    expect(renewed).toMatchObject({ status: 200, body: { earned_date: '2026-07-01' } });
    await activity({
      certification_id: tx.certification_id,
      cpe_units: 25,
      activity_date: '2026-09-01',
    });
    clock.set('2027-04-15T12:00:00Z');
    try {
      // A month on, the morning's token has expired: the holder signs in again.
      const later = api(runtime, (await signIn(runtime, ada.email, ada.password)).accessToken);
      const listed = (
        (await later.get(`/api/certification/${tx.certification_id}`)).body as Certification[]
      )[0]!;
      expect(listed.standing.requirements.find((r) => r.id === 'rolling')).toMatchObject({
        earned: 145,
      });
      const readiness = (await later.get(`/api/certifications/${tx.certification_id}/readiness`))
        .body as Readiness;
      expect(readiness.standing.requirements).toEqual(listed.standing.requirements);
      expect(readiness.standing.ready).toBe(listed.standing.ready);
    } finally {
      clock.set(`${TODAY}T12:00:00Z`);
    }
  });

  it('shows a lapsed PMP suspended with the suspension’s end, and refuses to renew what has no target and no expiry', async () => {
    const pmp = await certification({
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      earned_date: '2023-01-10',
      expiry_date: '2026-01-09',
    });
    const { standing } = await current(pmp.certification_id);
    expect(standing).toMatchObject({
      state: 'suspended',
      window: { kind: 'suspension', to: '2027-01-09' },
    });
    expect(standing.deadlines).toContainEqual(
      expect.objectContaining({ kind: 'suspension-end', date: '2027-01-09' }),
    );

    const nothing = await certification({
      certification_name: 'Lifetime',
      earned_date: '2020-01-01',
      expiry_date: null,
    });
    await activity({
      certification_id: nothing.certification_id,
      cpe_units: 5,
      activity_date: '2024-01-01',
    });
    const refused = await as().put(`/api/renewCertification/${nothing.certification_id}`);
    expect(refused).toMatchObject({ status: 409, body: { message: API_MESSAGES.nothingToRenew } });
    const activities = (await as().get(`/api/activities/${nothing.certification_id}`))
      .body as Activity[];
    expect(activities.every((a) => !a.is_archived)).toBe(true);
  });
});
