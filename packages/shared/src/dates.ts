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
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = parts(value);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/*
 * The arithmetic below works on the dates' numbers, not on Date objects: the
 * rules engine does it for every requirement of every certification a list
 * answers, and parsing and formatting Dates was most of that time.
 */

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Year, month and day of an ISO date (not validated). */
function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeap(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The date of a day number (civil_from_days). */
function fromDayNumber(z: number): string {
  const n = z + 719_468;
  const era = Math.floor(n / 146_097);
  const doe = n - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return format(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
}

const dayOf = (date: string) => {
  const [y, m, d] = parts(date);
  return dayNumber(y, m, d);
};

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

/** One formatter per zone met: a reminder run's page holds thousands of users and few zones. */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      format = null;
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The date at `now` in the IANA zone `timeZone` (YYYY-MM-DD): a deadline is
 * a day in the holder's calendar. UTC's when the zone is null (none chosen)
 * or unknown to this runtime.
 */
export function todayIn(timeZone: string | null, now: Date): string {
  const format = timeZone === null ? null : dayFormat(timeZone);
  if (format === null) return todayIso(now);
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Adds whole days to an ISO date. */
export function addDaysIso(date: string, days: number): string {
  return fromDayNumber(dayOf(date) + days);
}

/**
 * Adds calendar months to an ISO date; a day the target month lacks becomes
 * its last day (2024-01-31 + 1 = 2024-02-29, 2024-02-29 + 12 = 2025-02-28).
 */
export function addMonthsIso(date: string, months: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`not a real ISO date: ${date}`);
  if (!Number.isInteger(months)) throw new RangeError(`not a whole number of months: ${months}`);
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayOf(to) - dayOf(from);
}

/** The last day of the date's month. */
export function endOfMonthIso(date: string): string {
  const [y, m] = parts(date);
  return format(y, m, daysInMonth(y, m));
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
