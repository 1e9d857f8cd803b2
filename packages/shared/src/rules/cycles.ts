/**
 * Where a body's cycles and reporting years fall (docs/certification-rules.md,
 * "Cycles"). Pure date arithmetic on ISO `YYYY-MM-DD` strings.
 */
import type { CycleStart, RenewalRule } from '../catalogue/types';
import { ruleForCycle } from './versions';
import {
  addDaysIso,
  addMonthsEndOfMonthIso,
  addMonthsIso,
  cycleMonthsBetween,
  endOfMonthIso,
} from '../dates';

export interface Span {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const isMonthEnd = (date: string) => date === endOfMonthIso(date);

/** The first day of the month after `date`'s. */
export function firstOfNextMonth(date: string): string {
  return addDaysIso(endOfMonthIso(date), 1);
}

/** The first day of the reporting year holding `date`, years starting on the first of `startMonth`. */
export function yearStartOf(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return `${month >= startMonth ? year : year - 1}-${pad(startMonth)}-01`;
}

/** The first day of the first reporting year that starts after `date`. */
export function nextYearStart(date: string, startMonth: number): string {
  return addMonthsIso(yearStartOf(date, startMonth), 12);
}

/** Calendar months that `from` to `to` touch, whole or in part (2024-06-15 to 2024-12-31: 7). */
export function monthsTouched(from: string, to: string): number {
  const [y1, m1] = from.split('-').map(Number) as [number, number];
  const [y2, m2] = to.split('-').map(Number) as [number, number];
  return Math.max(0, (y2 - y1) * 12 + (m2 - m1) + 1);
}

/** Whole months from `from` to `to` inclusive, as a cycle's length is counted (36 for 2024-01-15 to 2027-01-14). */
export function monthsSpanned(from: string, to: string): number {
  return cycleMonthsBetween(from, addDaysIso(to, 1));
}

/** The month reporting years start in: January unless the body counts fiscal years. */
export function yearStartMonthOf(rule: Pick<RenewalRule, 'annualYear' | 'yearStartMonth'>): number {
  return rule.annualYear === 'fiscal' ? (rule.yearStartMonth ?? 1) : 1;
}

/** The last day of a `fixed` period that ends on or after `date`. */
function fixedPeriodEnd(periodEnd: string, months: number, date: string): string {
  let end = periodEnd;
  // Bounded by the dates the app stores (1900-2999).
  for (let i = 0; end < date && i < 20_000; i++) end = addMonthsEndOfMonthIso(end, months);
  for (let i = 0; i < 20_000; i++) {
    const earlier = addMonthsEndOfMonthIso(end, -months);
    if (earlier < date) break;
    end = earlier;
  }
  return end;
}

/**
 * The first cycle of a holder certified on `certified`, as the body places
 * it; null when the certification does not expire. Credits dated from
 * `certified` on count toward it even when it starts later (ISACA).
 */
export function firstCycle(renewal: RenewalRule, certified: string): Span | null {
  // The rule in force when the holder was certified (a cycle keeps the rule it started under).
  const rule = ruleForCycle(renewal, certified).rule;
  const months = rule.cycleMonths;
  if (months === null) return null;
  const placed = placeFirst(rule, months, certified);
  // A first cycle too short for the body runs on to the next period's end (Florida).
  const min = rule.firstCycleMinMonths;
  if (min !== undefined && monthsSpanned(placed.start, placed.end) < min) {
    return { start: placed.start, end: nextCycle(placed, months).end };
  }
  return placed;
}

function placeFirst(
  rule: Pick<RenewalRule, 'cycleStart' | 'periodEnd' | 'annualYear' | 'yearStartMonth'>,
  months: number,
  certified: string,
): Span {
  const startMonth = yearStartMonthOf(rule);
  const kind: CycleStart = rule.cycleStart ?? 'earned-date';
  switch (kind) {
    case 'earned-date':
      return { start: certified, end: addDaysIso(addMonthsIso(certified, months), -1) };
    case 'month-after': {
      const start = firstOfNextMonth(certified);
      return { start, end: addDaysIso(addMonthsIso(start, months), -1) };
    }
    case 'year-after': {
      const start = nextYearStart(certified, startMonth);
      return { start, end: addDaysIso(addMonthsIso(start, months), -1) };
    }
    case 'month-end':
      return { start: certified, end: endOfMonthIso(addMonthsIso(certified, months)) };
    case 'year-end': {
      // Whole reporting years after the first part-year, as many as fit in the cycle's length.
      const limit = addDaysIso(addMonthsIso(certified, months), -1);
      let end = addDaysIso(nextYearStart(certified, startMonth), -1);
      while (addMonthsEndOfMonthIso(end, 12) <= limit) end = addMonthsEndOfMonthIso(end, 12);
      return { start: certified, end };
    }
    case 'fixed':
      return {
        start: certified,
        end: fixedPeriodEnd(rule.periodEnd ?? endOfMonthIso(certified), months, certified),
      };
  }
}

/**
 * The cycle after `cycle`: it starts the day after and lasts `months`; a
 * cycle that ends on a month's last day is followed by one that does too
 * (2026-12-31 + 36 months: 2029-12-31).
 */
export function nextCycle(cycle: Span, months: number): Span {
  const start = addDaysIso(cycle.end, 1);
  const end = isMonthEnd(cycle.end)
    ? addMonthsEndOfMonthIso(cycle.end, months)
    : addDaysIso(addMonthsIso(start, months), -1);
  return { start, end };
}

/**
 * The day a cycle ending on `end` and lasting `months` officially started:
 * the anchor of its reporting years. A first cycle that starts after the
 * certification date (ISACA's) starts there, not at the certification.
 */
export function officialStart(
  cycleStart: CycleStart | undefined,
  earned: string,
  end: string | null,
  months: number | null,
): string {
  if (end === null || months === null) return earned;
  if (cycleStart !== 'month-after' && cycleStart !== 'year-after') return earned;
  const start = lastMonthsFrom(end, months);
  return start > earned ? start : earned;
}

/** The first day of the last `months` months of a period ending on `end` (6 before 2027-01-14: 2026-07-15). */
export function lastMonthsFrom(end: string, months: number): string {
  return isMonthEnd(end)
    ? addDaysIso(addMonthsEndOfMonthIso(end, -months), 1)
    : addMonthsIso(addDaysIso(end, 1), -months);
}
