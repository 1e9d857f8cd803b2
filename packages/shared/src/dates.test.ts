import fc from 'fast-check';
import {
  addMonthsEndOfMonthIso,
  addMonthsIso,
  cycleMonthsBetween,
  cycleYearIso,
  daysBetween,
  endOfMonthIso,
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
