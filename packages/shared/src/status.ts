/**
 * Where a certification stands and what is due next, from what the API
 * answers and the catalogue entry it follows. Pure: the web app's cards and
 * summary and the reminder job read the same answers.
 */
import type { RenewalRule } from './catalogue/types';
import { addDaysIso, compareIsoDates, cycleYearIso, daysBetween } from './dates';

/** Within this many days of expiry a certification "expires soon". */
export const EXPIRES_SOON_DAYS = 90;

/** Average days in a month (365.2425 / 12), for paces. */
const DAYS_PER_MONTH = 30.436875;

/** The figures of a certification the status reads (the API's certification answer has them all). */
export interface StatusInput {
  cpe_needed: number | null;
  earned_date: string;
  expiry_date: string | null;
  annual_minimum: number | null;
  cycle_cpes_earned: number;
  cycle_year_cpes_earned: number;
  calendar_year_cpes_earned: number;
}

/** The part of a catalogue entry the status reads. */
export interface StatusEntry {
  renewal: Pick<RenewalRule, 'annualMinimum' | 'annualYear' | 'graceDays' | 'fee'>;
}

/**
 * expired: past its expiry date. ready: the CPE target is met (renewal is
 * open). expires-soon: expires within EXPIRES_SOON_DAYS with the target not
 * met, or without a target. behind / on-pace: credits earned in the cycle
 * against the target times the elapsed share of the cycle. no-target:
 * nothing to pace against (no target, or no expiry to reach it by).
 */
export type StatusState = 'expired' | 'expires-soon' | 'ready' | 'behind' | 'on-pace' | 'no-target';

export interface AnnualMinimumProgress {
  required: number;
  earned: number;
  remaining: number;
  met: boolean;
  /** How the body counts its years: from the earned-date anniversary, or January to December. */
  year: 'cycle' | 'calendar';
  /** First and last day of the year the figures are for (the one holding today). */
  from: string;
  to: string;
}

export interface CertificationStatus {
  state: StatusState;
  /** Days from today to the expiry date (0 on the day, negative once expired); null without expiry. */
  daysToExpiry: number | null;
  /** Credits earned inside the current cycle. */
  earned: number;
  target: number | null;
  /** target x the elapsed share of the cycle; null without target or expiry. */
  expectedSoFar: number | null;
  /** Credits a month still needed to meet the target by the expiry date; null when nothing can be paced. */
  monthlyPaceNeeded: number | null;
  /** Null where neither the certification nor its body sets an annual minimum. */
  annualMinimum: AnnualMinimumProgress | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Up to the cent, so a pace followed to the letter is enough. */
const ceil2 = (n: number) => Math.ceil(Math.round(n * 1e6) / 1e4) / 100;

function annualMinimumProgress(
  cert: StatusInput,
  entry: StatusEntry | undefined,
  today: string,
): AnnualMinimumProgress | null {
  const required = cert.annual_minimum ?? entry?.renewal.annualMinimum ?? null;
  if (required === null) return null;
  // Custom certifications count from their anniversary, as the API's cycle_year figure does.
  const year = entry?.renewal.annualYear ?? 'cycle';
  const earned = year === 'calendar' ? cert.calendar_year_cpes_earned : cert.cycle_year_cpes_earned;
  const span =
    year === 'calendar'
      ? { start: `${today.slice(0, 4)}-01-01`, end: `${today.slice(0, 4)}-12-31` }
      : cycleYearIso(cert.earned_date, today);
  return {
    required,
    earned,
    remaining: round2(Math.max(0, required - earned)),
    met: earned >= required,
    year,
    from: span.start,
    to: span.end,
  };
}

export function certificationStatus(
  cert: StatusInput,
  entry: StatusEntry | undefined,
  today: string,
): CertificationStatus {
  const target = cert.cpe_needed;
  const earned = cert.cycle_cpes_earned;
  const expiry = cert.expiry_date;
  const daysToExpiry = expiry === null ? null : daysBetween(today, expiry);

  let expectedSoFar: number | null = null;
  let monthlyPaceNeeded: number | null = null;
  if (target !== null && expiry !== null) {
    const length = daysBetween(cert.earned_date, expiry);
    const elapsed = daysBetween(cert.earned_date, today);
    const share = length <= 0 ? 1 : Math.min(1, Math.max(0, elapsed / length));
    expectedSoFar = round2(target * share);
    if (daysToExpiry !== null && daysToExpiry >= 0) {
      const remaining = Math.max(0, target - earned);
      // The expiry day still counts; less than a month left means all of it this month.
      const monthsLeft = Math.max(1, (daysToExpiry + 1) / DAYS_PER_MONTH);
      monthlyPaceNeeded = ceil2(remaining / monthsLeft);
    }
  }

  let state: StatusState;
  if (daysToExpiry !== null && daysToExpiry < 0) state = 'expired';
  else if (target !== null && earned >= target) state = 'ready';
  else if (daysToExpiry !== null && daysToExpiry <= EXPIRES_SOON_DAYS) state = 'expires-soon';
  else if (expectedSoFar === null) state = 'no-target';
  else state = earned < expectedSoFar ? 'behind' : 'on-pace';

  return {
    state,
    daysToExpiry,
    earned,
    target,
    expectedSoFar,
    monthlyPaceNeeded,
    annualMinimum: annualMinimumProgress(cert, entry, today),
  };
}

export type DeadlineKind = 'expiry' | 'grace-period-end' | 'annual-minimum' | 'annual-fee';

export interface Deadline {
  kind: DeadlineKind;
  date: string;
  /** One line for a calendar entry or a reminder. */
  label: string;
}

const KIND_ORDER: readonly DeadlineKind[] = [
  'annual-minimum',
  'annual-fee',
  'expiry',
  'grace-period-end',
];

/** The first date on or after `today` that is an anniversary of `date`. */
function nextAnniversary(date: string, today: string): string {
  if (today <= date) return date;
  const year = cycleYearIso(date, today);
  return year.start === today ? today : addDaysIso(year.end, 1);
}

/**
 * The certification's dates from `today` on, soonest first: its expiry, the
 * end of the body's grace period, the end of the current annual-minimum year
 * (cycle or calendar, as the body counts), and the next annual fee. Dates
 * already past are left out. For the calendar feed and the reminders.
 */
export function deadlines(
  cert: StatusInput,
  entry: StatusEntry | undefined,
  today: string,
): Deadline[] {
  const found: Deadline[] = [];
  const expiry = cert.expiry_date;
  if (expiry !== null) {
    found.push({ kind: 'expiry', date: expiry, label: 'Certification expires' });
    const grace = entry?.renewal.graceDays;
    if (grace !== null && grace !== undefined && grace > 0) {
      found.push({
        kind: 'grace-period-end',
        date: addDaysIso(expiry, grace),
        label: `End of the ${grace}-day grace period after expiry`,
      });
    }
  }
  const annual = annualMinimumProgress(cert, entry, today);
  // Only while the year it measures is part of the current cycle.
  if (annual !== null && (expiry === null || annual.from <= expiry)) {
    found.push({
      kind: 'annual-minimum',
      date: annual.to,
      label: `End of the ${annual.year === 'calendar' ? 'calendar' : 'cycle'} year: at least ${annual.required} credits (${annual.remaining} to go)`,
    });
  }
  const fee = entry?.renewal.fee;
  if (fee?.due === 'annual' && fee.dueMonth !== null) {
    const date =
      fee.dueMonth === 'anniversary'
        ? nextAnniversary(cert.earned_date, today)
        : today.endsWith('-01-01')
          ? today
          : `${Number(today.slice(0, 4)) + 1}-01-01`;
    found.push({
      kind: 'annual-fee',
      date,
      label: `Annual maintenance fee due: ${fee.amount} ${fee.currency}`,
    });
  }
  return found
    .filter((d) => d.date >= today)
    .sort(
      (a, b) =>
        compareIsoDates(a.date, b.date) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
    );
}
