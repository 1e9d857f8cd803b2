import type { RenewalRule } from './catalogue/types';
import { type Reminder, dueReminders } from './deadlines';
import { type RuleCertification, type RuleCredit, evaluate } from './rules';
import { ruleWith } from './rules/fixtures';

/** A yearly cycle of 30 credits, and what each test adds. */
const rule = (extra: Partial<RenewalRule> = {}) =>
  ruleWith({ total: 30, cycleMonths: 12, ...extra });

const cert = (extra: Partial<RuleCertification> = {}): RuleCertification => ({
  earned_date: '2026-01-02',
  expiry_date: '2027-01-01',
  certified_on: '2026-01-02',
  cpe_needed: null,
  annual_minimum: null,
  cycle_months: 12,
  unit: 'CPE',
  ...extra,
});

const credits = (units: number, category: string | null = null): RuleCredit[] =>
  units > 0 ? [{ id: 'a1', date: '2026-02-01', units, category, archived: false }] : [];

function due(
  today: string,
  options: {
    rule?: RenewalRule;
    cert?: Partial<RuleCertification>;
    earned?: number;
    category?: string | null;
    leads?: number[];
    unsubmitted?: number;
  } = {},
): Reminder[] {
  const s = evaluate(
    { renewal: options.rule ?? rule() },
    cert(options.cert),
    credits(options.earned ?? 30, options.category ?? null),
    today,
  );
  return dueReminders(s, today, options.leads ?? [90, 60, 30, 7], {
    unsubmittedCredits: options.unsubmitted ?? 0,
  });
}
const keys = (...args: Parameters<typeof due>) => due(...args).map((r) => r.key);

describe('dueReminders', () => {
  it('reminds of the end at the nearest lead time not yet passed, then once expired', () => {
    expect(keys('2026-10-02')).toEqual([]);
    expect(keys('2026-10-03')).toEqual(['expiry:2027-01-01:90']);
    expect(keys('2026-12-20')).toEqual(['expiry:2027-01-01:30']);
    expect(keys('2026-12-25')).toEqual(['expiry:2027-01-01:7']);
    expect(keys('2027-01-01')).toEqual(['expiry:2027-01-01:7']);
    expect(keys('2027-01-02')).toEqual(['expired:2027-01-01']);
    expect(keys('2027-01-08')).toEqual(['expired:2027-01-01']);
    expect(keys('2027-01-09')).toEqual([]);
  });

  it("follows the user's lead times", () => {
    expect(keys('2026-10-03', { leads: [30] })).toEqual([]);
    expect(keys('2026-12-02', { leads: [30] })).toEqual(['expiry:2027-01-01:30']);
    expect(keys('2026-12-31', { leads: [] })).toEqual([]);
  });

  it('says by how much a pace is behind, only with less than a third of the cycle left', () => {
    // 364 days: a third is 121.3, so 121 days left is the first day.
    expect(keys('2026-09-01', { earned: 10, leads: [] })).toEqual([]);
    const behind = due('2026-09-02', { earned: 10, leads: [] });
    expect(behind.map((r) => r.key)).toEqual(['behind-pace:2027-01-01']);
    expect(behind[0]?.text).toBe(
      'is behind pace: 10 of the 20 CPEs expected by now; 20 CPEs still needed by 2027-01-01, 5 CPEs a month',
    );
    expect(keys('2026-09-02', { earned: 29, leads: [] })).toEqual([]);
  });

  it("says a rolling window's shortfall is behind pace, though the year's total is earned", () => {
    const rolling = rule({ rolling: { months: 36, total: 120 } });
    const behind = due('2026-09-02', {
      rule: rolling,
      cert: { certified_on: '2015-06-01' },
      earned: 30,
      leads: [],
    });
    expect(behind.map((r) => r.key)).toEqual(['behind-pace:2027-01-01']);
    expect(behind[0]?.text).toBe(
      'is behind pace: 90 CPEs still needed by 2027-01-01, 22.5 CPEs a month',
    );
  });

  it('paces nothing in a first cycle the body exempts: no behind-pace, and the end says it is met', () => {
    const exempt = due('2026-10-20', { rule: rule({ firstCycle: 'exempt' }), earned: 0 });
    expect(exempt.map((r) => r.key)).toEqual(['expiry:2027-01-01:90']);
    expect(exempt[0]?.text).toBe(
      'expires in 73 days (2027-01-01): every requirement is met, renew it',
    );
  });

  it('names a reporting year that closed short at the end, in the reminder and the calendar', () => {
    const yearly = rule({ total: 30, cycleMonths: 36, annualMinimum: 5, annualYear: 'calendar' });
    const s = evaluate(
      { renewal: yearly },
      cert({ earned_date: '2025-01-01', expiry_date: '2027-12-31', cycle_months: 36 }),
      [{ id: 'a1', date: '2025-03-01', units: 30, category: null, archived: false }],
      '2027-10-02',
    );
    const [expiry] = dueReminders(s, '2027-10-02', [90]);
    expect(expiry?.text).toContain('2026: 0 of 5 CPEs');
    expect(s.deadlines.find((d) => d.kind === 'expiry')?.label).toContain('2026: 0 of 5 CPEs');
  });

  it("reminds of a reporting year's minimum two months before it ends, unless met", () => {
    const isaca = rule({
      total: 120,
      cycleMonths: 36,
      annualMinimum: 20,
      annualYear: 'calendar',
      cycleStart: 'year-after',
    });
    const c = {
      earned_date: '2025-06-15',
      certified_on: '2025-06-15',
      expiry_date: '2028-12-31',
      cycle_months: 36,
    };
    expect(keys('2026-10-30', { rule: isaca, cert: c, earned: 0, leads: [] })).toEqual([]);
    const open = due('2026-10-31', { rule: isaca, cert: c, earned: 0, leads: [] });
    expect(open.map((r) => r.key)).toEqual(['annual-minimum:2026-12-31']);
    expect(open[0]?.text).toBe('2026: 0 of 20 CPEs (20 to go); the year ends 2026-12-31');
    // The months of 2025 before the cycle count toward its first year, 2026: no 2025 minimum.
    expect(keys('2025-11-15', { rule: isaca, cert: c, earned: 0, leads: [] })).toEqual([]);
  });

  it('reminds of an annual fee within 30 days, with its late fee', () => {
    const fee = rule({
      fees: [
        {
          kind: 'annual',
          amount: 80,
          currency: 'USD',
          due: 'month-after-anniversary',
          late: { amount: 100, afterDays: 60 },
          note: 'Fee.',
        },
      ],
    });
    const c = { earned_date: '2025-05-05', certified_on: '2025-05-05', expiry_date: '2026-05-04' };
    expect(keys('2026-05-01', { rule: fee, cert: c, leads: [] })).toEqual([]);
    expect(keys('2026-05-02', { rule: fee, cert: c, leads: [] })).toEqual([
      'annual-fee:2026-06-01',
    ]);
    expect(due('2026-05-02', { rule: fee, cert: c, leads: [] })[0]?.text).toBe(
      'annual fee: USD 80 due in 30 days (2026-06-01); from 2026-07-31 the late fee is USD 100',
    );
    expect(
      keys('2027-05-02', { rule: fee, cert: { ...c, expiry_date: '2028-05-04' }, leads: [] }),
    ).toEqual(['annual-fee:2027-06-01']);
  });

  it('reminds of a grace period or a suspension ending within 14 days', () => {
    const windows = rule({
      afterExpiry: [
        { kind: 'grace', days: 90, creditsCount: true, note: 'Grace.' },
        { kind: 'suspension', days: 365, creditsCount: true, note: 'Suspended.' },
      ],
    });
    const c = { earned_date: '2025-03-01', expiry_date: '2026-02-28' };
    expect(keys('2026-05-14', { rule: windows, cert: c, earned: 0 })).toEqual([]);
    expect(keys('2026-05-15', { rule: windows, cert: c, earned: 0 })).toEqual([
      'grace-period-end:2026-05-29',
    ]);
    expect(keys('2027-05-15', { rule: windows, cert: c, earned: 0 })).toEqual([
      'suspension-end:2027-05-29',
    ]);
    expect(due('2026-03-01', { rule: windows, cert: c, earned: 0 })[0]?.text).toBe(
      'is in its grace period until 2026-05-29 (the cycle ended on 2026-02-28): Total: 0 of 30 CPEs (30 to go)',
    );
    // Met in time, the day after the end: renew, not "expired".
    expect(due('2026-03-01', { rule: windows, cert: c, earned: 30 })[0]?.text).toBe(
      'is in its grace period until 2026-05-29 (the cycle ended on 2026-02-28): every requirement is met, renew it',
    );
    const suspended = rule({
      afterExpiry: [{ kind: 'suspension', days: 365, creditsCount: true, note: 'Suspended.' }],
    });
    expect(due('2026-03-01', { rule: suspended, cert: c, earned: 0 })[0]?.text).toBe(
      'is suspended until 2027-02-28 (the cycle ended on 2026-02-28); meeting the requirements by then reinstates it: Total: 0 of 30 CPEs (30 to go)',
    );
  });

  it('reminds of unmet category minimums and unsubmitted credits as the cycle ends', () => {
    const ethics = rule({ categories: [{ id: 'ethics', label: 'Ethics', min: 4, per: 'cycle' }] });
    expect(keys('2026-12-15', { rule: ethics, earned: 30, category: 'ethics', leads: [] })).toEqual(
      [],
    );
    expect(keys('2026-12-15', { rule: ethics, earned: 30, leads: [], unsubmitted: 3 })).toEqual([
      'category-minimum:2027-01-01:ethics',
      'not-submitted:2027-01-01',
    ]);
  });
});
