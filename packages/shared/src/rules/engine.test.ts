import type { RenewalRule } from '../catalogue/types';
import { ruleWith } from './fixtures';
import { archivedBy, evaluate, firstCycle, nextCycle, planRenewal, ruleForCycle } from '.';
import type { RuleCertification, RuleCredit } from './types';

/** A rule with nothing but a total; each test adds what it is about. */
const rule = ruleWith;

function cert(start: string, end: string | null, extra: Partial<RuleCertification> = {}) {
  return {
    earned_date: start,
    expiry_date: end,
    cpe_needed: null,
    annual_minimum: null,
    cycle_months: 36,
    unit: 'CPE' as const,
    ...extra,
  };
}

let next = 0;
function credit(
  date: string,
  units: number,
  category: string | null = null,
  archived = false,
): RuleCredit {
  next += 1;
  return { id: `a${String(next).padStart(4, '0')}`, date, units, category, archived };
}

const unmet = (s: ReturnType<typeof evaluate>) =>
  s.requirements
    .filter((r) => !r.met)
    .map((r) => r.id)
    .sort();

describe('firstCycle', () => {
  it.each([
    ['earned-date', {}, '2024-01-15', { start: '2024-01-15', end: '2027-01-14' }],
    ['earned-date at a month end', {}, '2024-01-31', { start: '2024-01-31', end: '2027-01-30' }],
    [
      'month-after',
      { cycleStart: 'month-after' },
      '2024-01-15',
      { start: '2024-02-01', end: '2027-01-31' },
    ],
    [
      'year-after',
      { cycleStart: 'year-after', annualYear: 'calendar' },
      '2023-06-15',
      { start: '2024-01-01', end: '2026-12-31' },
    ],
    [
      'year-after on 1 January',
      { cycleStart: 'year-after', annualYear: 'calendar' },
      '2024-01-01',
      { start: '2025-01-01', end: '2027-12-31' },
    ],
    [
      'year-after, fiscal July',
      { cycleStart: 'year-after', annualYear: 'fiscal', yearStartMonth: 7 },
      '2024-08-20',
      { start: '2025-07-01', end: '2028-06-30' },
    ],
    [
      'month-end',
      { cycleStart: 'month-end' },
      '2024-05-10',
      { start: '2024-05-10', end: '2027-05-31' },
    ],
    [
      'year-end, a year',
      { cycleStart: 'year-end', cycleMonths: 12 },
      '2024-06-15',
      { start: '2024-06-15', end: '2024-12-31' },
    ],
    [
      'year-end, three years',
      { cycleStart: 'year-end' },
      '2024-06-15',
      { start: '2024-06-15', end: '2026-12-31' },
    ],
    [
      'year-end on 1 January',
      { cycleStart: 'year-end', cycleMonths: 12 },
      '2024-01-01',
      { start: '2024-01-01', end: '2024-12-31' },
    ],
    [
      'fixed, a later period',
      { cycleStart: 'fixed', periodEnd: '2024-06-30', cycleMonths: 24 },
      '2024-09-10',
      { start: '2024-09-10', end: '2026-06-30' },
    ],
    [
      'fixed, an earlier period',
      { cycleStart: 'fixed', periodEnd: '2030-06-30', cycleMonths: 24 },
      '2024-09-10',
      { start: '2024-09-10', end: '2026-06-30' },
    ],
    [
      'fixed, on the last day',
      { cycleStart: 'fixed', periodEnd: '2024-06-30', cycleMonths: 24 },
      '2026-06-30',
      { start: '2026-06-30', end: '2026-06-30' },
    ],
  ] as const)('%s', (_name, extra, certified, expected) => {
    expect(firstCycle(rule(extra as Partial<RenewalRule>), certified)).toEqual(expected);
  });

  it('has none for a certification that does not expire', () => {
    expect(firstCycle(rule({ kind: 'none', cycleMonths: null }), '2024-01-15')).toBeNull();
  });
});

describe('nextCycle', () => {
  it('starts the day after and keeps month ends', () => {
    expect(nextCycle({ start: '2024-01-15', end: '2027-01-14' }, 36)).toEqual({
      start: '2027-01-15',
      end: '2030-01-14',
    });
    expect(nextCycle({ start: '2024-01-01', end: '2026-12-31' }, 36)).toEqual({
      start: '2027-01-01',
      end: '2029-12-31',
    });
    expect(nextCycle({ start: '2024-03-01', end: '2027-02-28' }, 36)).toEqual({
      start: '2027-03-01',
      end: '2030-02-28',
    });
  });
});

describe('evaluate: totals, categories and caps', () => {
  const pmi = rule({
    categories: [
      { id: 'education', label: 'Education', min: 35, per: 'cycle' },
      { id: 'ways', label: 'Ways of Working', min: 8, per: 'cycle', parent: 'education' },
      {
        id: 'power',
        label: 'Power Skills',
        min: 8,
        per: 'cycle',
        parent: 'education',
        aliases: ['leadership'],
      },
      { id: 'giving-back', label: 'Giving Back', max: 25, per: 'cycle' },
    ],
    activityCaps: [
      {
        kind: 'work',
        label: 'Working as a professional',
        max: 8,
        per: 'cycle',
        parent: 'giving-back',
      },
    ],
  });

  it('sums children into their parent and cuts credits over a cap, in date order', () => {
    const s = evaluate(
      { renewal: pmi },
      cert('2024-01-15', '2027-01-14'),
      [
        credit('2024-02-01', 10, 'ways'),
        credit('2024-03-01', 10, 'leadership'),
        credit('2024-04-01', 20, 'education'),
        credit('2024-05-01', 12, 'work'),
        credit('2024-06-01', 20, 'giving-back'),
      ],
      '2025-01-01',
    );

    expect(s.requirements.find((r) => r.id === 'category:education')).toMatchObject({
      earned: 40,
      met: true,
    });
    expect(s.requirements.find((r) => r.id === 'category:power')).toMatchObject({
      earned: 10,
      met: true,
    });
    expect(s.requirements.find((r) => r.id === 'cap:work')).toMatchObject({
      raw: 12,
      earned: 8,
      over: 4,
    });
    expect(s.requirements.find((r) => r.id === 'cap:giving-back')).toMatchObject({
      raw: 32,
      earned: 25,
      over: 7,
    });
    expect(s.earned).toBe(65);
    expect(s.credits.find((c) => c.date === '2024-06-01')).toMatchObject({
      units: 20,
      counted: 17,
    });
    expect(s.ready).toBe(true);
    expect(s.state).toBe('ready');
  });

  it('counts a category of another body as uncategorised: toward the total only', () => {
    const s = evaluate(
      { renewal: pmi },
      cert('2024-01-15', '2027-01-14'),
      [credit('2024-02-01', 60, 'group-a')],
      '2025-01-01',
    );

    expect(s.earned).toBe(60);
    expect(unmet(s)).toEqual(['category:education', 'category:power', 'category:ways']);
    expect(s.credits[0]?.category).toBeNull();
    expect(s.requirements.find((r) => r.id === 'category:education')?.message).toBe(
      'Education: 0 of 35 CPEs (35 to go)',
    );
  });

  it("takes the holder's target and annual minimum over the body's", () => {
    const s = evaluate(
      { renewal: rule({ annualMinimum: 20, annualYear: 'calendar' }) },
      cert('2024-01-01', '2026-12-31', { cpe_needed: 30, annual_minimum: 5 }),
      [credit('2024-02-01', 30)],
      '2024-06-01',
    );

    expect(s.target).toBe(30);
    expect(s.years.map((y) => y.required)).toEqual([5, 5, 5]);
  });

  it('counts only unarchived credits from the cycle start to its end', () => {
    const s = evaluate(
      undefined,
      cert('2024-01-15', '2027-01-14', { cpe_needed: 10 }),
      [
        credit('2024-01-14', 5),
        credit('2024-01-15', 1),
        credit('2025-01-01', 5, null, true),
        credit('2027-01-14', 2),
        credit('2027-01-15', 7),
      ],
      '2027-01-14',
    );

    expect(s.earned).toBe(3);
    expect(s.percent).toBe(30);
  });

  it('counts no credit dated after today: a course planned ahead is not earned yet', () => {
    const c = cert('2024-01-01', '2026-12-31', { cpe_needed: 60 });
    const credits = [credit('2024-06-01', 20), credit('2026-10-01', 40)];
    const before = evaluate(undefined, c, credits, '2026-03-01');
    expect(before).toMatchObject({ earned: 20, ready: false });
    expect(planRenewal(undefined, c, credits, '2026-03-01')).toMatchObject({
      ok: false,
      reason: 'unmet',
    });
    // Once its day has come it counts, and on the day before (a holder east of the server's zone
    // logs it on the server's yesterday).
    expect(evaluate(undefined, c, credits, '2026-10-01')).toMatchObject({
      earned: 60,
      ready: true,
    });
    expect(evaluate(undefined, c, credits, '2026-09-30')).toMatchObject({ earned: 60 });
    expect(evaluate(undefined, c, credits, '2026-09-29')).toMatchObject({ earned: 20 });
  });
});

describe('evaluate: reporting years', () => {
  it('lists three cycle years for 2024-01-15 to 2027-01-15, the last running to the end', () => {
    const s = evaluate(
      undefined,
      cert('2024-01-15', '2027-01-15', { cpe_needed: 120, annual_minimum: 20 }),
      [],
      '2026-11-26',
    );

    expect(s.years.map((y) => [y.from, y.to])).toEqual([
      ['2024-01-15', '2025-01-14'],
      ['2025-01-15', '2026-01-14'],
      ['2026-01-15', '2027-01-15'],
    ]);
  });

  it.each([
    ['prorated', [10, 20, 20, 10]],
    ['exempt', [null, 20, 20, null]],
    ['full', [20, 20, 20, 20]],
  ] as const)('counts part-years of calendar years as %s', (partialYear, required) => {
    const r = rule({ total: 80, annualMinimum: 20, annualYear: 'calendar', partialYear });
    const s = evaluate({ renewal: r }, cert('2024-07-15', '2027-06-30'), [], '2024-08-01');

    expect(s.years.map((y) => y.from)).toEqual([
      '2024-07-15',
      '2025-01-01',
      '2026-01-01',
      '2027-01-01',
    ]);
    expect(s.years.map((y) => (y.basis === 'exempt' ? null : y.required))).toEqual(required);
    expect(s.requirements.some((r) => r.id === 'year:2024-07-15')).toBe(partialYear !== 'exempt');
  });

  it('opens the next year of a cycle without an end on its anniversary, not a fortnight before', () => {
    const c = cert('2024-01-15', null, { cpe_needed: 40, annual_minimum: 10 });
    const credits = [credit('2024-03-01', 40)];
    const yearsOn = (today: string) =>
      evaluate({ renewal: rule({ total: 40, annualMinimum: 10 }) }, c, credits, today).years.map(
        (y) => y.from,
      );
    expect(yearsOn('2025-01-01')).toEqual(['2024-01-15']);
    expect(yearsOn('2025-01-14')).toEqual(['2024-01-15']);
    expect(yearsOn('2025-01-15')).toEqual(['2024-01-15', '2025-01-15']);
  });

  it('counts fiscal years July to June', () => {
    const r = rule({
      total: 40,
      cycleMonths: 24,
      annualMinimum: 20,
      annualYear: 'fiscal',
      yearStartMonth: 7,
    });
    const s = evaluate(
      { renewal: r },
      cert('2024-07-01', '2026-06-30', { cycle_months: 24 }),
      [credit('2025-03-01', 20)],
      '2025-08-01',
    );

    expect(s.years.map((y) => [y.label, y.from, y.to, y.earned])).toEqual([
      ['2024-25', '2024-07-01', '2025-06-30', 20],
      ['2025-26', '2025-07-01', '2026-06-30', 0],
    ]);
  });

  it('folds the months before a year-after cycle into its first year', () => {
    const r = rule({
      total: 120,
      annualMinimum: 20,
      annualYear: 'calendar',
      cycleStart: 'year-after',
    });
    const s = evaluate(
      { renewal: r },
      cert('2023-06-15', '2026-12-31'),
      [credit('2023-09-01', 20), credit('2025-02-01', 20)],
      '2026-11-26',
    );

    expect(s.cycle).toEqual({ start: '2024-01-01', end: '2026-12-31', countsFrom: '2023-06-15' });
    expect(s.years.map((y) => [y.from, y.earned])).toEqual([
      ['2024-01-01', 20],
      ['2025-01-01', 20],
      ['2026-01-01', 0],
    ]);
    expect(unmet(s)).toEqual(['total', 'year:2026-01-01']);
  });

  it('checks yearly category minimums and caps year by year', () => {
    const r = rule({
      total: 80,
      cycleMonths: 24,
      annualMinimum: 20,
      annualYear: 'calendar',
      categories: [{ id: 'technical', label: 'Technical', min: 12, per: 'year' }],
      activityCaps: [{ kind: 'self-study', label: 'Self-study', max: 10, per: 'year' }],
    });
    const s = evaluate(
      { renewal: r },
      cert('2025-01-01', '2026-12-31', { cycle_months: 24 }),
      [
        credit('2025-03-01', 12, 'technical'),
        credit('2025-04-01', 15, 'self-study'),
        credit('2026-03-01', 8, 'technical'),
        credit('2026-04-01', 50),
      ],
      '2026-12-01',
    );

    expect(unmet(s)).toEqual(['category:technical:2026-01-01']);
    expect(s.requirements.find((x) => x.id === 'cap:self-study:2025-01-01')).toMatchObject({
      raw: 15,
      earned: 10,
    });
    expect(s.earned).toBe(80);
  });

  it('credits the first years of a newly certified holder', () => {
    const r = rule({
      total: 40,
      cycleMonths: 12,
      cycleStart: 'year-end',
      annualYear: 'calendar',
      newlyCertifiedYears: 2,
    });
    const first = evaluate(
      { renewal: r },
      cert('2025-03-10', '2025-12-31', { cycle_months: 12, certified_on: '2025-03-10' }),
      [],
      '2025-09-01',
    );
    const third = evaluate(
      { renewal: r },
      cert('2027-01-01', '2027-12-31', { cycle_months: 12, certified_on: '2025-03-10' }),
      [],
      '2027-09-01',
    );

    expect(first.ready).toBe(true);
    expect(first.requirements[0]).toMatchObject({ id: 'total', basis: 'credited', met: true });
    expect(third.ready).toBe(false);
  });

  it('prorates a short first cycle of a fixed period', () => {
    const r = rule({
      total: 80,
      cycleMonths: 24,
      cycleStart: 'fixed',
      periodEnd: '2024-06-30',
      firstCycle: 'prorated',
    });
    const s = evaluate(
      { renewal: r },
      cert('2025-07-10', '2026-06-30', { cycle_months: 24 }),
      [],
      '2025-08-01',
    );

    expect(s.target).toBe(40);
    expect(s.requirements[0]).toMatchObject({ basis: 'prorated', required: 40 });
  });
});

describe('evaluate: after the end', () => {
  const r = rule({
    afterExpiry: [
      { kind: 'grace', days: 90, creditsCount: true, note: 'Still certified.' },
      { kind: 'suspension', days: 365, creditsCount: true, note: 'Suspended.' },
    ],
  });

  it('counts credits earned in the windows toward the cycle, and says which window it is in', () => {
    const c = cert('2023-01-01', '2025-12-31');
    const inGrace = evaluate(
      { renewal: r },
      c,
      [credit('2025-01-01', 50), credit('2026-02-01', 10)],
      '2026-02-15',
    );
    const suspended = evaluate({ renewal: r }, c, [credit('2025-01-01', 50)], '2026-06-01');
    const expired = evaluate({ renewal: r }, c, [credit('2025-01-01', 50)], '2027-04-01');

    expect(inGrace).toMatchObject({ state: 'grace', ready: true, earned: 60 });
    expect(inGrace.credits.find((x) => x.date === '2026-02-01')?.late).toBe(true);
    expect(inGrace.deadlines.map((d) => [d.kind, d.date])).toEqual([
      ['grace-end', '2026-03-31'],
      ['suspension-end', '2027-03-31'],
    ]);
    expect(suspended.state).toBe('suspended');
    expect(suspended.window).toMatchObject({
      kind: 'suspension',
      from: '2026-04-01',
      to: '2027-03-31',
    });
    expect(expired.state).toBe('expired');
  });

  it('does not count credits dated after the end while the cycle runs', () => {
    const s = evaluate(
      { renewal: r },
      cert('2023-01-01', '2025-12-31'),
      [credit('2025-01-01', 50), credit('2026-02-01', 10)],
      '2025-12-01',
    );

    expect(s.earned).toBe(50);
  });
});

describe('evaluate: states and pace', () => {
  it('is behind when short of the share of the target, or when a closed year missed its minimum', () => {
    const c = cert('2024-01-01', '2026-12-31', { cpe_needed: 60 });
    expect(evaluate(undefined, c, [credit('2024-02-01', 10)], '2025-06-01').state).toBe('behind');
    expect(evaluate(undefined, c, [credit('2024-02-01', 40)], '2025-06-01').state).toBe('on-pace');

    const r = rule({ annualMinimum: 20, annualYear: 'calendar' });
    const s = evaluate(
      { renewal: r },
      cert('2024-01-01', '2026-12-31'),
      [credit('2025-02-01', 40)],
      '2025-06-01',
    );
    expect(s.state).toBe('behind');
    expect(s.requirements.find((x) => x.id === 'year:2024-01-01')).toMatchObject({
      met: false,
      closed: true,
    });
  });

  it('rounds the pace to the body increment, with nothing to pace without a target or an end', () => {
    const c = cert('2024-01-15', '2027-01-14', { cpe_needed: 120 });
    const s = evaluate({ renewal: rule({ total: 120, increment: 0.25 }) }, c, [], '2026-12-20');

    expect(s.monthlyPaceNeeded).toBe(120);
    expect(s.expectedSoFar).toBe(117.25);
    expect(evaluate(undefined, cert('2024-01-15', null), [], '2025-01-01').state).toBe('no-target');
    expect(
      evaluate(undefined, cert('2024-01-15', '2030-01-01', { cpe_needed: null }), [], '2025-01-01')
        .state,
    ).toBe('no-target');
  });

  it("paces what every requirement still needs: the categories' together, and a rolling window's", () => {
    const pmi = rule({
      total: 60,
      categories: [
        { id: 'education', label: 'Education', min: 35, per: 'cycle' },
        { id: 'ways', label: 'Ways of Working', min: 8, per: 'cycle', parent: 'education' },
        { id: 'power', label: 'Power Skills', min: 8, per: 'cycle', parent: 'education' },
        { id: 'business', label: 'Business Acumen', min: 8, per: 'cycle', parent: 'education' },
      ],
    });
    // 52 Ways of Working PDUs of 60 leave 8 for the total, but 16 for the other two categories.
    const pmp = evaluate(
      { renewal: pmi },
      cert('2024-01-01', '2026-12-31'),
      [credit('2024-06-01', 52, 'ways')],
      '2026-03-01',
    );
    expect(pmp.monthlyPaceNeeded).toBe(2);
    // The ring counts the 16 left of 60, not the 52 logged.
    expect(pmp.percent).toBe(73.33);
    expect(pmp.deadlines.find((d) => d.kind === 'expiry')?.label).toBe(
      'Cycle ends: 16 CPEs still to earn',
    );

    // The year's 20 earned, but the three years' 120 asked: 96 to go is behind, whatever the year says.
    const canada = rule({
      total: 20,
      cycleMonths: 12,
      cycleStart: 'year-end',
      rolling: { months: 36, total: 120 },
    });
    const year = evaluate(
      { renewal: canada },
      cert('2026-01-01', '2026-12-31', { cycle_months: 12, certified_on: '2015-06-01' }),
      [credit('2026-02-01', 24)],
      '2026-06-01',
    );
    expect(year.requirements.find((r) => r.id === 'rolling')).toMatchObject({ remaining: 96 });
    expect(year.state).toBe('behind');
    expect(year.monthlyPaceNeeded).toBe(14);
    // 24 of the three years' 120: the year's 20 alone would read 100.
    expect(year.percent).toBe(20);
  });

  it('is expires-soon within 90 days when not ready', () => {
    expect(
      evaluate(undefined, cert('2024-01-15', '2027-01-14', { cpe_needed: 10 }), [], '2026-10-20')
        .state,
    ).toBe('expires-soon');
  });
});

describe('evaluate: fees', () => {
  const at = (fee: RenewalRule['fees'][number], today: string) =>
    evaluate(
      { renewal: rule({ fees: [fee] }) },
      cert('2021-05-05', '2024-05-04', { certified_on: '2021-05-05' }),
      [],
      today,
    ).fees;
  const fee = { amount: 80, currency: 'USD', note: 'Fee.' } as const;

  it.each([
    ['certification-anniversary', undefined, '2021-12-01', '2022-05-05'],
    ['certification-anniversary', undefined, '2022-05-06', '2023-05-05'],
    ['month-after-anniversary', undefined, '2021-12-01', '2022-06-01'],
    ['month-after-anniversary', undefined, '2022-06-01', '2022-06-01'],
    ['cycle-anniversary', undefined, '2022-07-01', '2023-05-05'],
    // The third year's anniversary is the next cycle's first day: due by the cycle's end instead.
    ['cycle-anniversary', undefined, '2023-07-01', '2024-05-04'],
    ['fixed-date', '01-15', '2022-01-16', '2023-01-15'],
    ['cycle-end', undefined, '2022-01-01', '2024-05-04'],
  ] as const)('%s (%s) as of %s is due %s', (due, dueDate, today, date) => {
    expect(at({ ...fee, kind: 'annual', due, ...(dueDate ? { dueDate } : {}) }, today)).toEqual([
      expect.objectContaining({ date, amount: 80, currency: 'USD' }),
    ]);
  });

  it('gives member and late amounts, and lists them as deadlines', () => {
    const s = evaluate(
      {
        renewal: rule({
          fees: [
            {
              kind: 'renewal',
              amount: 210,
              memberAmount: 165,
              currency: 'USD',
              due: 'cycle-end',
              late: { amount: 285, memberAmount: 240, afterDays: 0 },
              note: 'Fee.',
            },
          ],
        }),
      },
      cert('2023-05-10', '2026-05-31'),
      [],
      '2026-01-01',
    );

    expect(s.fees[0]).toMatchObject({
      date: '2026-05-31',
      amount: 210,
      memberAmount: 165,
      late: { date: '2026-06-01', amount: 285, memberAmount: 240 },
    });
    expect(s.deadlines.map((d) => d.kind)).toEqual(['renewal-fee', 'expiry', 'late-fee']);
    expect(s.fees[0]?.label).toBe('Renewal fee: USD 210 (members 165)');
  });
});

describe('planRenewal', () => {
  it('starts the next cycle the day after, archives the credits dated in the old cycle only', () => {
    const later = credit('2027-02-01', 5);
    const plan = planRenewal(
      undefined,
      cert('2024-01-15', '2027-01-14', { cpe_needed: 10 }),
      [credit('2024-02-01', 10), later],
      '2027-01-10',
    );

    expect(plan).toMatchObject({
      ok: true,
      start: '2027-01-15',
      end: '2030-01-14',
      closed: { start: '2024-01-15', end: '2027-01-14' },
    });
    expect(plan.ok && plan.archiveThrough).toBe('2027-01-14');
  });

  it('gives the old cycle only the late credits it needs (through the second of three)', () => {
    const r = rule({
      total: 10,
      afterExpiry: [{ kind: 'grace', days: 90, creditsCount: true, note: 'Grace.' }],
    });
    const early = credit('2025-06-01', 6);
    const late1 = credit('2026-01-10', 3);
    const late2 = credit('2026-01-20', 3);
    const late3 = credit('2026-02-01', 3);
    const plan = planRenewal(
      { renewal: r },
      cert('2023-01-01', '2025-12-31'),
      [early, late1, late2, late3],
      '2026-02-15',
    );

    expect(plan).toMatchObject({
      ok: true,
      archiveThrough: '2025-12-31',
      lateKept: [
        { date: late1.date, category: null },
        { date: late2.date, category: null },
      ],
    });
  });

  it('leaves a late credit the old cycle did not need for the new one, though an earlier date was not enough', () => {
    // CISSP's shape: Group B capped at 30, so the late Group B adds nothing; the later Group A completes it.
    const r = rule({
      total: 120,
      categories: [
        { id: 'a', label: 'A', min: 90, per: 'cycle' },
        { id: 'b', label: 'B', max: 30, per: 'cycle' },
      ],
      afterExpiry: [{ kind: 'grace', days: 90, creditsCount: true, note: 'Grace.' }],
    });
    const all = [
      credit('2024-03-01', 85, 'a'),
      credit('2024-03-02', 30, 'b'),
      credit('2027-01-10', 10, 'b'),
      credit('2027-01-20', 5, 'a'),
    ];
    const plan = planRenewal({ renewal: r }, cert('2024-01-01', '2026-12-31'), all, '2027-02-01');

    expect(plan).toMatchObject({
      ok: true,
      archiveThrough: '2026-12-31',
      lateKept: [{ date: '2027-01-20', category: 'a' }],
    });
    if (!plan.ok) throw new Error('refused');
    expect(all.filter((c) => archivedBy(plan, c)).map((c) => c.date)).toEqual([
      '2024-03-01',
      '2024-03-02',
      '2027-01-20',
    ]);
  });

  it('closes a cycle without an end today: a credit dated later is not counted for it', () => {
    const plan = planRenewal(
      undefined,
      cert('2025-11-01', null, { cpe_needed: 20 }),
      [credit('2026-03-01', 10), credit('2027-02-01', 10)],
      '2026-11-28',
    );
    expect(plan).toMatchObject({ ok: false, reason: 'unmet' });
  });

  it('carries over what the rollover allows, as its category', () => {
    const r = rule({
      total: 120,
      categories: [{ id: 'a', label: 'A', min: 90, per: 'cycle' }],
      rollover: { max: 40, earnedInLastMonths: 6, category: 'a' },
    });
    const plan = planRenewal(
      { renewal: r },
      cert('2023-10-01', '2026-09-30'),
      [
        credit('2024-06-01', 110, 'a'),
        credit('2026-05-01', 25, 'a'),
        credit('2026-06-01', 25, 'b'),
      ],
      '2026-09-15',
    );

    expect(plan).toMatchObject({ ok: true, carried: 25, carriedCategory: 'a' });
  });

  it('carries over only what the old cycle can give up and still meet its category minimum', () => {
    const r = rule({
      total: 120,
      categories: [{ id: 'a', label: 'A', min: 90, per: 'cycle' }],
      rollover: { max: 40, earnedInLastMonths: 6, category: 'a' },
    });
    // 92 in A (2 over its 90) and 40 uncategorised: 12 over the total, but A can spare 2.
    const plan = planRenewal(
      { renewal: r },
      cert('2023-07-01', '2026-06-30'),
      [credit('2024-01-01', 72, 'a'), credit('2026-03-01', 20, 'a'), credit('2025-01-01', 40)],
      '2026-06-20',
    );

    expect(plan).toMatchObject({ ok: true, carried: 2, carriedCategory: 'a' });
    // A whole spare of A carries whole.
    const spare = planRenewal(
      { renewal: r },
      cert('2023-07-01', '2026-06-30'),
      [credit('2024-01-01', 100, 'a'), credit('2026-03-01', 20, 'a'), credit('2025-01-01', 40)],
      '2026-06-20',
    );
    expect(spare).toMatchObject({ ok: true, carried: 20 });
  });

  it('carries over a surplus in whole tenths where the body counts tenths: 0.7 is 0.7', () => {
    const r = rule({
      total: 80,
      increment: 0.1,
      rollover: { max: 20, earnedInLastMonths: 24 },
    });
    for (const [surplus, carried] of [
      [0.7, 0.7],
      [0.3, 0.3],
      [4.1, 4.1],
      [0.6, 0.6],
    ] as const) {
      const plan = planRenewal(
        { renewal: r },
        cert('2023-12-15', '2025-12-14', { cycle_months: 24 }),
        [credit('2025-03-01', 80 + surplus)],
        '2025-12-01',
      );
      expect(plan).toMatchObject({ ok: true, carried });
    }
  });

  it('carries over nothing the old cycle did not earn itself: late credits stay for the new one', () => {
    const r = rule({
      total: 120,
      categories: [{ id: 'a', label: 'A', per: 'cycle' }],
      rollover: { max: 40, earnedInLastMonths: 6, category: 'a' },
      afterExpiry: [{ kind: 'grace', days: 90, creditsCount: true, note: 'Grace.' }],
    });
    // Exactly 120 inside the cycle, 40 of them in its last six months; 40 more in the grace period.
    const plan = planRenewal(
      { renewal: r },
      cert('2023-06-01', '2026-05-31'),
      [credit('2024-01-10', 80, 'a'), credit('2026-04-01', 40, 'a'), credit('2026-07-01', 40, 'a')],
      '2026-07-15',
    );

    expect(plan).toMatchObject({
      ok: true,
      archiveThrough: '2026-05-31',
      lateKept: [],
      carried: 0,
    });
  });

  it('refuses with every unmet requirement, and when there is nothing to renew', () => {
    const r = rule({ categories: [{ id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' }] });
    const refused = planRenewal(
      { renewal: r },
      cert('2024-01-15', '2027-01-14'),
      [credit('2024-02-01', 70)],
      '2026-01-01',
    );
    const nothing = planRenewal(undefined, cert('2024-01-15', null), [], '2026-01-01');

    expect(refused).toMatchObject({ ok: false, reason: 'unmet' });
    expect(
      !refused.ok && refused.reason === 'unmet' && refused.unmet.map((u) => u.message),
    ).toEqual(['Ethics: 0 of 4 CPEs (4 to go)']);
    expect(nothing).toMatchObject({ ok: false, reason: 'nothing-to-renew' });
  });

  it('counts carried credits in the new cycle', () => {
    const s = evaluate(
      { renewal: rule({ total: 20 }) },
      cert('2026-10-01', '2029-09-30', { carried_in: 25, carried_category: null }),
      [],
      '2026-10-02',
    );

    expect(s).toMatchObject({ earned: 25, carriedIn: 25, ready: true });
    expect(s.credits[0]).toMatchObject({ carried: true, date: '2026-10-01' });
  });
});

describe('rule versions and rolling windows', () => {
  it('keeps the rule of the cycle it is in', () => {
    const r = rule({
      since: '2022-12-01',
      categories: [{ id: 'new', label: 'New', min: 10, per: 'cycle' }],
      earlier: [
        {
          before: '2022-12-01',
          rule: { categories: [{ id: 'old', label: 'Old', min: 5, per: 'cycle' }] },
          note: 'Before December 2022.',
        },
      ],
    });

    expect(ruleForCycle(r, '2022-06-01').rule.categories[0]?.id).toBe('old');
    expect(ruleForCycle(r, '2022-12-01').rule.categories[0]?.id).toBe('new');
    const s = evaluate({ renewal: r }, cert('2022-06-01', '2025-05-31'), [], '2024-01-01');
    expect(s.ruleNote).toBe('Before December 2022.');
    expect(unmet(s)).toEqual(['category:old', 'total']);
  });

  it('counts earlier cycles toward a rolling total', () => {
    const r = rule({ total: 20, cycleMonths: 12, rolling: { months: 36, total: 120 } });
    const s = evaluate(
      { renewal: r },
      cert('2026-01-01', '2026-12-31', { cycle_months: 12, certified_on: '2020-01-01' }),
      [
        credit('2024-03-01', 50, null, true),
        credit('2025-03-01', 40, null, true),
        credit('2026-03-01', 25),
      ],
      '2026-06-01',
    );

    expect(s.requirements.find((x) => x.id === 'rolling')).toMatchObject({
      earned: 115,
      required: 120,
      met: false,
    });
  });

  it('evaluates a past cycle from the credits dated inside it', () => {
    const s = evaluate(
      undefined,
      cert('2021-01-15', '2024-01-14', { cpe_needed: 10 }),
      [credit('2022-01-01', 12, null, true), credit('2024-06-01', 5, null, true)],
      '2026-01-01',
      { past: true },
    );

    expect(s).toMatchObject({ earned: 12, ready: true, windows: [] });
  });
});
