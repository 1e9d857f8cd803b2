import fc from 'fast-check';
import {
  addDaysIso,
  addMonthsEndOfMonthIso,
  addMonthsIso,
  cycleMonthsBetween,
  cycleYearIso,
  daysBetween,
  endOfMonthIso,
  todayIn,
} from './dates';

/**
 * Real dates from 1900 to 2879, as ISO strings: the renewal property below
 * adds up to 12 cycles of 120 months, which must stay within DATE_RANGE (2999).
 */
const isoDate = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2879-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('addMonthsEndOfMonthIso (the renewal day rule)', () => {
  it('renews 2024-02-29 -> 2027-02-28 three times keeping 36 months (issue 9, item 3: no drift)', () => {
    const expiries = ['2027-02-28'];
    for (let i = 0; i < 3; i++) expiries.push(addMonthsEndOfMonthIso(expiries.at(-1)!, 36));
    expect(expiries).toEqual(['2027-02-28', '2030-02-28', '2033-02-28', '2036-02-29']);
  });

  it('keeps a month-end on the month-end and clamps other days', () => {
    expect(addMonthsEndOfMonthIso('2024-02-29', 1)).toBe('2024-03-31');
    expect(addMonthsEndOfMonthIso('2024-04-30', 1)).toBe('2024-05-31');
    expect(addMonthsEndOfMonthIso('2024-01-30', 1)).toBe('2024-02-29');
    expect(addMonthsEndOfMonthIso('2024-01-15', 36)).toBe('2027-01-15');
    expect(addMonthsEndOfMonthIso('2026-12-31', 36)).toBe('2029-12-31');
  });

  it('never changes the length of a cycle, however often it is renewed (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 12 }),
        (start, months, times) => {
          let earned = start;
          for (let i = 0; i < times; i++) {
            const expiry = addMonthsEndOfMonthIso(earned, months);
            expect(cycleMonthsBetween(earned, expiry)).toBe(months);
            earned = expiry;
          }
        },
      ),
    );
  });
});

describe('cycleMonthsBetween', () => {
  it('measures a cycle in the months nearest its dates, at least one', () => {
    expect(cycleMonthsBetween('2024-01-15', '2027-01-15')).toBe(36);
    // Bodies that end a cycle the day before the anniversary.
    expect(cycleMonthsBetween('2024-01-15', '2027-01-14')).toBe(36);
    expect(cycleMonthsBetween('2024-02-29', '2027-02-28')).toBe(36);
    expect(cycleMonthsBetween('2024-03-10', '2026-12-31')).toBe(34);
    expect(cycleMonthsBetween('2024-01-01', '2024-01-01')).toBe(1);
    // A tie goes to the longer cycle.
    expect(cycleMonthsBetween('2023-02-01', '2023-02-15')).toBe(1);
  });

  it('inverts addMonthsIso (property)', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 1200 }), (earned, months) => {
        expect(cycleMonthsBetween(earned, addMonthsIso(earned, months))).toBe(months);
      }),
    );
  });
});

describe('cycleYearIso', () => {
  it('counts years from the earned-date anniversary, clamped from the original day', () => {
    expect(cycleYearIso('2024-02-29', '2025-02-27')).toEqual({
      index: 0,
      start: '2024-02-29',
      end: '2025-02-27',
    });
    expect(cycleYearIso('2024-02-29', '2025-02-28')).toEqual({
      index: 1,
      start: '2025-02-28',
      end: '2026-02-27',
    });
    expect(cycleYearIso('2024-02-29', '2028-03-01')).toEqual({
      index: 4,
      start: '2028-02-29',
      end: '2029-02-27',
    });
    expect(cycleYearIso('2024-06-01', '2024-01-01')).toEqual({
      index: 0,
      start: '2024-06-01',
      end: '2025-05-31',
    });
  });

  it('always holds today once today is past the earned date (property)', () => {
    fc.assert(
      fc.property(isoDate, isoDate, (a, b) => {
        const [earned, today] = a <= b ? [a, b] : [b, a];
        const year = cycleYearIso(earned, today);
        expect(year.start <= today && today <= year.end).toBe(true);
      }),
    );
  });
});

describe('small helpers', () => {
  it('endOfMonthIso and daysBetween', () => {
    expect(endOfMonthIso('2024-02-10')).toBe('2024-02-29');
    expect(endOfMonthIso('2023-02-10')).toBe('2023-02-28');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2024-01-02', '2024-01-01')).toBe(-1);
  });
});

describe("todayIn (the holder's date)", () => {
  it.each([
    ['UTC', '2026-12-01T23:59:59Z', '2026-12-01'],
    ['Pacific/Kiritimati', '2026-12-01T10:00:00Z', '2026-12-02'],
    ['America/New_York', '2026-12-01T04:59:59Z', '2026-11-30'],
    ['Pacific/Auckland', '2026-12-31T11:00:00Z', '2027-01-01'],
    ['Not/AZone', '2026-12-01T04:59:59Z', '2026-12-01'],
    [null, '2026-12-01T23:59:59Z', '2026-12-01'],
  ])('todayIn(%s, %s) is %s', (zone, at, day) => {
    expect(todayIn(zone, new Date(at))).toBe(day);
  });
});

describe("the arithmetic on the dates' numbers", () => {
  /** The same sums through Date, the reference the numbers must agree with. */
  const viaDate = {
    addDays: (date: string, days: number) => {
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    },
    addMonths: (date: string, months: number) => {
      const [y, m, day] = date.split('-').map(Number) as [number, number, number];
      const first = new Date(Date.UTC(y, m - 1 + months, 1));
      const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
      first.setUTCDate(Math.min(day, last.getUTCDate()));
      return first.toISOString().slice(0, 10);
    },
    daysBetween: (from: string, to: string) =>
      Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000),
    endOfMonth: (date: string) => {
      const [y, m] = date.split('-').map(Number) as [number, number];
      return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    },
  };

  it('agrees with Date for days, months, differences and month ends (property)', () => {
    fc.assert(
      fc.property(
        isoDate,
        isoDate,
        fc.integer({ min: -40_000, max: 40_000 }),
        fc.integer({ min: -1_200, max: 1_200 }),
        (a, b, days, months) => {
          expect(addDaysIso(a, days)).toBe(viaDate.addDays(a, days));
          expect(addMonthsIso(a, months)).toBe(viaDate.addMonths(a, months));
          expect(daysBetween(a, b)).toBe(viaDate.daysBetween(a, b));
          expect(endOfMonthIso(a)).toBe(viaDate.endOfMonth(a));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('knows the leap years and the days of each month', () => {
    expect(addDaysIso('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysIso('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDaysIso('2000-02-28', 1)).toBe('2000-02-29');
    expect(daysBetween('1970-01-01', '2026-11-26')).toBe(20_783);
    expect(addMonthsIso('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsIso('2024-03-31', -13)).toBe('2023-02-28');
    expect(() => addMonthsIso('2023-02-29', 1)).toThrow(RangeError);
    expect(() => addMonthsIso('2023-13-01', 1)).toThrow(RangeError);
  });
});
