/**
 * What the cards, the summary, the readiness page and the certification form
 * say about a certification's rules. Where a certification stands is the
 * rules engine's answer (`standing`, sent with every certification); this
 * module only words it, always with the certification's unit. Pure, so the
 * tests fix "today".
 */
import { creditUnitLabel } from '@cpe/shared/catalogue';
import type { Activity, Certification, StandingAnswer } from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';
import { formatCpe, formatLocalDate } from './certifications';

export type Standing = StandingAnswer;
export type StandingState = Standing['state'];
export type Requirement = Standing['requirements'][number];
export type Deadline = Standing['deadlines'][number];
export type FeeDue = Standing['fees'][number];
export type AfterExpiryWindow = Standing['windows'][number];
export type CreditUnit = NonNullable<Certification['unit']>;
type RenewalRule = CatalogueEntry['renewal'];

/** The unit a certification counts in: the engine's, else its own, else the spec's CPEs. */
export function unitOf(
  cert: Pick<Certification, 'unit'> & { standing?: Pick<Standing, 'unit'> },
): CreditUnit {
  return cert.standing?.unit ?? cert.unit ?? 'CPE';
}

/** The unit the engine counted a standing in. */
const unitIn = (standing: Pick<Standing, 'unit'>): CreditUnit => standing.unit ?? 'CPE';

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

/** Made once, as formatLocalDate's. */
let monthYear: Intl.DateTimeFormat | undefined;
let monthDay: Intl.DateTimeFormat | undefined;

/** `YYYY-MM` as "March 2025". */
export function monthText(yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return yearMonth;
  monthYear ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long' });
  return monthYear.format(new Date(Number(match[1]), Number(match[2]) - 1, 1));
}

/** `MM-DD` as "December 31" (in the user's order of day and month). */
export function dayOfYearText(mmdd: string): string {
  const match = /^(\d{2})-(\d{2})$/.exec(mmdd);
  if (!match) return mmdd;
  monthDay ??= new Intl.DateTimeFormat(undefined, { month: 'long', day: 'numeric' });
  // A leap year, so 02-29 is a day.
  return monthDay.format(new Date(2024, Number(match[1]) - 1, Number(match[2])));
}

/** "every year", "every 3 years", "every 18 months". */
export function everyText(months: number): string {
  if (months === 12) return 'every year';
  if (months % 12 === 0) return `every ${months / 12} years`;
  return `every ${months} months`;
}

/** "3 years", "18 months", "1 year". */
function spanText(months: number): string {
  if (months === 12) return '1 year';
  return months % 12 === 0 ? `${months / 12} years` : `${months} months`;
}

/** "USD 150 (members 60)", or "free". */
function moneyText(currency: string, value: number, member: number | null | undefined): string {
  if (value === 0 && (member === undefined || member === null || member === 0)) return 'free';
  const members = member === undefined || member === null ? '' : ` (members ${formatCpe(member)})`;
  return `${currency} ${formatCpe(value)}${members}`;
}

/** How the entry renews, in one sentence for the form's rules panel. */
export function renewalText(entry: CatalogueEntry): string {
  const r = entry.renewal;
  if (r.kind === 'none' || r.cycleMonths === null) return 'Does not expire: no renewal needed.';
  if (r.kind === 'exam') return `Renewed by passing the exam again ${everyText(r.cycleMonths)}.`;
  if (r.kind === 'assessment') {
    const free = r.fees.some((f) => f.kind === 'renewal' && f.amount === 0);
    return `Renewed by a${free ? ' free' : ''} renewal assessment ${everyText(r.cycleMonths)}.`;
  }
  if (r.total === null || r.unit === null) return `Renewed ${everyText(r.cycleMonths)}.`;
  const year =
    r.annualYear === 'calendar'
      ? 'calendar year'
      : r.annualYear === 'fiscal'
        ? 'reporting year'
        : 'year of the cycle';
  const annual =
    r.annualMinimum === null ? '' : `, at least ${amount(r.annualMinimum, r.unit)} each ${year}`;
  return `${amount(r.total, r.unit)} ${everyText(r.cycleMonths)}${annual}.`;
}

/** Where the body places a holder's cycles, in one sentence; null for a certification that does not expire. */
export function cyclePlacementText(r: RenewalRule): string | null {
  if (r.cycleMonths === null) return null;
  const length = spanText(r.cycleMonths);
  const startMonth = r.annualYear === 'fiscal' ? (r.yearStartMonth ?? 1) : 1;
  const yearStart = dayOfYearText(`${String(startMonth).padStart(2, '0')}-01`);
  switch (r.cycleStart ?? 'earned-date') {
    case 'earned-date':
      return `Each cycle lasts ${length} from the earned date and ends the day before its anniversary.`;
    case 'month-after':
      return `The first cycle starts on the first day of the month after certification and lasts ${length}, ending on the last day of a month; credits earned before it starts count toward it.`;
    case 'year-after':
      return `The first cycle starts on ${yearStart} after certification and lasts ${length}; credits earned before it starts count toward it and its first year.`;
    case 'month-end':
      return `Each cycle lasts ${length} and ends on the last day of a month.`;
    case 'year-end':
      return `Cycles end on the last day of a reporting year: the first runs from certification to the last year end within ${length}, the next ones last ${length}.`;
    case 'fixed':
      return `Every holder's cycle ends on the same dates, every ${length}: a first cycle entered part-way through is shorter.`;
  }
}

/** The windows after a cycle ends, in one sentence; null when the body allows none. */
export function windowsText(r: RenewalRule): string | null {
  if (r.afterExpiry.length === 0) return null;
  const parts = r.afterExpiry.map((w) => {
    const what = w.kind === 'grace' ? 'a grace period' : 'a suspension';
    const credits = w.creditsCount
      ? ', in which credits earned still count toward the cycle'
      : ', in which only credits earned in the cycle count';
    const length =
      w.months !== undefined
        ? `of ${w.months} month${w.months === 1 ? '' : 's'}, to the end of a month${
            w.days ? `, and ${w.days} day${w.days === 1 ? '' : 's'} more` : ''
          }`
        : `of ${w.days ?? 0} days`;
    return `${what} ${length}${credits}`;
  });
  return `After a cycle ends: ${parts.join('; then ')}.`;
}

/** When a fee falls due, in words. */
function dueText(fee: RenewalRule['fees'][number]): string {
  switch (fee.due) {
    case 'certification-anniversary':
      return 'due every year on the anniversary of certification';
    case 'month-after-anniversary':
      return 'due every year on the first day of the month after the anniversary of certification';
    case 'cycle-anniversary':
      return "due every year on the anniversary of the cycle's start";
    case 'fixed-date':
      return `due every year on ${dayOfYearText(fee.dueDate ?? '01-01')}`;
    case 'cycle-end':
      return 'due by the end of each cycle';
  }
}

/** Each fee of the rule in one sentence: "Annual fee: USD 85 (members 45), due every year on December 31." */
export function feesText(r: RenewalRule): string[] {
  return r.fees.map((fee) => {
    const kind = fee.kind === 'annual' ? 'Annual fee' : 'Renewal fee';
    const late = fee.late
      ? `; ${moneyText(fee.currency, fee.late.amount, fee.late.memberAmount)} if paid ${
          fee.late.afterDays <= 1
            ? 'after the due date'
            : `${fee.late.afterDays} or more days after the due date`
        }`
      : '';
    return `${kind}: ${moneyText(fee.currency, fee.amount, fee.memberAmount)}, ${dueText(fee)}${late}.`;
  });
}

/** The badge of each state; null where there is nothing to pace (no target or no expiry). */
export const STATE_BADGES: Record<StandingState, { text: string } | null> = {
  expired: { text: 'Expired' },
  grace: { text: 'In grace period' },
  suspended: { text: 'Suspended' },
  'expires-soon': { text: 'Expires soon' },
  behind: { text: 'Behind pace' },
  ready: { text: 'Ready to renew' },
  'on-pace': { text: 'On pace' },
  'no-target': null,
};

/** "in 45 days", "today", "tomorrow", "12 days ago". */
export function daysText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** Until when a window after expiry lasts, and what it allows. */
export function windowLine(standing: Standing): string | null {
  const w = standing.window;
  if (!w) return null;
  const ended =
    standing.cycle.end === null ? '' : ` (the cycle ended ${formatLocalDate(standing.cycle.end)})`;
  // A suspension after a grace period that counted credits (ISC2's) still counts those.
  const grace = standing.windows.find((x) => x.kind === 'grace' && x.creditsCount && x.to < w.from);
  const credits = w.creditsCount
    ? ' Credits earned until then still count toward the cycle.'
    : grace
      ? ` Credits earned in the cycle and its grace period (until ${formatLocalDate(grace.to)}) count; later ones do not.`
      : ' Only credits earned in the cycle count.';
  return w.kind === 'grace'
    ? `In the grace period until ${formatLocalDate(w.to)}${ended}.${credits}`
    : `Suspended until ${formatLocalDate(w.to)}${ended}: meeting the requirements by then reinstates it.${credits}`;
}

/** The status line under the badge: when it expired or expires, the pace it needs, or until when its window lasts. */
export function statusDetail(standing: Standing): string | null {
  const unit = unitIn(standing);
  const days = standing.daysToExpiry;
  const needed = standing.monthlyPaceNeeded;
  const pace = needed !== null && needed > 0 ? `${amount(needed, unit)} a month to finish` : null;
  switch (standing.state) {
    case 'expired':
      return days === null ? null : `Expired ${daysText(days)}.`;
    case 'grace':
    case 'suspended':
      return windowLine(standing);
    case 'expires-soon':
      return (
        [days === null ? null : `Expires ${daysText(days)}`, pace].filter(Boolean).join('; ') + '.'
      );
    case 'behind': {
      const expected = standing.expectedSoFar;
      if (expected !== null && standing.earned < expected) {
        return `${formatCpe(standing.earned)} of the ${amount(expected, unit)} expected by now; ${pace ?? 'finish soon'}.`;
      }
      // On pace for the total, but a period has closed short, or another requirement lags.
      const closed = standing.requirements.find((r) => !r.met && r.closed);
      if (closed) return `${closed.label} ended short.`;
      return pace === null ? null : `${pace}.`;
    }
    case 'on-pace':
      return pace ? `${pace}.` : null;
    case 'ready':
      return `${amount(standing.earned, unit)} counted this cycle: every requirement is met.`;
    default:
      return null;
  }
}

/** The reporting year holding `today`, with its requirement, where the body sets a minimum for it. */
export function currentYear(
  standing: Standing,
  today: string,
): { year: Standing['years'][number]; requirement: Requirement | undefined } | null {
  const year = standing.years.find((y) => y.from <= today && today <= y.to);
  if (!year || year.required === null) return null;
  return { year, requirement: standing.requirements.find((r) => r.id === `year:${year.from}`) };
}

/** "2026", "2025-26", or "This cycle year (Jan 15, 2026 to Jan 14, 2027)". */
export function yearName(year: { from: string; to: string; label: string }): string {
  return /^\d{4}(-\d{2})?$/.test(year.label)
    ? year.label
    : `This cycle year (${formatLocalDate(year.from)} to ${formatLocalDate(year.to)})`;
}

/** The annual minimum line: "2026: 12 of the 20 CPEs required each year (8 to go)." */
export function annualMinimumText(standing: Standing, today: string): string | null {
  const found = currentYear(standing, today);
  if (!found) return null;
  const { year, requirement } = found;
  const unit = unitIn(standing);
  const which = yearName(year);
  if (year.basis === 'credited')
    return `${which}: credited by the body to a newly certified holder.`;
  if (year.basis === 'exempt') return `${which}: no minimum for this part of a year.`;
  const required = requirement?.required ?? year.required ?? 0;
  if (required <= 0) return null;
  const earned = requirement?.earned ?? year.earned;
  const each = year.basis === 'prorated' ? 'for this part of a year' : 'each year';
  const left = requirement ? requirement.remaining : Math.max(0, required - earned);
  const status = left > 0 ? ` (${formatCpe(left)} to go)` : ', met';
  return `${which}: ${formatCpe(earned)} of the ${amount(required, unit)} required ${each}${status}.`;
}

/**
 * The body's requirements the cycle does not meet yet, each in words with its
 * figures. `except` leaves one out (the year the annual-minimum line states).
 */
export function unmetLines(standing: Standing, except?: string): string[] {
  return standing.requirements
    .filter((r) => r.kind !== 'cap' && !r.met && r.id !== except)
    .map((r) => r.message);
}

/** The caps that cut credits, each in words with its figures. */
export function capLines(standing: Standing): string[] {
  return standing.requirements
    .filter((r) => r.kind === 'cap' && r.over > 0)
    .map((r) => `${r.message}: credits count only up to the cap.`);
}

/** "12 CPEs carried over from the last cycle", when the last renewal carried any. */
export function carriedText(standing: Standing): string | null {
  if (standing.carriedIn <= 0) return null;
  const unit = unitIn(standing);
  return `${amount(standing.carriedIn, unit)} carried over from the last cycle.`;
}

/** The next fee: its label and date, and the late fee's date and amount when there is one. */
export function nextFeeText(standing: Standing): string | null {
  const [fee] = standing.fees;
  if (!fee || (fee.amount === 0 && (fee.memberAmount ?? 0) === 0 && fee.late === null)) return null;
  const late = fee.late
    ? ` Late fee from ${formatLocalDate(fee.late.date)}: ${moneyText(fee.currency, fee.late.amount, fee.late.memberAmount)}.`
    : '';
  return `${fee.label}, due ${formatLocalDate(fee.date)}.${late}`;
}

/** A certification with nothing to renew: no target to meet and no cycle end. */
export function nothingToRenew(cert: Pick<Certification, 'expiry_date' | 'standing'>): boolean {
  return cert.standing.target === null && cert.expiry_date === null;
}

/** States that need the user to act before it is too late. */
const NEEDS_ATTENTION: readonly StandingState[] = [
  'expired',
  'suspended',
  'grace',
  'expires-soon',
  'behind',
];

export function needsAttention(cert: Pick<Certification, 'standing'>): boolean {
  return NEEDS_ATTENTION.includes(cert.standing.state);
}

/** Most urgent first: expired, suspended, in grace, expiring, behind, ready to renew, on pace, nothing to pace. */
export const STATUS_ORDER: readonly StandingState[] = [
  'expired',
  'suspended',
  'grace',
  'expires-soon',
  'behind',
  'ready',
  'on-pace',
  'no-target',
];

export interface Summary {
  next: { cert: Certification; deadline: Deadline } | null;
  attention: number;
  year: string;
}

/** Above the list: the first deadline of all, and how many need attention. */
export function summarize(certs: readonly Certification[], today: string): Summary {
  let next: Summary['next'] = null;
  for (const cert of certs) {
    const first = cert.standing.deadlines.find((d) => d.date >= today);
    if (first && (!next || first.date < next.deadline.date)) next = { cert, deadline: first };
  }
  return {
    next,
    attention: certs.filter(needsAttention).length,
    year: today.slice(0, 4),
  };
}

/** The credits of one unit earned in a year; null while they are still being counted. */
export interface UnitTotal {
  unit: CreditUnit;
  value: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The user's certifications by the unit they count in, in the list's order. */
function byUnit(certs: readonly Certification[]): Map<CreditUnit, Certification[]> {
  const groups = new Map<CreditUnit, Certification[]>();
  for (const cert of certs) {
    const unit = unitOf(cert);
    groups.set(unit, [...(groups.get(unit) ?? []), cert]);
  }
  return groups;
}

/**
 * The certifications whose credits this year might include an activity
 * counted for another of the same unit (two or more of one unit with credits
 * this year): only their activities need reading to count each once.
 */
export function certificationsSharingCredits(certs: readonly Certification[]): Certification[] {
  return [...byUnit(certs).values()].flatMap((group) => {
    const earning = group.filter((c) => c.calendar_year_cpes_earned > 0);
    return earning.length > 1 ? earning : [];
  });
}

/**
 * The credits dated in `year`, one figure per unit (CPEs and PDUs are never
 * added), each activity counted once however many certifications of that
 * unit it counts for (at the most it earns toward any of them). A unit held by
 * one certification with credits this year is that certification's figure;
 * a unit shared needs the activities of its certifications (`activities`:
 * undefined while they load, and the figure is then null).
 */
export function yearTotals(
  certs: readonly Certification[],
  activities: readonly Activity[] | undefined,
  year: string,
): UnitTotal[] {
  const shared = new Set(certificationsSharingCredits(certs).map((c) => c.certification_id));
  return [...byUnit(certs)].map(([unit, group]) => {
    if (!group.some((c) => shared.has(c.certification_id))) {
      return {
        unit,
        value: round2(group.reduce((sum, c) => sum + c.calendar_year_cpes_earned, 0)),
      };
    }
    if (activities === undefined) return { unit, value: null };
    const ids = new Set(group.map((c) => c.certification_id));
    const seen = new Set<string>();
    let total = 0;
    for (const activity of activities) {
      if (seen.has(activity.activity_id) || !activity.activity_date.startsWith(`${year}-`))
        continue;
      seen.add(activity.activity_id);
      const units = activity.credits
        // Archived credits too: a renewal does not undo what was earned this year.
        .filter((c) => ids.has(c.certification_id))
        .map((c) => c.cpe_units);
      if (units.length > 0) total += Math.max(...units);
    }
    return { unit, value: round2(total) };
  });
}

/** "22 CPEs · 25 PDUs"; "…" for a figure still being counted; "0" without certifications. */
export function totalsText(totals: readonly UnitTotal[]): string {
  if (totals.length === 0) return '0';
  return totals
    .map((t) => (t.value === null ? `… ${unitsText(t.unit)}` : amount(t.value, t.unit)))
    .join(' · ');
}
