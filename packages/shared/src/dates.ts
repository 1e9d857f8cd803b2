/** Calendar dates travel as ISO `YYYY-MM-DD` strings; these helpers never touch time zones. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The product spec's "no expiry" sentinel: accepted on input, stored as NULL. */
export const NO_EXPIRY_SENTINEL = '1970-01-01';

/** The dates the API accepts and stores (the database's CHECKs say the same). */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;

export function isRealIsoDate(value: string): boolean {
  return isCalendarDate(value) && value >= DATE_RANGE.min && value <= DATE_RANGE.max;
}

/**
 * A real day of the calendar, whatever its year: what date arithmetic needs.
 * A row older than a rule (an expiry in 4099) still has its cycles worked out;
 * whether the app stores a date is isRealIsoDate's business.
 */
function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Orders two ISO dates, earliest first. Being fixed-width digits, they sort as
 * plain strings; localeCompare would give the same order through the locale's
 * collator, which a browser builds on first use (milliseconds on a phone).
 */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Today's date in UTC as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Adds whole days to an ISO date. */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Adds calendar months to an ISO date; a day the target month lacks becomes
 * its last day (2024-01-31 + 1 = 2024-02-29, 2024-02-29 + 12 = 2025-02-28).
 */
export function addMonthsIso(date: string, months: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`not a real ISO date: ${date}`);
  if (!Number.isInteger(months)) throw new RangeError(`not a whole number of months: ${months}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The last day of the date's month. */
export function endOfMonthIso(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The renewal rule for moving a date by whole months: like addMonthsIso (a
 * day the target month lacks becomes its last day), and a date on the last
 * day of its month stays on the last day. So a cycle keeps its length in
 * months however often it is renewed: 2027-02-28 + 36 = 2030-02-28, and a
 * cycle ending 2024-02-29 renews to 2024-03-31, not 2024-03-29. The database
 * function cpe_add_months_eom (migration 002) is the same rule.
 */
export function addMonthsEndOfMonthIso(date: string, months: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`not a real ISO date: ${date}`);
  if (date === endOfMonthIso(date)) {
    return endOfMonthIso(addMonthsIso(`${date.slice(0, 8)}01`, months));
  }
  return addMonthsIso(date, months);
}

/**
 * The length in whole months of a cycle from `earned` to `expiry`: the number
 * of months whose addMonthsIso from `earned` lands nearest `expiry` (a tie
 * goes to the longer), and at least 1. 2024-01-15 to 2027-01-14 is 36 months.
 * The database function cpe_cycle_months (migration 002) is the same rule.
 */
export function cycleMonthsBetween(earned: string, expiry: string): number {
  const [y1, m1] = earned.split('-').map(Number) as [number, number];
  const [y2, m2] = expiry.split('-').map(Number) as [number, number];
  const base = (y2 - y1) * 12 + (m2 - m1);
  let best = base;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const months of [base - 1, base, base + 1]) {
    const gap = Math.abs(daysBetween(addMonthsIso(earned, months), expiry));
    if (gap <= bestGap) {
      best = months;
      bestGap = gap;
    }
  }
  return Math.max(1, best);
}

/**
 * The cycle year that holds `today`: from the latest anniversary of `earned`
 * not after `today` (addMonthsIso by whole years from the original date, so
 * 2024-02-29 has anniversaries 2025-02-28 and 2028-02-29) to the day before
 * the next one; the first year while `today` is before `earned`. `index` is
 * the year's number from 0. The database function cpe_cycle_year (migration
 * 002) computes the same index.
 */
export function cycleYearIso(
  earned: string,
  today: string,
): { index: number; start: string; end: string } {
  let index = 0;
  if (today > earned) {
    const years = Number(today.slice(0, 4)) - Number(earned.slice(0, 4));
    index = addMonthsIso(earned, 12 * years) <= today ? years : Math.max(0, years - 1);
  }
  return {
    index,
    start: addMonthsIso(earned, 12 * index),
    end: addDaysIso(addMonthsIso(earned, 12 * (index + 1)), -1),
  };
}
