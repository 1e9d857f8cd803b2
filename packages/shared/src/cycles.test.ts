import { MAX_PAST_CYCLES, cycleByStart, cyclesOf, inCycle } from './cycles';
import { addMonthsEndOfMonthIso } from './dates';

const cissp = { earned_date: '2027-02-28', expiry_date: '2030-02-28', cycle_months: 36 };

describe('cyclesOf', () => {
  it('answers only the current cycle when nothing is older', () => {
    expect(cyclesOf(cissp, null)).toEqual([
      { start: '2027-02-28', end: '2030-02-28', current: true },
    ]);
    expect(cyclesOf(cissp, '2027-02-28')).toHaveLength(1);
  });

  it('steps back by the renewal rule until a cycle holds the earliest activity', () => {
    const cycles = cyclesOf(cissp, '2023-06-01');
    expect(cycles).toEqual([
      { start: '2027-02-28', end: '2030-02-28', current: true },
      // 2024-02-29 renewed to 2027-02-28: the month-end rule walks back to the leap day.
      { start: '2024-02-29', end: '2027-02-28', current: false },
      { start: '2021-02-28', end: '2024-02-29', current: false },
    ]);
  });

  it('undoes renewals exactly: each past start renews to the next cycle start', () => {
    const cycles = cyclesOf({ ...cissp, cycle_months: 12 }, '2015-01-01');
    for (let i = 1; i < cycles.length; i++) {
      expect(addMonthsEndOfMonthIso(cycles[i]!.start, 12)).toBe(cycles[i - 1]!.start);
    }
  });

  it('has one past period without a cycle length', () => {
    const cycles = cyclesOf(
      { earned_date: '2026-03-01', expiry_date: null, cycle_months: null },
      '2025-01-10',
    );
    expect(cycles).toEqual([
      { start: '2026-03-01', end: null, current: true },
      { start: '2025-01-10', end: '2026-03-01', current: false },
    ]);
  });

  it('stops after MAX_PAST_CYCLES', () => {
    const cycles = cyclesOf({ ...cissp, cycle_months: 1 }, '1900-01-01');
    expect(cycles).toHaveLength(MAX_PAST_CYCLES + 1);
  });
});

describe('inCycle', () => {
  const [current, past] = cyclesOf(cissp, '2024-03-01') as [
    ReturnType<typeof cyclesOf>[0],
    ReturnType<typeof cyclesOf>[0],
  ];

  it('counts the current cycle inclusive of both ends, as the totals do', () => {
    expect(inCycle(current, '2027-02-28')).toBe(true);
    expect(inCycle(current, '2030-02-28')).toBe(true);
    expect(inCycle(current, '2030-03-01')).toBe(false);
  });

  it('gives the boundary day to the newer cycle', () => {
    expect(inCycle(past, '2027-02-28')).toBe(false);
    expect(inCycle(past, '2027-02-27')).toBe(true);
    expect(inCycle(past, '2024-02-29')).toBe(true);
    expect(inCycle(past, '2024-02-28')).toBe(false);
  });

  it('is open-ended without expiry', () => {
    expect(inCycle({ start: '2020-01-01', end: null, current: true }, '2999-12-31')).toBe(true);
  });
});

describe('cycleByStart', () => {
  it('finds a cycle by its start date only', () => {
    const cycles = cyclesOf(cissp, '2024-03-01');
    expect(cycleByStart(cycles, '2024-02-29')?.current).toBe(false);
    expect(cycleByStart(cycles, '2024-03-01')).toBeUndefined();
  });
});
