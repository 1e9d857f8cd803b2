/** Calendar dates travel as ISO `YYYY-MM-DD` strings; these helpers never touch time zones. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The product spec's "no expiry" sentinel: accepted on input, stored as NULL. */
export const NO_EXPIRY_SENTINEL = '1970-01-01';

export function isRealIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
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
  if (!isRealIsoDate(date)) throw new RangeError(`not a real ISO date: ${date}`);
  if (!Number.isInteger(months)) throw new RangeError(`not a whole number of months: ${months}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}
