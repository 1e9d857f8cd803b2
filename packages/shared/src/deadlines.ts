/**
 * The reminders that fall due on a day for one certification, from the
 * rules engine's answer (its deadlines, requirements and windows), and what
 * the digest says of each. Pure: the reminder job works out each user's
 * reminders with these and claims them in one statement per page of users
 * (packages/api/src/data/reminders.ts); no rule is stated anywhere else.
 */
import { addMonthsIso, daysBetween } from './dates';
import type { Requirement, Standing } from './rules';
import { formatUnits, unitsOf } from './rules/words';

/** The lead times (days before expiry) a user may choose; all by default. */
export const REMINDER_LEAD_DAYS = [90, 60, 30, 7] as const;
export type ReminderLeadDays = (typeof REMINDER_LEAD_DAYS)[number];

/** How the rules time each reminder. */
export const REMINDER_WINDOWS = {
  /** An expired certification is reminded of once, within this many days after expiry. */
  expiredWithinDays: 7,
  /** Behind pace is reminded of once a cycle, once less than 1/n of it is left (n = 3: a third). */
  behindPaceShareLeftDenominator: 3,
  /** A reporting year's minimum not yet met, this many months before the year ends. */
  annualMinimumMonths: 2,
  /** An annual fee, this many days before it falls due. */
  annualFeeDays: 30,
  /** The end of a grace period or a suspension, this many days before it (once expired). */
  gracePeriodDays: 14,
  /** A category minimum still unmet, this many days before the cycle ends. */
  categoryMinimumDays: 90,
  /** Credits not yet submitted to the body, this many days before the cycle ends. */
  notSubmittedDays: 30,
} as const;

export type ReminderKind =
  | 'expiry'
  | 'expired'
  | 'behind-pace'
  | 'annual-minimum'
  | 'annual-fee'
  | 'grace-period-end'
  | 'suspension-end'
  | 'category-minimum'
  | 'not-submitted';

export interface Reminder {
  kind: ReminderKind;
  /** The deadline it is about. */
  date: string;
  /**
   * Names the reminder within the certification: once sent, the same key is
   * never sent again. It carries the deadline, so a new cycle (a new end)
   * or a new year gets reminders of its own.
   */
  key: string;
  /** What the digest says, with the figures, as of the day it is worked out. */
  text: string;
}

function inDays(today: string, date: string): string {
  const days = daysBetween(today, date);
  return days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
}

/** The figures of the requirements still open, for a line of the digest. */
function openText(open: readonly Requirement[]): string {
  return open.length === 0 ? '' : `: ${open.map((r) => r.message).join('; ')}`;
}

/**
 * The reminders due on `today` for a certification whose standing (as of
 * `today`) is `s`, for a user who wants `leadDays`. A day missed (the job
 * did not run) is caught up the next day: each rule holds over a window,
 * and the key keeps it to one email.
 */
export function dueReminders(
  s: Standing,
  today: string,
  leadDays: readonly number[],
  figures: { unsubmittedCredits?: number } = {},
): Reminder[] {
  const due: Reminder[] = [];
  const w = REMINDER_WINDOWS;
  const end = s.cycle.end;
  const open = s.requirements.filter((r) => !r.met);
  if (end !== null) {
    const days = daysBetween(today, end);
    if (days >= 0) {
      // The nearest lead time not yet passed: someone adding a certification
      // 20 days before expiry hears of it once, not three times.
      const lead = Math.min(...leadDays.filter((l) => l >= days));
      if (Number.isFinite(lead)) {
        due.push({
          kind: 'expiry',
          date: end,
          key: `expiry:${end}:${lead}`,
          text: `expires ${inDays(today, end)} (${end})${s.ready ? ': every requirement is met, renew it' : openText(open.filter((r) => r.to === end || r.to === null || r.closed))}`,
        });
      }
      const length = daysBetween(s.cycle.start, end);
      // Behind, as the card says it: when what is still to earn by the end (the total's, a rolling
      // window's or the categories') exceeds the pace's share. Once the category minimums have
      // reminders of their own, only the total and the rolling windows make it behind.
      const paced =
        days <= w.categoryMinimumDays
          ? Math.max(
              0,
              ...open
                .filter((r) => (r.kind === 'total' || r.kind === 'rolling') && r.to === end)
                .map((r) => r.remaining),
            )
          : s.stillToEarn;
      const left = s.stillToEarn;
      if (
        s.target !== null &&
        s.expectedSoFar !== null &&
        paced > 0 &&
        paced > s.target - s.expectedSoFar + 1e-9 &&
        days * w.behindPaceShareLeftDenominator < length
      ) {
        const pace =
          s.monthlyPaceNeeded === null ? '' : `, ${unitsOf(s.monthlyPaceNeeded, s.unit)} a month`;
        const soFar =
          s.earned < s.expectedSoFar
            ? `${formatUnits(s.earned)} of the ${unitsOf(s.expectedSoFar, s.unit)} expected by now; `
            : '';
        due.push({
          kind: 'behind-pace',
          date: end,
          key: `behind-pace:${end}`,
          text: `is behind pace: ${soFar}${unitsOf(left, s.unit)} still needed by ${end}${pace}`,
        });
      }
      if (days <= w.categoryMinimumDays) {
        for (const r of open) {
          if (r.kind !== 'category-minimum' || r.id !== `category:${r.category ?? ''}`) continue;
          due.push({
            kind: 'category-minimum',
            date: end,
            key: `category-minimum:${end}:${r.category ?? ''}`,
            text: `${r.message}; the cycle ends ${end}`,
          });
        }
      }
      const unsubmitted = figures.unsubmittedCredits ?? 0;
      if (days <= w.notSubmittedDays && unsubmitted > 0) {
        due.push({
          kind: 'not-submitted',
          date: end,
          key: `not-submitted:${end}`,
          text: `has ${unsubmitted} credit${unsubmitted === 1 ? '' : 's'} not yet submitted to the body; the cycle ends ${end}`,
        });
      }
    } else if (days >= -w.expiredWithinDays) {
      // The body's window after the end, as the card says it: in a grace period the certification
      // is still held (ISC2, SHRM), so it is not called expired.
      const next = s.windows[0];
      const still = s.ready ? ': every requirement is met, renew it' : openText(open);
      due.push({
        kind: 'expired',
        date: end,
        key: `expired:${end}`,
        text: !next
          ? `expired on ${end}: renew it if the body still allows`
          : next.kind === 'grace'
            ? `is in its grace period until ${next.to} (the cycle ended on ${end})${still}`
            : `is suspended until ${next.to} (the cycle ended on ${end}); meeting the requirements by then reinstates it${still}`,
      });
    }
    const window = s.window;
    if (window !== null) {
      const left = daysBetween(today, window.to);
      if (left >= 0 && left <= w.gracePeriodDays) {
        const kind = window.kind === 'grace' ? 'grace-period-end' : 'suspension-end';
        due.push({
          kind,
          date: window.to,
          key: `${kind}:${window.to}`,
          text:
            window.kind === 'grace'
              ? `grace period ends ${inDays(today, window.to)} (${window.to})${openText(open)}`
              : `suspension ends ${inDays(today, window.to)} (${window.to}): reinstate it by then${openText(open)}`,
        });
      }
    }
  }
  // The reporting year holding today, with its minimum still open two months before it ends.
  const year = s.years.find((y) => y.from <= today && today <= y.to);
  const yearRule = year && s.requirements.find((r) => r.id === `year:${year.from}`);
  if (year && yearRule && !yearRule.met && today >= addMonthsIso(year.to, -w.annualMinimumMonths)) {
    due.push({
      kind: 'annual-minimum',
      date: year.to,
      key: `annual-minimum:${year.to}`,
      text: `${yearRule.message}; the year ends ${year.to}`,
    });
  }
  for (const fee of s.fees) {
    if (fee.kind !== 'annual') continue;
    const days = daysBetween(today, fee.date);
    if (days < 0 || days > w.annualFeeDays) continue;
    const late = fee.late
      ? `; from ${fee.late.date} the late fee is ${fee.currency} ${formatUnits(fee.late.amount)}`
      : '';
    due.push({
      kind: 'annual-fee',
      date: fee.date,
      key: `annual-fee:${fee.date}`,
      text: `${fee.label.replace(/^Annual fee/, 'annual fee')} due ${inDays(today, fee.date)} (${fee.date})${late}`,
    });
  }
  return due;
}
