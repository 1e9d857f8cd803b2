/**
 * Certifications that remember their rules (issue 10 item 3): catalogue_id,
 * unit, cycle_months and annual_minimum on create and update, and the
 * figures the web app paces with (cycle, cycle year, calendar year), each
 * read in one Data API call, on each backend. The spec's fields keep their
 * meaning alongside.
 */
import { parse } from 'csv-parse/sync';
import { ManualClock } from '@cpe/local';
import type { Activity, Certification } from '@cpe/shared';
import { createActivity } from '../support/api';
import { sql } from '../support/data-api';
import { expected } from '../support/expected';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser, signIn } from '../support/users';

const cert = {
  certification_name: 'CISA',
  earned_date: '2024-01-15',
  expiry_date: '2027-01-15',
  cpe_needed: 120,
  verification_link: null,
};

describe.each(backendNames())('certification rules on %s', (backend) => {
  const clock = new ManualClock('2026-03-01T12:00:00Z');
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

  /** Moves the clock, and signs in again: tokens live an hour of the same clock. */
  async function travelTo(when: string): Promise<void> {
    clock.set(when);
    ada = { ...ada, ...(await signIn(runtime, ada.email, ada.password)) };
  }

  async function counted<T>(request: () => Promise<T>): Promise<[T, number]> {
    runtime.rdsData.calls.reset();
    const answer = await request();
    return [answer, runtime.rdsData.calls.total];
  }

  async function create(body: Record<string, unknown>): Promise<Certification> {
    const answer = await as().post('/api/certifications', { ...cert, ...body });
    expect(answer.status).toBe(201);
    return answer.body as Certification;
  }

  it("takes a catalogue entry's unit, cycle and annual minimum by default, in one call", async () => {
    const [answer, calls] = await counted(() =>
      as().post('/api/certifications', { ...cert, catalogue_id: 'isaca-cisa' }),
    );
    expect(calls).toBe(1);
    expect(answer).toMatchObject({
      status: 201,
      body: {
        ...cert,
        catalogue_id: 'isaca-cisa',
        unit: 'CPE',
        cycle_months: 36,
        annual_minimum: 20,
        total_cpes_earned: 0,
        percentage_completion: 0,
        cycle_cpes_earned: 0,
        cycle_year_cpes_earned: 0,
        calendar_year_cpes_earned: 0,
      },
    });
    const pmp = await create({
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      cpe_needed: 60,
    });
    expect(pmp).toMatchObject({ unit: 'PDU', cycle_months: 36, annual_minimum: null });
    const own = await create({
      catalogue_id: 'isaca-cisa',
      unit: 'CEU',
      cycle_months: '24',
      annual_minimum: null,
    });
    expect(own).toMatchObject({ unit: 'CEU', cycle_months: 24, annual_minimum: null });
  });

  it('measures the cycle of a custom certification from its dates, and none without expiry', async () => {
    expect(await create({ expiry_date: '2027-01-14' })).toMatchObject({
      catalogue_id: null,
      unit: null,
      cycle_months: 36,
    });
    expect(await create({ expiry_date: null })).toMatchObject({ cycle_months: null });
  });

  it('refuses an unknown catalogue id, a unit outside the catalogue and a bad cycle, naming each field, storing nothing', async () => {
    const before = ((await as().get(`/api/certifications/${ada.userId}`)).body as unknown[]).length;
    const unknown = await as().post('/api/certifications', { ...cert, catalogue_id: 'isc2-cissq' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { errors: { catalogue_id: 'is not an entry of the certification catalogue' } },
    });
    const bad = await as().post('/api/certifications', {
      ...cert,
      catalogue_id: '__proto__',
      unit: 'credits',
      cycle_months: 0,
      annual_minimum: 'lots',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual([
      'annual_minimum',
      'catalogue_id',
      'cycle_months',
      'unit',
    ]);
    const after = ((await as().get(`/api/certifications/${ada.userId}`)).body as unknown[]).length;
    expect(after).toBe(before);
  });

  it('on update keeps absent rule fields, clears null ones and re-measures a missing cycle, in one call', async () => {
    const created = await create({ catalogue_id: 'isaca-cisa' });
    const path = `/api/certifications/${created.certification_id}`;

    const [kept, calls] = await counted(() =>
      as().put(path, { ...cert, certification_name: 'CISA (renamed)', version: 1 }),
    );
    expect(calls).toBe(1);
    expect(kept.body).toMatchObject({
      certification_name: 'CISA (renamed)',
      catalogue_id: 'isaca-cisa',
      unit: 'CPE',
      cycle_months: 36,
      annual_minimum: 20,
    });

    const cleared = await as().put(path, {
      ...cert,
      unit: null,
      annual_minimum: '',
      cycle_months: null,
      expiry_date: '2026-01-15',
      version: 2,
    });
    expect(cleared.body).toMatchObject({ unit: null, annual_minimum: null, cycle_months: 24 });

    const unknown = await as().put(path, { ...cert, catalogue_id: 'nope-nope', version: 3 });
    expect(unknown).toMatchObject({
      status: 400,
      body: { errors: { catalogue_id: expected.any(String) } },
    });
    const custom = await as().put(path, {
      ...cert,
      catalogue_id: null,
      expiry_date: null,
      version: 3,
    });
    expect(custom.body).toMatchObject({ catalogue_id: null, expiry_date: null, cycle_months: 24 });
  });

  it("answers the cycle's, the reporting year's and the calendar year's credits as of the clock", async () => {
    // A custom certification with a yearly minimum counts years from its start.
    const created = await create({ certification_name: 'Paced', annual_minimum: 5 });
    const id = created.certification_id;
    for (const [date, units] of [
      ['2023-12-01', 5], // before the cycle: it counts for nothing
      ['2024-06-01', 10],
      ['2025-12-31', 7],
      ['2026-01-10', 3], // calendar 2026, but still cycle year 2025-01-15..2026-01-14
      ['2026-02-01', 4], // cycle year 2026-01-15..2027-01-14 and calendar 2026
    ] as const) {
      const added = await as().post('/api/activities', {
        certification_id: id,
        activity_name: `Course ${date}`,
        cpe_units: units,
        activity_date: date,
      });
      expect(added.status).toBe(201);
    }

    const [one, calls] = await counted(() => as().get(`/api/certification/${id}`));
    expect(calls).toBe(1);
    // The spec's total and percentage are the cycle's, as the rules engine counts them.
    const figures = {
      total_cpes_earned: 24,
      percentage_completion: 20,
      cycle_cpes_earned: 24,
      cycle_year_cpes_earned: 4,
      calendar_year_cpes_earned: 7,
    };
    expect((one.body as Certification[])[0]).toMatchObject(figures);
    const [list, listCalls] = await counted(() => as().get(`/api/certifications/${ada.userId}`));
    expect(listCalls).toBe(1);
    expect((list.body as Certification[]).find((c) => c.certification_id === id)).toMatchObject(
      figures,
    );

    // After expiry: the cycle's figure stays, the current years hold nothing.
    await travelTo('2027-02-01T12:00:00Z');
    const later = (await as().get(`/api/certification/${id}`)).body as Certification[];
    expect(later[0]).toMatchObject({
      total_cpes_earned: 24,
      cycle_cpes_earned: 24,
      cycle_year_cpes_earned: 0,
      calendar_year_cpes_earned: 0,
    });
    await travelTo('2026-03-01T12:00:00Z');
  });

  it("counts days in the holder's time zone, as their settings give it (none: UTC)", async () => {
    const holders = await Promise.all(
      [null, 'Pacific/Auckland', 'Pacific/Honolulu'].map(async (timeZone) => {
        const user = await createUser(runtime);
        if (timeZone !== null) {
          const saved = await api(runtime, user.accessToken).put('/api/account/settings', {
            time_zone: timeZone,
          });
          expect(saved.status).toBe(200);
        }
        const created = await api(runtime, user.accessToken).post('/api/certifications', {
          ...cert,
          expiry_date: '2026-12-31',
        });
        expect(created.status).toBe(201);
        return { user, created: created.body as Certification };
      }),
    );
    /**
     * Each holder's days to the expiry (the list's and the record's), and the
     * date their audit report says it was generated on, at `when`.
     */
    async function daysToExpiryAt(when: string): Promise<[number, number, string][]> {
      clock.set(when);
      return Promise.all(
        holders.map(async ({ user, created }): Promise<[number, number, string]> => {
          const { accessToken } = await signIn(runtime, user.email, user.password);
          const as = api(runtime, accessToken);
          const list = (await as.get(`/api/certifications/${created.user_id}`))
            .body as Certification[];
          const [one] = (await as.get(`/api/certification/${created.certification_id}`))
            .body as Certification[];
          const report = await fetch(
            `${runtime.url}/api/certifications/${created.certification_id}/report?format=csv`,
            { headers: { authorization: `Bearer ${accessToken}`, accept: 'text/csv' } },
          );
          const rows: string[][] = parse(await report.text(), {
            bom: true,
            relax_column_count: true,
          });
          const generated = rows.find((r) => r[0] === 'Generated')?.[1] ?? '';
          return [list[0]!.standing.daysToExpiry!, one!.standing.daysToExpiry!, generated];
        }),
      );
    }
    try {
      // 12:00 UTC on 31 December is already 1 January in Auckland (UTC+13).
      expect(await daysToExpiryAt('2026-12-31T12:00:00Z')).toEqual([
        [0, 0, '2026-12-31'],
        [-1, -1, '2027-01-01'],
        [0, 0, '2026-12-31'],
      ]);
      // 05:00 UTC on 1 January is still the evening of 31 December in Honolulu (UTC-10).
      expect(await daysToExpiryAt('2027-01-01T05:00:00Z')).toEqual([
        [-1, -1, '2027-01-01'],
        [-1, -1, '2027-01-01'],
        [0, 0, '2026-12-31'],
      ]);
    } finally {
      clock.set('2026-03-01T12:00:00Z');
    }
  });

  it("keeps the body's cycle for an entry's certification whose cycle length is cleared, where a custom one is measured", async () => {
    const body = {
      ...cert,
      certification_name: 'Cleared CISA',
      catalogue_id: 'isaca-cisa',
      earned_date: '2023-06-15',
      expiry_date: '2026-12-31',
      cycle_months: null,
    };
    const created = await create(body);
    expect(created.cycle_months).toBe(36);
    const updated = await as().put(`/api/certifications/${created.certification_id}`, {
      ...body,
      version: created.version,
    });
    expect(updated).toMatchObject({ status: 200, body: { cycle_months: 36 } });
    // Without an entry there is no body's cycle: 2023-06-15 to 2026-12-31 spans 43 months.
    const custom = await create({ ...body, certification_name: 'Custom', catalogue_id: null });
    expect(custom.cycle_months).toBe(43);
  });

  it("takes the new entry's unit, cycle and annual minimum when an update moves it to another entry and leaves them out", async () => {
    const {
      unit: _u,
      cycle_months: _c,
      annual_minimum: _a,
      ...moved
    } = {
      ...cert,
      certification_name: 'Moved',
      catalogue_id: 'isaca-cisa',
      unit: null,
      cycle_months: null,
      annual_minimum: null,
    };
    const created = await create({ ...moved });
    expect(created).toMatchObject({ unit: 'CPE', cycle_months: 36, annual_minimum: 20 });
    const path = `/api/certifications/${created.certification_id}`;
    const pmp = await as().put(path, {
      ...moved,
      catalogue_id: 'pmi-pmp',
      version: created.version,
    });
    expect(pmp).toMatchObject({
      status: 200,
      body: { catalogue_id: 'pmi-pmp', unit: 'PDU', cycle_months: 36, annual_minimum: null },
    });
    // The same entry named again, figures left out: unchanged.
    const again = await as().put(path, {
      ...moved,
      catalogue_id: 'pmi-pmp',
      annual_minimum: 5,
      version: (pmp.body as Certification).version,
    });
    const same = await as().put(path, {
      ...moved,
      catalogue_id: 'pmi-pmp',
      version: (again.body as Certification).version,
    });
    expect(same).toMatchObject({ status: 200, body: { unit: 'PDU', annual_minimum: 5 } });
  });

  it('applies first-cycle rules only to a first cycle: a holder first certified earlier owes the full rule', async () => {
    // New Jersey exempts a CPA's initial period; a holder renewed before owes 120 hours.
    const body = {
      ...cert,
      certification_name: 'NJ CPA',
      catalogue_id: 'cpa-us-nj',
      earned_date: '2024-01-01',
      expiry_date: '2026-12-31',
      cpe_needed: 120,
    };
    const first = await create(body);
    expect(first).toMatchObject({ certified_on: '2024-01-01', standing: { ready: true } });
    expect(first.standing.requirements.find((r) => r.id === 'total')).toMatchObject({
      required: 120,
      basis: 'exempt',
    });

    const renewed = await create({ ...body, certified_on: '2015-06-01' });
    expect(renewed).toMatchObject({ certified_on: '2015-06-01', standing: { ready: false } });
    expect(renewed.standing.requirements.find((r) => r.id === 'total')).toMatchObject({
      required: 120,
      met: false,
      basis: null,
    });

    // An update that leaves it out keeps it; null makes it a first cycle again.
    const path = `/api/certifications/${renewed.certification_id}`;
    const kept = await as().put(path, { ...body, version: renewed.version });
    expect(kept).toMatchObject({ status: 200, body: { certified_on: '2015-06-01' } });
    const cleared = await as().put(path, {
      ...body,
      certified_on: null,
      version: (kept.body as Certification).version,
    });
    expect(cleared).toMatchObject({
      status: 200,
      body: { certified_on: '2024-01-01', standing: { ready: true } },
    });

    const after = await as().post('/api/certifications', { ...body, certified_on: '2024-02-01' });
    expect(after).toMatchObject({
      status: 400,
      body: { errors: { certified_on: 'must not be after earned_date' } },
    });
  });

  it("moves an activity's figures for every certification it counts for when its date changes", async () => {
    const cisa = await create({ certification_name: 'Dated CISA', annual_minimum: 20 });
    const cism = await create({ certification_name: 'Dated CISM', annual_minimum: 20 });
    const added = await createActivity(as(), {
      certification_id: cisa.certification_id,
      activity_name: 'Audit workshop',
      cpe_units: 6,
      activity_date: '2026-02-01',
      credits: [{ certification_id: cism.certification_id, cpe_units: 2 }],
    });
    const activityId = added.activity_id;
    const figuresOf = async () => {
      const list = (await as().get(`/api/certifications/${ada.userId}`)).body as Certification[];
      return [cisa, cism].map((c) => {
        const found = list.find((l) => l.certification_id === c.certification_id)!;
        return [found.cycle_year_cpes_earned, found.calendar_year_cpes_earned];
      });
    };
    const storedDates = async () =>
      (
        await sql(
          runtime,
          `select cast(activity_date as text) as d from activity_credits
            where activity_id = cast(:id as uuid) order by cpe_units`,
          { id: activityId },
        )
      ).map((r) => r.d);
    // Cycle year 2026-01-15..2027-01-14 and calendar 2026, for both.
    expect(await figuresOf()).toEqual([
      [6, 6],
      [2, 2],
    ]);
    expect(await storedDates()).toEqual(['2026-02-01', '2026-02-01']);

    const moves = [
      // Keeping the credits (none given): both move to 2025.
      {
        date: '2025-06-01',
        credits: {},
        figures: [
          [0, 0],
          [0, 0],
        ],
      },
      // Giving the credits again, with a date back in 2026.
      {
        date: '2026-01-20',
        credits: { credits: [{ certification_id: cism.certification_id, cpe_units: 3 }] },
        figures: [
          [6, 6],
          [3, 3],
        ],
      },
    ];
    for (const { date, credits, figures } of moves) {
      const read = (await as().get(`/api/activity/${activityId}`)).body as Activity;
      const moved = await as().put(`/api/activities/${activityId}`, {
        activity_name: 'Audit workshop',
        cpe_units: 6,
        activity_date: date,
        ...credits,
        version: read.version,
      });
      expect(moved.status).toBe(200);
      expect(await figuresOf()).toEqual(figures);
      expect(await storedDates()).toEqual([date, date]);
    }

    // The database refuses a credit dated otherwise than its activity.
    await expect(
      sql(
        runtime,
        `update activity_credits set activity_date = date '2020-01-01'
          where activity_id = cast(:id as uuid)`,
        { id: activityId },
      ),
    ).rejects.toThrow(/activity_credits_activity_id_activity_date_fkey/);
    expect(await storedDates()).toEqual(['2026-01-20', '2026-01-20']);
  });
});
