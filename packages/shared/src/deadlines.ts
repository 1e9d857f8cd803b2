/**
 * Every deadline of a certification and the reminders that fall due on a
 * day, from its dates, its figures and its catalogue entry. Pure: the
 * calendar feed lists the deadlines, the reminder job sends the reminders
 * and writes its digest with the texts below. The job selects due reminders
 * in SQL, one statement per page of users (packages/api/src/data/reminders.ts);
 * that statement states these rules again and a test holds the two to the
 * same answers (docs/decisions/070).
 */
import type { CatalogueEntry } from './catalogue/types';
import type { Dict } from './dict';
import { addDaysIso, addMonthsIso, compareIsoDates, daysBetween } from './dates';
import { type StatusInput, certificationStatus, deadlines as statusDeadlines } from './status';

/** The lead times (days before expiry) a user may choose; all by default. */
export const REMINDER_LEAD_DAYS = [90, 60, 30, 7] as const;
export type ReminderLeadDays = (typeof REMINDER_LEAD_DAYS)[number];

/** How the rules time each reminder. */
export const REMINDER_WINDOWS = {
  /** An expired certification is reminded of once, within this many days after expiry. */
  expiredWithinDays: 7,
  /** Behind pace is reminded of once a cycle, once less than 1/n of it is left (n = 3: a third). */
  behindPaceShareLeftDenominator: 3,
  /** An annual minimum not yet met, this many months before its year ends. */
  annualMinimumMonths: 2,
  /** An annual fee, this many days before it falls due. */
  annualFeeDays: 30,
  /** The end of a grace period, this many days before it (once expired). */
  gracePeriodDays: 14,
  /** A category minimum still unmet, this many days before expiry. */
  categoryMinimumDays: 90,
  /** Credits not yet submitted to the body, this many days before expiry. */
  notSubmittedDays: 30,
} as const;

export type CertificationDeadlineKind =
  'expiry' | 'grace-period-end' | 'annual-minimum' | 'annual-fee' | 'category-minimum';

export interface CertificationDeadline {
  kind: CertificationDeadlineKind;
  date: string;
  /** One line for a calendar entry. */
  label: string;
  /** Unique among the certification's deadlines, the same every time it is computed (calendar UIDs). */
  key: string;
}

/** What the rules read of a catalogue entry (absent for a custom certification). */
export type DeadlineEntry = Pick<CatalogueEntry, 'renewal'>;

/**
 * The certification's deadlines from `today` on, soonest first: expiry, the
 * end of the grace period, the end of the annual-minimum year, the next
 * annual fee (status.ts's deadlines), and the date each category minimum of
 * the cycle must be met by (its expiry).
 */
export function certificationDeadlines(
  cert: StatusInput,
  entry: DeadlineEntry | undefined,
  today: string,
): CertificationDeadline[] {
  const found: CertificationDeadline[] = statusDeadlines(cert, entry, today).map((d) => ({
    ...d,
    key: `${d.kind}:${d.date}`,
  }));
  if (cert.expiry_date !== null && cert.expiry_date >= today) {
    for (const category of entry?.renewal.categories ?? []) {
      if (category.min === undefined || category.per !== 'cycle') continue;
      found.push({
        kind: 'category-minimum',
        date: cert.expiry_date,
        label: `${category.label}: at least ${category.min} credits this cycle`,
        key: `category-minimum:${cert.expiry_date}:${category.id}`,
      });
    }
  }
  // Stable: on one date, status.ts's order, then the categories.
  return found.sort((a, b) => compareIsoDates(a.date, b.date));
}

export type ReminderKind =
  | 'expiry'
  | 'expired'
  | 'behind-pace'
  | 'annual-minimum'
  | 'annual-fee'
  | 'grace-period-end'
  | 'category-minimum'
  | 'not-submitted';

export interface Reminder {
  kind: ReminderKind;
  /** The deadline it is about. */
  date: string;
  /**
   * Names the reminder within the certification: once sent, the same key is
   * never sent again. It carries the deadline, so a new cycle (a new expiry)
   * or a new year gets reminders of its own.
   */
  key: string;
}

/** Figures the reminders read besides the status figures (from the audit's credits). */
export interface ReminderFigures {
  /** Credits earned this cycle per catalogue category id. */
  categoryEarned?: Readonly<Dict<number>>;
  /** Credits of this cycle not yet submitted to the body's portal. */
  unsubmittedCredits?: number;
}

/**
 * The reminders due on `today` for one certification of a user who wants
 * `leadDays`. A day missed (the job did not run) is caught up the next day:
 * each rule holds over a window, and the key keeps it to one email.
 */
export function dueReminders(
  cert: StatusInput,
  entry: DeadlineEntry | undefined,
  today: string,
  leadDays: readonly number[],
  figures: ReminderFigures = {},
): Reminder[] {
  const due: Reminder[] = [];
  const w = REMINDER_WINDOWS;
  const expiry = cert.expiry_date;
  const status = certificationStatus(cert, entry, today);
  if (expiry !== null) {
    const days = daysBetween(today, expiry);
    if (days >= 0) {
      // The nearest lead time not yet passed: someone adding a certification
      // 20 days before expiry hears of it once, not three times.
      const lead = Math.min(...leadDays.filter((l) => l >= days));
      if (Number.isFinite(lead)) {
        due.push({ kind: 'expiry', date: expiry, key: `expiry:${expiry}:${lead}` });
      }
      const length = daysBetween(cert.earned_date, expiry);
      if (
        status.target !== null &&
        status.expectedSoFar !== null &&
        status.earned < status.target &&
        status.earned < status.expectedSoFar &&
        days * w.behindPaceShareLeftDenominator < length
      ) {
        due.push({ kind: 'behind-pace', date: expiry, key: `behind-pace:${expiry}` });
      }
      if (days <= w.categoryMinimumDays && figures.categoryEarned) {
        for (const category of entry?.renewal.categories ?? []) {
          if (category.min === undefined || category.per !== 'cycle') continue;
          const earned = Object.hasOwn(figures.categoryEarned, category.id)
            ? (figures.categoryEarned[category.id] ?? 0)
            : 0;
          if (earned >= category.min) continue;
          due.push({
            kind: 'category-minimum',
            date: expiry,
            key: `category-minimum:${expiry}:${category.id}`,
          });
        }
      }
      if (days <= w.notSubmittedDays && (figures.unsubmittedCredits ?? 0) > 0) {
        due.push({ kind: 'not-submitted', date: expiry, key: `not-submitted:${expiry}` });
      }
    } else if (days >= -w.expiredWithinDays) {
      due.push({ kind: 'expired', date: expiry, key: `expired:${expiry}` });
    }
    const grace = entry?.renewal.graceDays ?? null;
    if (days < 0 && grace !== null && grace > 0) {
      const end = addDaysIso(expiry, grace);
      const left = daysBetween(today, end);
      if (left >= 0 && left <= w.gracePeriodDays) {
        due.push({ kind: 'grace-period-end', date: end, key: `grace-period-end:${end}` });
      }
    }
  }
  const annual = status.annualMinimum;
  if (
    annual !== null &&
    !annual.met &&
    (expiry === null || annual.from <= expiry) &&
    today >= addMonthsIso(annual.to, -w.annualMinimumMonths)
  ) {
    due.push({ kind: 'annual-minimum', date: annual.to, key: `annual-minimum:${annual.to}` });
  }
  const fee = statusDeadlines(cert, entry, today).find((d) => d.kind === 'annual-fee');
  if (fee && daysBetween(today, fee.date) <= w.annualFeeDays) {
    due.push({ kind: 'annual-fee', date: fee.date, key: `annual-fee:${fee.date}` });
  }
  return due;
}

/** What a digest line says of a reminder, as of `today`. */
export function reminderText(
  reminder: { kind: ReminderKind; date: string },
  today: string,
  detail: { unit?: string | null; entry?: DeadlineEntry | undefined; categoryId?: string } = {},
): string {
  const days = daysBetween(today, reminder.date);
  const inDays = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  const unit = detail.unit ?? 'credits';
  switch (reminder.kind) {
    case 'expiry':
      return `expires ${inDays} (${reminder.date})`;
    case 'expired':
      return `expired on ${reminder.date}: renew it or check the body's grace period`;
    case 'behind-pace':
      return `is behind pace with less than a third of the cycle left (expires ${reminder.date})`;
    case 'annual-minimum':
      return `annual minimum of ${unit} not met yet; the year ends ${reminder.date}`;
    case 'annual-fee': {
      const fee = detail.entry?.renewal.fee;
      const amount = fee ? ` (${fee.amount} ${fee.currency})` : '';
      return `annual maintenance fee${amount} due ${inDays} (${reminder.date})`;
    }
    case 'grace-period-end':
      return `grace period ends ${inDays} (${reminder.date})`;
    case 'category-minimum': {
      const category = detail.entry?.renewal.categories.find((c) => c.id === detail.categoryId);
      const what = category ? `${category.label} minimum (${category.min})` : 'a category minimum';
      return `${what} not met yet; the cycle ends ${reminder.date}`;
    }
    case 'not-submitted':
      return `has ${unit} not yet submitted to the body; the cycle ends ${reminder.date}`;
  }
}
