import type { RenewalRule } from './catalogue/types';
import { type ReadinessCredit, creditsOfCycle, cyclesOf, readinessOf } from './readiness';

const cert = {
  certification_id: 'c1',
  cpe_needed: 120,
  unit: 'CPE',
  earned_date: '2024-01-31',
  expiry_date: '2027-01-31',
  cycle_months: 36,
};

const groups: RenewalRule = {
  kind: 'credits',
  unit: 'CPE',
  total: 120,
  cycleMonths: 36,
  annualMinimum: null,
  annualYear: null,
  categories: [
    { id: 'group-a', label: 'Group A', min: 90, per: 'cycle' },
    { id: 'group-b', label: 'Group B', max: 30, per: 'cycle' },
  ],
  activityCaps: [],
  rollover: null,
  afterExpiry: [],
  fees: [],
};

const credit = (overrides: Partial<ReadinessCredit> = {}): ReadinessCredit => ({
  activity_id: 'a1',
  activity_name: 'Seminar',
  activity_date: '2024-06-01',
  cpe_units: 4,
  is_archived: false,
  submitted_on: '2024-06-02',
  provider: 'ISC2 Chapter',
  category: 'group-a',
  has_proof: true,
  ...overrides,
});

const current = { cycle: { start: '2024-01-31', end: '2027-01-31' }, current: true };

describe('cyclesOf', () => {
  it('answers the current cycle, then earlier ones back to the oldest date, month-ends kept, each ending the day before the next', () => {
    expect(cyclesOf(cert, '2020-02-01')).toEqual([
      { start: '2024-01-31', end: '2027-01-31' },
      { start: '2021-01-31', end: '2024-01-30' },
      { start: '2018-01-31', end: '2021-01-30' },
    ]);
    expect(cyclesOf(cert, '2024-02-01')).toEqual([{ start: '2024-01-31', end: '2027-01-31' }]);
    expect(cyclesOf({ ...cert, cycle_months: null, expiry_date: null }, '1999-01-01')).toEqual([
      { start: '2024-01-31', end: null },
    ]);
  });

  it('lists the cycles renewals recorded, then works out older ones before them', () => {
    const renewed = { ...cert, earned_date: '2027-02-01', expiry_date: '2030-01-31' };
    expect(
      cyclesOf(renewed, '2023-07-01', [
        { start: '2023-06-15', end: '2027-01-31', carried_in: 0, carried_category: null },
      ]),
    ).toEqual([
      { start: '2027-02-01', end: '2030-01-31' },
      { start: '2023-06-15', end: '2027-01-31' },
    ]);
    // A credit older than every recorded cycle: the cycle before is worked out from cycle_months.
    expect(
      cyclesOf(renewed, '2023-06-01', [
        { start: '2023-06-15', end: '2027-01-31', carried_in: 0, carried_category: null },
      ]).at(-1),
    ).toEqual({ start: '2020-06-15', end: '2023-06-14' });
  });
});

describe('creditsOfCycle', () => {
  it('gives a past cycle the late credits its renewal kept, and the next cycle not them', () => {
    // Renewed twice: 2021-2024 in its grace period (a credit of 2024-03-01 kept), then 2024-2027.
    const renewed = { ...cert, earned_date: '2027-01-31', expiry_date: '2030-01-30' };
    const history = [
      { start: '2024-01-31', end: '2027-01-30', carried_in: 0, carried_category: null },
      { start: '2021-01-31', end: '2024-01-30', carried_in: 0, carried_category: null },
    ];
    const credits = [
      credit({ activity_id: 'in-first', activity_date: '2022-05-01', is_archived: true }),
      credit({
        activity_id: 'late-for-first',
        activity_date: '2024-03-01',
        is_archived: true,
        late_for_cycle: '2021-01-31',
      }),
      credit({ activity_id: 'in-second', activity_date: '2024-03-02', is_archived: true }),
      credit({ activity_id: 'current', activity_date: '2027-03-01' }),
    ];
    const ids = (start: string | undefined) =>
      creditsOfCycle(renewed, credits, start, history)?.credits.map((c) => c.activity_id);
    expect(ids('2021-01-31')).toEqual(['in-first', 'late-for-first']);
    expect(ids('2024-01-31')).toEqual(['in-second']);
    expect(ids(undefined)).toEqual(['current']);
    // What a rolling window may reach back to: every earlier cycle's credits, none of the cycle's own.
    const earlier = (start: string | undefined) =>
      creditsOfCycle(renewed, credits, start, history)?.earlier.map((c) => c.activity_id);
    expect(earlier(undefined)).toEqual(['in-first', 'late-for-first', 'in-second']);
    expect(earlier('2024-01-31')).toEqual(['in-first']);
    expect(earlier('2021-01-31')).toEqual([]);
  });
});

describe('readinessOf', () => {
  it('finds nothing to reject in a complete record, and gives the cycle its categories', () => {
    const report = readinessOf({ renewal: groups }, cert, current, [credit()], '2025-01-01');
    expect(report.problems).toEqual([]);
    expect(report.totals).toEqual({ earned: 4, target: 120, unit: 'CPE' });
    expect(report.categories).toEqual([
      { category: 'group-a', label: 'Group A', earned: 4, minimum: 90, maximum: null },
      { category: 'group-b', label: 'Group B', earned: 0, minimum: null, maximum: 30 },
    ]);
    expect(report.standing.requirements.map((r) => r.id)).toEqual([
      'total',
      'category:group-a',
      'cap:group-b',
    ]);
  });

  it('flags no proof, no provider, not submitted and outside the cycle', () => {
    const report = readinessOf(
      { renewal: groups },
      cert,
      current,
      [
        credit({
          has_proof: false,
          provider: null,
          submitted_on: null,
          activity_date: '2023-12-01',
        }),
      ],
      '2025-01-01',
    );
    expect(report.problems.map((p) => p.kind)).toEqual([
      'no_proof',
      'no_provider',
      'outside_cycle',
      'not_submitted',
    ]);
    expect(report.totals.earned).toBe(0);
  });

  it("flags the credit that takes a category past the body's cap, not the ones before it", () => {
    const report = readinessOf(
      { renewal: groups },
      cert,
      current,
      [
        credit({
          activity_id: 'a1',
          category: 'group-b',
          cpe_units: 20,
          activity_date: '2024-02-01',
        }),
        credit({
          activity_id: 'a2',
          category: 'group-b',
          cpe_units: 10,
          activity_date: '2024-03-01',
        }),
        credit({
          activity_id: 'a3',
          category: 'group-b',
          cpe_units: 0.5,
          activity_date: '2024-04-01',
        }),
      ],
      '2025-01-01',
    );
    expect(report.problems).toEqual([
      expect.objectContaining({ activity_id: 'a3', kind: 'over_cap' }),
    ]);
    expect(report.totals.earned).toBe(30);
  });

  it('counts a category meant for another body as none, and free categories where there are no rules', () => {
    const ruled = readinessOf(
      { renewal: groups },
      cert,
      current,
      [credit({ category: 'education' })],
      '2025-01-01',
    );
    expect(ruled.categories.map((c) => c.earned)).toEqual([0, 0]);
    expect(ruled.totals.earned).toBe(4);
    const free = readinessOf(
      undefined,
      cert,
      current,
      [credit({ category: 'Technical' })],
      '2025-01-01',
    );
    expect(free.categories).toEqual([
      { category: 'Technical', label: 'Technical', earned: 4, minimum: null, maximum: null },
    ]);
  });

  it('reads a past cycle from the credits dated inside it, with what it carried in', () => {
    const past = {
      cycle: { start: '2021-01-31', end: '2024-01-30' },
      current: false,
      recorded: {
        start: '2021-01-31',
        end: '2024-01-30',
        carried_in: 20,
        carried_category: 'group-a',
      },
    };
    const report = readinessOf(
      { renewal: groups },
      cert,
      past,
      [credit({ activity_date: '2022-05-01', cpe_units: 100, is_archived: true })],
      '2025-01-01',
    );
    expect(report.totals.earned).toBe(120);
    expect(report.standing.ready).toBe(true);
    expect(report.problems).toEqual([]);
  });

  it('counts the late credits a past cycle was renewed with, not as outside it', () => {
    const past = { cycle: { start: '2021-01-31', end: '2024-01-30' }, current: false };
    const report = readinessOf(
      { renewal: groups },
      cert,
      past,
      [
        credit({
          activity_id: 'a1',
          activity_date: '2022-05-01',
          cpe_units: 100,
          is_archived: true,
        }),
        credit({
          activity_id: 'a2',
          activity_date: '2024-03-01',
          cpe_units: 20,
          is_archived: true,
          late_for_cycle: '2021-01-31',
        }),
      ],
      '2025-01-01',
    );
    expect(report.totals.earned).toBe(120);
    expect(report.standing.ready).toBe(true);
    expect(report.problems).toEqual([]);
  });
});
