import { ISC2 } from './catalogue/data/isc2';
import { type ReadinessCredit, cyclesOf, readinessOf } from './readiness';

const cert = {
  certification_id: 'c1',
  cpe_needed: 120,
  unit: 'CPE',
  earned_date: '2024-01-31',
  expiry_date: '2027-01-31',
  cycle_months: 36,
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

describe('cyclesOf', () => {
  it('answers the current cycle, then earlier ones back to the oldest date, month-ends kept', () => {
    expect(cyclesOf(cert, '2020-02-01')).toEqual([
      { start: '2024-01-31', end: '2027-01-31' },
      { start: '2021-01-31', end: '2024-01-31' },
      { start: '2018-01-31', end: '2021-01-31' },
    ]);
    expect(cyclesOf(cert, '2024-02-01')).toEqual([{ start: '2024-01-31', end: '2027-01-31' }]);
    expect(cyclesOf({ ...cert, cycle_months: null, expiry_date: null }, '1999-01-01')).toEqual([
      { start: '2024-01-31', end: null },
    ]);
  });
});

describe('readinessOf', () => {
  const cycle = { start: '2024-01-31', end: '2027-01-31' };

  it('finds nothing to reject in a complete record', () => {
    const report = readinessOf(cert, ISC2.renewal, cycle, [credit()]);
    expect(report.problems).toEqual([]);
    expect(report.totals).toEqual({ earned: 4, target: 120, unit: 'CPE' });
    expect(report.categories).toEqual([
      { category: 'group-a', earned: 4, minimum: 90, maximum: null },
      { category: 'group-b', earned: 0, minimum: null, maximum: 30 },
    ]);
  });

  it('flags no proof, no provider, not submitted and outside the cycle', () => {
    const report = readinessOf(cert, ISC2.renewal, cycle, [
      credit({ has_proof: false, provider: null, submitted_on: null, activity_date: '2023-12-01' }),
    ]);
    expect(report.problems.map((p) => p.kind)).toEqual([
      'no_proof',
      'no_provider',
      'outside_cycle',
      'not_submitted',
    ]);
    expect(report.totals.earned).toBe(0);
  });

  it("flags the credit that takes a category past the body's cap, not the ones before it", () => {
    const report = readinessOf(cert, ISC2.renewal, cycle, [
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
    ]);
    expect(report.problems).toEqual([
      expect.objectContaining({ activity_id: 'a3', kind: 'over_cap' }),
    ]);
  });

  it('counts a category meant for another body as none, and free categories where the entry has none', () => {
    const ruled = readinessOf(cert, ISC2.renewal, cycle, [credit({ category: 'education' })]);
    expect(ruled.categories.map((c) => c.earned)).toEqual([0, 0]);
    const free = readinessOf(cert, undefined, cycle, [credit({ category: 'Technical' })]);
    expect(free.categories).toEqual([
      { category: 'Technical', earned: 4, minimum: null, maximum: null },
    ]);
  });
});
