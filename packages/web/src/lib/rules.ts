/**
 * What the cards, the summary and the certification form say about a
 * certification's rules: its unit, its status in words, and the list's
 * summary. The rules themselves are the shared ones (@cpe/shared/status);
 * this module only words them. Pure, so the tests fix "today".
 */
import { creditUnitLabel } from '@cpe/shared/catalogue';
import {
  type CertificationStatus,
  type Deadline,
  type StatusState,
  certificationStatus,
  deadlines,
} from '@cpe/shared/status';
import type { Certification } from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';
import { formatCpe, formatLocalDate } from './certifications';

export type CreditUnit = NonNullable<Certification['unit']>;

/** The unit a certification counts in: its own, else the spec's CPEs. */
export function unitOf(cert: Pick<Certification, 'unit'>): CreditUnit {
  return cert.unit ?? 'CPE';
}

/** "CPEs", "PDUs", "CE credits". */
export function unitsText(unit: CreditUnit): string {
  return creditUnitLabel(unit);
}

/** "CPEs Needed", "PDUs Earned", "CE credits Needed". */
export function figureLabel(unit: CreditUnit, figure: 'Needed' | 'Earned'): string {
  return `${creditUnitLabel(unit)} ${figure}`;
}

/** "12 PDUs", "1 CPE", "2.5 CE credits". */
export function amount(value: number, unit: CreditUnit): string {
  return `${formatCpe(value)} ${creditUnitLabel(unit, value)}`;
}

/** Today's date where the user is (a deadline is a day in their calendar), as YYYY-MM-DD. */
export function localTodayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Made once, as formatLocalDate's. */
let monthYear: Intl.DateTimeFormat | undefined;

/** `YYYY-MM` as "March 2025". */
export function monthText(yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return yearMonth;
  monthYear ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long' });
  return monthYear.format(new Date(Number(match[1]), Number(match[2]) - 1, 1));
}

/** "every year", "every 3 years", "every 18 months". */
export function everyText(months: number): string {
  if (months === 12) return 'every year';
  if (months % 12 === 0) return `every ${months / 12} years`;
  return `every ${months} months`;
}

/** How the entry renews, in one sentence for the form's rules panel. */
export function renewalText(entry: CatalogueEntry): string {
  const r = entry.renewal;
  if (r.kind === 'none' || r.cycleMonths === null) return 'Does not expire: no renewal needed.';
  if (r.kind === 'exam') return `Renewed by passing the exam again ${everyText(r.cycleMonths)}.`;
  if (r.kind === 'assessment') {
    return `Renewed by a${r.fee?.amount === 0 ? ' free' : ''} renewal assessment ${everyText(r.cycleMonths)}.`;
  }
  if (r.total === null || r.unit === null) return `Renewed ${everyText(r.cycleMonths)}.`;
  const year = r.annualYear === 'calendar' ? 'calendar year' : 'year of the cycle';
  const annual =
    r.annualMinimum === null ? '' : `, at least ${amount(r.annualMinimum, r.unit)} each ${year}`;
  return `${amount(r.total, r.unit)} ${everyText(r.cycleMonths)}${annual}.`;
}

/** The badge of each state; null where there is nothing to pace (no target or no expiry). */
export const STATE_BADGES: Record<StatusState, { text: string; variant: string } | null> = {
  expired: { text: 'Expired', variant: 'danger' },
  'expires-soon': { text: 'Expires soon', variant: 'warning' },
  behind: { text: 'Behind pace', variant: 'warning' },
  ready: { text: 'Ready to renew', variant: 'success' },
  'on-pace': { text: 'On pace', variant: 'info' },
  'no-target': null,
};

/** "in 45 days", "today", "tomorrow", "12 days ago". */
export function daysText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** The status line under the badge: when it expired or expires, and the pace it needs. */
export function statusDetail(status: CertificationStatus, unit: CreditUnit): string | null {
  const days = status.daysToExpiry;
  const pace =
    status.monthlyPaceNeeded !== null && status.monthlyPaceNeeded > 0
      ? `${amount(status.monthlyPaceNeeded, unit)} a month to finish`
      : null;
  switch (status.state) {
    case 'expired':
      return days === null ? null : `Expired ${daysText(days)}.`;
    case 'expires-soon':
      return (
        [days === null ? null : `Expires ${daysText(days)}`, pace].filter(Boolean).join('; ') + '.'
      );
    case 'behind':
      return `${formatCpe(status.earned)} of the ${formatCpe(status.expectedSoFar ?? 0)} expected by now; ${pace ?? 'finish soon'}.`;
    case 'on-pace':
      return pace ? `${pace}.` : null;
    case 'ready':
      return `${amount(status.earned, unit)} earned this cycle: the target is met.`;
    default:
      return null;
  }
}

/** The annual minimum line: "This cycle year (Jan 15, 2026 to Jan 14, 2027): 12 of 20 CPEs". */
export function annualMinimumText(status: CertificationStatus, unit: CreditUnit): string | null {
  const annual = status.annualMinimum;
  // An expired certification has no year to count: renewing it starts a new cycle.
  if (!annual || status.state === 'expired') return null;
  const which = annual.year === 'calendar' ? `${annual.from.slice(0, 4)}` : 'This cycle year';
  const span =
    annual.year === 'calendar'
      ? ''
      : ` (${formatLocalDate(annual.from)} to ${formatLocalDate(annual.to)})`;
  return `${which}${span}: ${formatCpe(annual.earned)} of the ${amount(annual.required, unit)} required each year${annual.met ? ', met' : ''}.`;
}

export interface CertificationView {
  cert: Certification;
  /** Null for a custom certification, and until its catalogue entry has loaded. */
  entry: CatalogueEntry | null;
  status: CertificationStatus;
}

export function viewOf(
  cert: Certification,
  entry: CatalogueEntry | null,
  today: string,
): CertificationView {
  return { cert, entry, status: certificationStatus(cert, entry ?? undefined, today) };
}

/** States that need the user to act before it is too late. */
const NEEDS_ATTENTION: readonly StatusState[] = ['expired', 'expires-soon', 'behind'];

export function needsAttention(view: CertificationView): boolean {
  return NEEDS_ATTENTION.includes(view.status.state);
}

/** Most urgent first: expired, expiring, behind, ready to renew, on pace, nothing to pace. */
export const STATUS_ORDER: readonly StatusState[] = [
  'expired',
  'expires-soon',
  'behind',
  'ready',
  'on-pace',
  'no-target',
];

export interface Summary {
  next: { cert: Certification; deadline: Deadline } | null;
  attention: number;
  /** Credits dated this calendar year, whatever the certification's unit. */
  earnedThisYear: number;
  year: string;
}

export function summarize(views: readonly CertificationView[], today: string): Summary {
  let next: Summary['next'] = null;
  for (const { cert, entry } of views) {
    const [first] = deadlines(cert, entry ?? undefined, today);
    if (first && (!next || first.date < next.deadline.date)) next = { cert, deadline: first };
  }
  return {
    next,
    attention: views.filter(needsAttention).length,
    earnedThisYear:
      Math.round(views.reduce((sum, v) => sum + v.cert.calendar_year_cpes_earned, 0) * 100) / 100,
    year: today.slice(0, 4),
  };
}
