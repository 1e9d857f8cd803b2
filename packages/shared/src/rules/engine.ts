/**
 * The rules engine: one pure function of (catalogue entry, certification,
 * credits, today) that states every requirement of the body for the current
 * cycle and whether it is met (docs/certification-rules.md, "The engine").
 * The list's status and pace, readiness, the renew check, the reminder
 * digest, the calendar feed and the audit report all read its answer.
 */
import type {
  CatalogueEntry,
  Fee,
  FirstCycleSteps,
  PartialYear,
  RenewalRule,
  RulePeriod,
} from '../catalogue/types';
import { addDaysIso, addMonthsIso, compareIsoDates, daysBetween, endOfMonthIso } from '../dates';
import {
  firstCycle,
  firstOfNextMonth,
  monthsSpanned,
  monthsTouched,
  officialStart,
  yearStartMonthOf,
  yearStartOf,
} from './cycles';
import { ruleForCycle } from './versions';
import type {
  CountedCredit,
  Deadline,
  DeadlineKind,
  FeeDue,
  ReportingYear,
  Requirement,
  RuleCertification,
  RuleCredit,
  Standing,
  StandingState,
  WindowAfterExpiry,
} from './types';
import { capText, formatUnits, minimumText, unitsOf } from './words';

/** What the engine reads of a catalogue entry; undefined for a certification of the holder's own. */
export type RuleEntry = Pick<CatalogueEntry, 'renewal'>;

/** Within this many days of the cycle's end a certification "expires soon". */
export const EXPIRES_SOON_DAYS = 90;

/** Average days in a month (365.2425 / 12), for paces. */
const DAYS_PER_MONTH = 30.436875;
const EPS = 1e-9;
const DEFAULT_INCREMENT = 0.5;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** `n` to a multiple of `step`: nearest, or up (a pace followed to the letter is enough). */
export function toStep(n: number, step: number, mode: 'nearest' | 'up' | 'down'): number {
  const units = Math.round((n / step) * 1e6) / 1e6;
  const whole =
    mode === 'up' ? Math.ceil(units) : mode === 'down' ? Math.floor(units) : Math.round(units);
  return round2(whole * step);
}

/** A certification of the holder's own: a target and an annual minimum at most, counted from its anniversaries. */
function customRule(cert: RuleCertification): RenewalRule {
  return {
    kind: 'credits',
    unit: cert.unit,
    total: cert.cpe_needed,
    cycleMonths: cert.cycle_months,
    annualMinimum: cert.annual_minimum,
    annualYear: cert.annual_minimum === null ? null : 'cycle',
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
  };
}

interface Node {
  key: string;
  label: string;
  min: number | undefined;
  max: number | undefined;
  per: RulePeriod;
  parent: string | undefined;
}

type Nodes = { nodes: Map<string, Node>; keys: Map<string, string> };
/** Worked out once per rule: the catalogue's rules are the same objects every time. */
const nodesCache = new WeakMap<RenewalRule, Nodes>();

/** The entry's categories and activity kinds by key, and the ids a credit may carry for each. */
function nodesOf(rule: RenewalRule): Nodes {
  const cached = nodesCache.get(rule);
  if (cached) return cached;
  const built = buildNodes(rule);
  nodesCache.set(rule, built);
  return built;
}

function buildNodes(rule: RenewalRule): Nodes {
  const nodes = new Map<string, Node>();
  const keys = new Map<string, string>();
  for (const c of rule.categories) {
    nodes.set(c.id, {
      key: c.id,
      label: c.label,
      min: c.min,
      max: c.max,
      per: c.per,
      parent: c.parent,
    });
    keys.set(c.id, c.id);
    for (const alias of c.aliases ?? []) if (!keys.has(alias)) keys.set(alias, c.id);
  }
  for (const c of rule.activityCaps) {
    if (nodes.has(c.kind)) continue;
    nodes.set(c.kind, {
      key: c.kind,
      label: c.label,
      min: undefined,
      max: c.max,
      per: c.per,
      parent: c.parent,
    });
    keys.set(c.kind, c.kind);
  }
  return { nodes, keys };
}

/** A node and its ancestors, nearest first (a cycle in the data stops the walk). */
/** The node key a credit's category (an id, alias or activity kind) counts as; null when none. */
function keyOf(keys: Map<string, string>, category: string | null): string | null {
  return category === null ? null : (keys.get(category) ?? null);
}

function pathOf(nodes: Map<string, Node>, key: string | null): Node[] {
  const path: Node[] = [];
  for (let node = key === null ? undefined : nodes.get(key); node;) {
    if (path.includes(node)) break;
    path.push(node);
    node = node.parent === undefined ? undefined : nodes.get(node.parent);
  }
  return path;
}

interface YearSpan {
  from: string;
  to: string;
  /** The whole reporting year the span is part of. */
  naturalFrom: string;
  partial: boolean;
  label: string;
}

/**
 * The reporting years of a cycle starting officially on `start` (its
 * anniversaries, or the calendar or fiscal years it covers) and ending on
 * `end`; an open cycle's run to the one holding `today`.
 */
function yearsOf(rule: RenewalRule, start: string, end: string | null, today: string): YearSpan[] {
  const years: YearSpan[] = [];
  const last = end ?? (today > start ? today : start);
  if (rule.annualYear === 'calendar' || rule.annualYear === 'fiscal') {
    const month = yearStartMonthOf(rule);
    for (
      let ys = yearStartOf(start, month);
      ys <= last && years.length < 1200;
      ys = addMonthsIso(ys, 12)
    ) {
      const ye = addDaysIso(addMonthsIso(ys, 12), -1);
      const from = ys < start ? start : ys;
      const to = end !== null && end < ye ? end : ye;
      const y = Number(ys.slice(0, 4));
      years.push({
        from,
        to,
        naturalFrom: ys,
        partial: from > ys || to < ye,
        label: month === 1 ? String(y) : `${y}-${String((y + 1) % 100).padStart(2, '0')}`,
      });
    }
    return years;
  }
  // Years of the cycle: from its start's anniversaries; the last one runs to the cycle's end.
  // Without an end, the years begun by `last`: one more at each anniversary reached, not before.
  let count = end === null ? 1 : Math.max(1, Math.round(monthsSpanned(start, end) / 12));
  while (end === null && count < 1200 && addMonthsIso(start, 12 * count) <= last) count += 1;
  for (let k = 0; k < count && k < 1200; k++) {
    const from = addMonthsIso(start, 12 * k);
    const natural = addDaysIso(addMonthsIso(start, 12 * (k + 1)), -1);
    const to = k === count - 1 && end !== null ? end : natural;
    years.push({
      from,
      to,
      naturalFrom: from,
      partial: to < natural && monthsSpanned(from, to) < 12,
      label: `${from} to ${to}`,
    });
  }
  return years;
}

/** A minimum for a period the cycle covers only in part, as the body counts it. */
function shortPeriod(
  minimum: number,
  policy: PartialYear,
  share: number,
  increment: number,
): { required: number; basis: Requirement['basis'] } {
  if (policy === 'full') return { required: minimum, basis: null };
  if (policy === 'exempt') return { required: 0, basis: 'exempt' };
  return { required: toStep(minimum * share, increment, 'up'), basis: 'prorated' };
}

/**
 * The holder's cycle number: 0 for the first cycle placed from the
 * certification date, then one more for each cycle of `months` after it. A
 * cycle starting after the placed first cycle's start follows a first cycle
 * the holder ended earlier (the ACFE's membership month, Texas's birth
 * month): it is not the first.
 */
function cycleIndex(
  rule: RenewalRule,
  certifiedOn: string,
  countsFrom: string,
  months: number | null,
): number {
  if (countsFrom <= certifiedOn || months === null) return 0;
  const first = firstCycle(rule, certifiedOn);
  if (!first || countsFrom <= first.start) return 0;
  const [y1, m1, d1] = addDaysIso(first.end, 1).split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = countsFrom.split('-').map(Number) as [number, number, number];
  const apart = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return 1 + Math.max(0, Math.round(apart / months));
}

/** Periods of `steps.months`, counted back from the day after `end`, that lie inside from `from` (whole) or touch it (started). */
function stepsIn(from: string, end: string, steps: FirstCycleSteps): number {
  const after = addDaysIso(end, 1);
  let n = 0;
  for (let k = 1; k < 1200; k++) {
    const periodStart = addMonthsIso(after, -steps.months * k);
    const periodEnd = addDaysIso(addMonthsIso(after, -steps.months * (k - 1)), -1);
    const inside = steps.count === 'whole' ? periodStart >= from : periodEnd >= from;
    if (!inside) break;
    n++;
  }
  return n;
}

interface Counting extends CountedCredit {
  year: number;
  path: Node[];
}

export interface EvaluateOptions {
  /**
   * Evaluate a cycle already renewed: every credit given that is dated inside
   * it counts, archived or not, and no window after its end is open.
   */
  past?: boolean;
  /** With `past`: credits given dated after its end count too, late, as its renewal kept them. */
  lateKept?: boolean;
  /** Evaluating an earlier cycle for a rolling window: no window of its own. */
  inner?: boolean;
}

/** A credit a rolling window counts, as its cycle counted it (caps applied). */
interface WindowCredit {
  date: string;
  counted: number;
  path: Node[];
}

/**
 * Every credit earned from `from` on that a rolling window counts: the
 * current cycle's as counted, and each earlier cycle's as that cycle
 * counted it (its caps applied), worked out cycle by cycle back from
 * `countsFrom`. Credits the last renewal archived with a date in the
 * current cycle (late ones the old cycle needed) count as given. Carried
 * credits never do: they were earned before.
 */
function rollingCredits(
  entry: RuleEntry | undefined,
  cert: RuleCertification,
  credits: readonly RuleCredit[],
  counting: readonly Counting[],
  nodes: Map<string, Node>,
  keys: Map<string, string>,
  span: { from: string; countsFrom: string; end: string; months: number | null; today: string },
): WindowCredit[] {
  const { from, countsFrom, months, today } = span;
  /** A credit as given, without a cycle of its own to cut it to its caps. */
  const asGiven = (c: RuleCredit): WindowCredit => ({
    date: c.date,
    counted: Math.max(0, c.units),
    path: pathOf(nodes, keyOf(keys, c.category)),
  });
  const found: WindowCredit[] = [
    ...counting.filter((c) => !c.carried && c.date >= from),
    ...credits
      .filter((c) => c.archived && c.date >= countsFrom && c.date >= from && c.date <= span.end)
      .map(asGiven),
  ];
  const earlier = credits.filter((c) => c.date >= from && c.date < countsFrom);
  if (earlier.length === 0) return found;
  if (months === null || months <= 0) return [...found, ...earlier.map(asGiven)];
  for (let k = 1, next = countsFrom; next > from && k < 1200; k++) {
    const cycleStart = addMonthsIso(countsFrom, -months * k);
    const cycleEnd = addDaysIso(next, -1);
    next = cycleStart;
    const inCycle = earlier.filter((c) => c.date >= cycleStart && c.date <= cycleEnd);
    if (inCycle.length === 0) continue;
    const past = evaluate(
      entry,
      {
        ...cert,
        earned_date: cycleStart,
        expiry_date: cycleEnd,
        carried_in: 0,
        carried_category: null,
      },
      inCycle,
      today,
      { past: true, inner: true },
    );
    for (const c of past.credits) {
      if (!c.carried && c.date >= from) {
        found.push({ date: c.date, counted: c.counted, path: pathOf(nodes, c.category) });
      }
    }
  }
  return found;
}

/**
 * Where the certification stands on `today` by its body's rules (the
 * catalogue entry's, or the holder's own figures without one). `credits`
 * are all the certification's credits; the engine picks those that count.
 */
export function evaluate(
  entry: RuleEntry | undefined,
  cert: RuleCertification,
  credits: readonly RuleCredit[],
  today: string,
  options: EvaluateOptions = {},
): Standing {
  const countsFrom = cert.earned_date;
  const end = cert.expiry_date;
  const base = entry?.renewal ?? customRule(cert);
  const months = cert.cycle_months ?? base.cycleMonths;
  const start = officialStart(base.cycleStart, countsFrom, end, months);
  const { rule, note: ruleNote } = ruleForCycle(base, start);
  const unit = cert.unit ?? rule.unit;
  const increment = rule.increment ?? DEFAULT_INCREMENT;
  const certifiedOn = cert.certified_on ?? countsFrom;
  const { nodes, keys } = nodesOf(rule);

  // Windows after the cycle's end, in order.
  const windows: WindowAfterExpiry[] = [];
  if (end !== null && !options.past) {
    let cursor = end;
    for (const w of rule.afterExpiry) {
      const to =
        w.months !== undefined
          ? addDaysIso(endOfMonthIso(addMonthsIso(cursor, w.months)), w.days ?? 0)
          : addDaysIso(cursor, w.days ?? 0);
      windows.push({
        kind: w.kind,
        from: addDaysIso(cursor, 1),
        to,
        creditsCount: w.creditsCount,
        note: w.note,
      });
      cursor = to;
    }
  }
  const expired = end !== null && today > end;
  const window = expired ? (windows.find((w) => w.from <= today && today <= w.to) ?? null) : null;
  const countsLate = (date: string) =>
    expired && windows.some((w) => w.creditsCount && w.from <= date && date <= w.to);

  // A holder's first cycles count as the body says: exempt, prorated or in steps when short, ramped.
  const ruleMonths = rule.cycleMonths ?? months;
  const index = cycleIndex(base, certifiedOn, countsFrom, ruleMonths);
  const firstPolicy = rule.firstCycle ?? 'full';
  // Certified late in the year: exempt for it, and the first years' ramps start with the next cycle.
  const lateEntry =
    rule.firstCycleExemptAfter !== undefined && certifiedOn.slice(5) > rule.firstCycleExemptAfter;
  const exemptFirst = index === 0 && (firstPolicy === 'exempt' || lateEntry);
  const rampIndex = lateEntry ? Math.max(0, index - 1) : index;
  const short =
    index === 0 && end !== null && ruleMonths !== null && monthsSpanned(start, end) < ruleMonths;
  const bodyTotal = rule.kind === 'credits' ? rule.total : null;
  // A target of the holder's own. The body's total as the form fills it in (the current rule's,
  // even for a cycle an earlier rule governs) is still the body's: the cycle's rule counts.
  const currentTotal = base.kind === 'credits' ? base.total : null;
  const ownTotal =
    cert.cpe_needed !== null && cert.cpe_needed !== bodyTotal && cert.cpe_needed !== currentTotal;
  const fullTotal = ownTotal ? cert.cpe_needed : (bodyTotal ?? cert.cpe_needed);
  /** The share of the body's figures a short first cycle asks. */
  let firstShare = 1;
  if (short && end !== null && ruleMonths !== null) {
    if (typeof firstPolicy === 'object') {
      const steps = stepsIn(countsFrom, end, firstPolicy);
      firstShare = fullTotal ? Math.min(1, (steps * firstPolicy.units) / fullTotal) : 1;
    } else {
      firstShare = Math.min(1, monthsTouched(start, end) / ruleMonths);
    }
  }

  // Reporting years, when the body counts any.
  const annual = cert.annual_minimum ?? rule.annualMinimum;
  const yearly =
    annual !== null ||
    rule.categories.some((c) => c.per === 'year') ||
    rule.activityCaps.some((c) => c.per === 'year');
  const spans = yearly ? yearsOf(rule, start, end, today) : [];
  const yearIndex = (date: string) => {
    let i = 0;
    while (i < spans.length - 1 && date > (spans[i] as YearSpan).to) i++;
    return i;
  };
  const yearMonth = yearStartMonthOf(rule);
  const creditedUntil =
    rule.newlyCertifiedYears === undefined
      ? null
      : addMonthsIso(
          rule.annualYear === 'cycle' || rule.annualYear === null
            ? certifiedOn
            : yearStartOf(certifiedOn, yearMonth),
          12 * rule.newlyCertifiedYears,
        );
  const credited = (from: string) => creditedUntil !== null && from < creditedUntil;
  // A cycle inside the years credited to a new holder (the IIA's annual cycle) is met by the award.
  const cycleMinimum = (minimum: number): { required: number; basis: Requirement['basis'] } => {
    if (credited(start)) return { required: minimum, basis: 'credited' };
    if (exemptFirst) return { required: minimum, basis: 'exempt' };
    if (!short || firstPolicy === 'full' || firstPolicy === 'exempt') {
      return { required: minimum, basis: null };
    }
    return shortPeriod(minimum, 'prorated', firstShare, increment);
  };
  const yearMinimum = (span: YearSpan, minimum: number) => {
    if (credited(span.naturalFrom)) return { required: minimum, basis: 'credited' as const };
    if (exemptFirst) return { required: minimum, basis: 'exempt' as const };
    // A short first cycle its steps ask nothing of (Georgia's under a year) asks no year either.
    if (short && firstShare === 0) return { required: 0, basis: 'prorated' as const };
    if (!span.partial) return { required: minimum, basis: null };
    return shortPeriod(
      minimum,
      rule.partialYear ?? 'prorated',
      monthsTouched(span.from, span.to) / 12,
      increment,
    );
  };

  // The credits that count, in date order, each cut to what the caps on its path leave.
  const counting: Counting[] = [];
  const carriedIn = round2(Math.max(0, cert.carried_in ?? 0));
  const candidates: (RuleCredit & { carried: boolean })[] = [];
  if (carriedIn > 0) {
    candidates.push({
      id: 'carried-in',
      date: countsFrom,
      units: carriedIn,
      category: cert.carried_category ?? null,
      archived: false,
      carried: true,
    });
  }
  const earnedBy = addDaysIso(today, 1);
  for (const c of credits) {
    if (options.past) {
      if (c.date >= countsFrom && (end === null || c.date <= end || options.lateKept === true))
        candidates.push({ ...c, carried: false });
      continue;
    }
    if (c.archived || c.date < countsFrom) continue;
    if (end !== null && c.date > end && !countsLate(c.date)) continue;
    // A course dated ahead (a spreadsheet may plan a year ahead) is not earned yet: the body
    // would not take it, so it neither readies a renewal nor counts toward the pace. A day's
    // leeway: a holder east of the server's zone logs today's course on the server's yesterday.
    if (c.date > earnedBy) continue;
    candidates.push({ ...c, carried: false });
  }
  candidates.sort(
    (a, b) => compareIsoDates(a.date, b.date) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const left = new Map<string, number>();
  for (const c of candidates) {
    const key = keyOf(keys, c.category);
    const year = yearIndex(c.date);
    const path = pathOf(nodes, key);
    let allowed = Math.max(0, c.units);
    const capKey = (n: Node) => (n.per === 'year' ? `${n.key}@${year}` : n.key);
    for (const n of path) {
      if (n.max !== undefined) allowed = Math.min(allowed, left.get(capKey(n)) ?? n.max);
    }
    allowed = Math.max(0, allowed);
    for (const n of path) {
      if (n.max !== undefined) left.set(capKey(n), (left.get(capKey(n)) ?? n.max) - allowed);
    }
    counting.push({
      id: c.id,
      date: c.date,
      units: c.units,
      counted: round2(allowed),
      category: key,
      late: end !== null && c.date > end,
      carried: c.carried,
      year,
      path,
    });
  }

  // The sums every requirement reads, in one pass: per year, per category
  // (a credit counts for its category and each parent), per category and year.
  const sums = new Map<string, { counted: number; raw: number }>();
  const add = (key: string, c: Counting) => {
    const found = sums.get(key);
    if (found) {
      found.counted += c.counted;
      found.raw += c.units;
    } else sums.set(key, { counted: c.counted, raw: c.units });
  };
  let earnedSum = 0;
  for (const c of counting) {
    earnedSum += c.counted;
    // Carried credits count toward the cycle's figures, and a reporting year's only where the
    // body carries them into the next year (Michigan; not Georgia, New Hampshire, Tennessee).
    const inYear = !c.carried || rule.rollover?.intoFirstYear === true;
    if (inYear) add(`@${c.year}`, c);
    for (const n of c.path) {
      add(n.key, c);
      if (inYear) add(`${n.key}@${c.year}`, c);
    }
  }
  const counted = (key: string) => round2(sums.get(key)?.counted ?? 0);
  const rawOf = (key: string) => round2(sums.get(key)?.raw ?? 0);
  const earned = round2(earnedSum);
  const closed = (to: string | null) => to !== null && to < today;

  const requirements: Requirement[] = [];
  const minimum = (
    r: Omit<Requirement, 'met' | 'remaining' | 'over' | 'raw' | 'closed' | 'message'>,
  ): void => {
    const met = r.basis === 'credited' || r.basis === 'exempt' || r.earned >= r.required - EPS;
    requirements.push({
      ...r,
      raw: r.earned,
      met,
      remaining: met ? 0 : round2(r.required - r.earned),
      over: 0,
      closed: closed(r.to),
      message: minimumText(r.label, r.earned, r.required, unit, r.basis),
    });
  };

  // The holder's own target wins; the body may ask other totals of a holder's first cycles.
  const ramped = ownTotal ? undefined : rule.firstTotals?.[rampIndex];
  const total = ramped ?? fullTotal;
  let target: number | null = null;
  if (total !== null) {
    const { required, basis } = cycleMinimum(total);
    target = required;
    minimum({
      id: 'total',
      kind: 'total',
      category: null,
      label: 'Total',
      from: countsFrom,
      to: end,
      required,
      earned,
      basis,
    });
  }
  if (rule.rolling !== undefined && end !== null && !options.inner) {
    const rolling = rule.rolling;
    const ramp = ownTotal ? undefined : rolling.ramp?.[rampIndex];
    const required = ramp ?? rolling.total;
    const windowFrom = (months: number) => {
      const window = addMonthsIso(addDaysIso(end, 1), -months);
      // Nothing from before the holder was certified: a new holder's window is shorter.
      return window < certifiedOn ? certifiedOn : window;
    };
    const from = windowFrom(
      ramp === undefined ? rolling.months : (rolling.rampMonths?.[rampIndex] ?? rolling.months),
    );
    const inWindow = rollingCredits(entry, cert, credits, counting, nodes, keys, {
      from: windowFrom(
        Math.max(rolling.months, ...(rolling.categories ?? []).map((c) => c.months ?? 0)),
      ),
      countsFrom,
      end,
      months,
      today,
    });
    const sumFrom = (start: string, key: string | null) =>
      round2(
        inWindow.reduce(
          (sum, c) =>
            c.date >= start && (key === null || c.path.some((n) => n.key === key))
              ? sum + c.counted
              : sum,
          0,
        ),
      );
    const years = rolling.months / 12;
    const basis = exemptFirst ? ('exempt' as const) : null;
    if (required > 0) {
      minimum({
        id: 'rolling',
        kind: 'rolling',
        category: null,
        label: `${from} to ${end} (${Number.isInteger(years) ? `${years} years` : `${rolling.months} months`} at most)`,
        from,
        to: end,
        required,
        earned: sumFrom(from, null),
        basis,
      });
      for (const rc of rolling.categories ?? []) {
        const key = keys.get(rc.id) ?? null;
        const node = key === null ? undefined : nodes.get(key);
        if (key === null || node === undefined) continue;
        const own = rc.months !== undefined;
        const categoryFrom = own ? windowFrom(rc.months as number) : from;
        // A ramping window asks its share of a category's minimum; a window of its own, all of it.
        const categoryRequired =
          own || ramp === undefined || rolling.total <= 0
            ? rc.min
            : toStep((rc.min * required) / rolling.total, increment, 'up');
        minimum({
          id: `rolling:${key}`,
          kind: 'rolling',
          category: key,
          label: `${node.label}, ${categoryFrom} to ${end}`,
          from: categoryFrom,
          to: end,
          required: categoryRequired,
          earned: sumFrom(categoryFrom, key),
          basis,
        });
      }
    }
  }
  // Credits beyond a year's minimum count toward the next year, where the body allows it.
  let carry = 0;
  const years: ReportingYear[] = spans.map((span, i) => {
    const yearEarned = round2(counted(`@${i}`) + carry);
    let required: number | null = null;
    let basis: Requirement['basis'] = null;
    carry = 0;
    if (annual !== null) {
      ({ required, basis } = yearMinimum(span, annual));
      if (rule.yearCarryover !== undefined) {
        carry = Math.min(rule.yearCarryover, Math.max(0, yearEarned - required));
      }
      if (required > 0 || basis === 'credited') {
        minimum({
          id: `year:${span.from}`,
          kind: 'annual-minimum',
          category: null,
          label: span.label,
          from: span.from,
          to: span.to,
          required,
          earned: yearEarned,
          basis,
        });
      }
    }
    return { from: span.from, to: span.to, label: span.label, required, basis, earned: yearEarned };
  });
  for (const node of nodes.values()) {
    if (node.min === undefined) continue;
    if (node.per === 'cycle') {
      const { required, basis } = cycleMinimum(node.min);
      if (required <= 0) continue;
      minimum({
        id: `category:${node.key}`,
        kind: 'category-minimum',
        category: node.key,
        label: node.label,
        from: countsFrom,
        to: end,
        required,
        earned: counted(node.key),
        basis,
      });
      continue;
    }
    spans.forEach((span, i) => {
      const { required, basis } = yearMinimum(span, node.min as number);
      if (required <= 0 && basis !== 'credited') return;
      minimum({
        id: `category:${node.key}:${span.from}`,
        kind: 'category-minimum',
        category: node.key,
        label: `${node.label}, ${span.label}`,
        from: span.from,
        to: span.to,
        required,
        earned: counted(`${node.key}@${i}`),
        basis,
      });
    });
  }
  for (const node of nodes.values()) {
    if (node.max === undefined) continue;
    const periods =
      node.per === 'cycle'
        ? [{ id: `cap:${node.key}`, label: node.label, from: countsFrom, to: end, key: node.key }]
        : spans.map((span, i) => ({
            id: `cap:${node.key}:${span.from}`,
            label: `${node.label}, ${span.label}`,
            from: span.from,
            to: span.to,
            key: `${node.key}@${i}`,
          }));
    for (const p of periods) {
      const raw = rawOf(p.key);
      // A yearly cap is shown for the years it touches; a cycle's always.
      if (node.per === 'year' && raw <= 0) continue;
      const capped = counted(p.key);
      requirements.push({
        id: p.id,
        kind: 'cap',
        category: node.key,
        label: p.label,
        from: p.from,
        to: p.to,
        required: node.max,
        earned: capped,
        raw,
        met: true,
        remaining: 0,
        over: round2(raw - capped),
        closed: closed(p.to),
        basis: null,
        message: capText(p.label, raw, capped, node.max, unit),
      });
    }
  }

  const rules = requirements.filter((r) => r.kind !== 'cap');
  const ready = rules.length > 0 && rules.every((r) => r.met);
  const daysToExpiry = end === null ? null : daysBetween(today, end);

  const needed = stillToEarn(rules, end, nodes);
  let expectedSoFar: number | null = null;
  let monthlyPaceNeeded: number | null = null;
  // A total the body waives (exempt, or credited to a new holder) has no pace to keep.
  const waived = requirements.some(
    (r) => r.id === 'total' && (r.basis === 'exempt' || r.basis === 'credited'),
  );
  if (target !== null && end !== null && !waived) {
    const length = daysBetween(start, end) + 1;
    const share = length <= 0 ? 1 : Math.min(1, Math.max(0, daysBetween(start, today) / length));
    expectedSoFar = toStep(target * share, increment, 'nearest');
    if (daysToExpiry !== null && daysToExpiry >= 0) {
      const monthsLeft = Math.max(1, (daysToExpiry + 1) / DAYS_PER_MONTH);
      monthlyPaceNeeded = toStep(needed / monthsLeft, increment, 'up');
    }
  }

  let state: StandingState;
  if (expired)
    state = window === null ? 'expired' : window.kind === 'grace' ? 'grace' : 'suspended';
  else if (ready) state = 'ready';
  else if (daysToExpiry !== null && daysToExpiry <= EXPIRES_SOON_DAYS) state = 'expires-soon';
  else if (rules.length === 0 || end === null) state = 'no-target';
  else if (
    // What is left to earn (the total's, a rolling window's or the categories') beyond the pace's share.
    (expectedSoFar !== null && target !== null && needed > target - expectedSoFar + EPS) ||
    rules.some((r) => !r.met && r.closed)
  ) {
    state = 'behind';
  } else state = 'on-pace';

  const fees = rule.fees.flatMap((fee) => {
    const due = feeDue(fee, { certifiedOn, start, end, today, window });
    return due ? [due] : [];
  });

  return {
    state,
    unit,
    cycle: { start, end, countsFrom },
    daysToExpiry,
    target,
    earned,
    carriedIn,
    percent: percentDone(target, waived, needed, rules, end),
    expectedSoFar,
    monthlyPaceNeeded,
    stillToEarn: needed,
    requirements,
    ready,
    years,
    window,
    windows,
    deadlines: deadlinesOf({
      rule,
      end,
      today,
      requirements,
      years,
      windows,
      fees,
      needed,
      unit,
    }),
    fees,
    credits: counting.map(({ year: _year, path: _path, ...c }) => c),
    ruleNote,
  };
}

/** The next date a fee falls due on or after `today` (a renewal fee: the cycle's end, late or not). */
function feeDue(
  fee: Fee,
  at: {
    certifiedOn: string;
    start: string;
    end: string | null;
    today: string;
    window: WindowAfterExpiry | null;
  },
): FeeDue | null {
  const { today } = at;
  const yearly = (nth: (k: number) => string): string => {
    let k = Math.max(1, Number(today.slice(0, 4)) - Number(at.certifiedOn.slice(0, 4)) - 1);
    while (nth(k) < today && k < 1200) k++;
    return nth(k);
  };
  let date: string | null;
  switch (fee.due) {
    case 'certification-anniversary':
      date = yearly((k) => addMonthsIso(at.certifiedOn, 12 * k));
      break;
    case 'month-after-anniversary':
      date = yearly((k) => firstOfNextMonth(addMonthsIso(at.certifiedOn, 12 * k)));
      break;
    case 'cycle-anniversary': {
      let k = 1;
      while (addMonthsIso(at.start, 12 * k) < today && k < 1200) k++;
      date = addMonthsIso(at.start, 12 * k);
      // The last year's fee is paid before renewing: by the cycle's end, not on the next's start.
      if (at.end !== null && date > at.end) {
        date = at.end >= today || at.window !== null ? at.end : null;
      }
      break;
    }
    case 'fixed-date': {
      const md = fee.dueDate ?? '01-01';
      const thisYear = `${today.slice(0, 4)}-${md}`;
      date = thisYear >= today ? thisYear : `${Number(today.slice(0, 4)) + 1}-${md}`;
      break;
    }
    case 'cycle-end':
      // Past the end it is still owed while a window after it is open.
      date = at.end !== null && (at.end >= today || at.window !== null) ? at.end : null;
      break;
  }
  if (date === null) return null;
  const member = fee.memberAmount ?? null;
  const amounts = (amount: number, memberAmount: number | null) =>
    `${fee.currency} ${formatUnits(amount)}${memberAmount === null ? '' : ` (members ${formatUnits(memberAmount)})`}`;
  return {
    kind: fee.kind,
    date,
    amount: fee.amount,
    memberAmount: member,
    currency: fee.currency,
    late: fee.late
      ? {
          date: addDaysIso(date, Math.max(1, fee.late.afterDays)),
          amount: fee.late.amount,
          memberAmount: fee.late.memberAmount ?? null,
        }
      : null,
    note: fee.note,
    label: `${fee.kind === 'annual' ? 'Annual fee' : 'Renewal fee'}: ${amounts(fee.amount, member)}`,
  };
}

const KIND_ORDER: readonly DeadlineKind[] = [
  'year-end',
  'annual-fee',
  'renewal-fee',
  'late-fee',
  'category-minimum',
  'expiry',
  'grace-end',
  'suspension-end',
];

/**
 * The least still to earn by the cycle's end for every requirement closing
 * then: the total's shortfall, a rolling window's, one category's, or the
 * category minimums' together (those no other open one contains, which no
 * credit serves twice), whichever is largest. PMI's 52 Ways of Working PDUs
 * of 60 leave 8 for the total but 16 for Power Skills and Business Acumen.
 */
function stillToEarn(
  rules: readonly Requirement[],
  end: string | null,
  nodes: Map<string, Node>,
): number {
  const open = rules.filter((r) => !r.met && (r.to === end || r.to === null));
  const categories = open.filter(
    (r) => r.kind === 'category-minimum' && r.id === `category:${r.category ?? ''}`,
  );
  const parents = new Set(categories.map((r) => nodes.get(r.category ?? '')?.parent));
  const leaves = categories.filter((r) => !parents.has(r.category ?? undefined));
  const together = round2(leaves.reduce((sum, r) => sum + r.remaining, 0));
  return Math.max(0, together, ...open.map((r) => r.remaining));
}

/**
 * How much of what the cycle asks is done, 0 to 100: 100 only when nothing is left to earn by its
 * end. What is left is stillToEarn's (the total's, a rolling window's or the categories'), measured
 * against the largest of them, so a CPA Canada member with the year's 20 hours but 96 of the three
 * years' 120 to go reads 20, not 100; with the total alone it is earned / target. A total the body
 * waives is as good as met: the ring is full.
 */
function percentDone(
  target: number | null,
  waived: boolean,
  needed: number,
  rules: readonly Requirement[],
  end: string | null,
): number | null {
  if (target === null) return null;
  if (waived) return 100;
  const closing = rules.filter((r) => r.to === end || r.to === null).map((r) => r.required);
  const base = Math.max(target, ...closing);
  if (base <= 0) return 100;
  return Math.min(100, Math.max(0, round2((1 - needed / base) * 100)));
}

function deadlinesOf(d: {
  rule: RenewalRule;
  end: string | null;
  today: string;
  requirements: readonly Requirement[];
  years: readonly ReportingYear[];
  windows: readonly WindowAfterExpiry[];
  fees: readonly FeeDue[];
  /** stillToEarn's figure. */
  needed: number;
  unit: Standing['unit'];
}): Deadline[] {
  const found: Deadline[] = [];
  const { end, today } = d;
  if (end !== null) {
    const open = d.requirements.filter((r) => !r.met && (r.to === end || r.to === null));
    // A reporting year closed short blocks the renewal too, and has no deadline of its own left.
    const missed = d.requirements.filter(
      (r) => !r.met && r.closed && r.to !== end && r.to !== null,
    );
    const total = open.find((r) => r.id === 'total');
    const parts = [
      ...(total
        ? [`${unitsOf(d.needed, d.unit)} still to earn`]
        : open.length > 0
          ? [`${open.length} requirement${open.length === 1 ? '' : 's'} still to meet`]
          : []),
      ...missed.map((r) => r.message),
    ];
    const detail = parts.length > 0 ? `: ${parts.join('; ')}` : '';
    found.push({
      kind: 'expiry',
      date: end,
      label: `${d.rule.kind === 'credits' ? 'Cycle ends' : 'Certification expires'}${detail}`,
      key: `expiry:${end}`,
    });
    for (const r of open) {
      if (r.kind !== 'category-minimum') continue;
      found.push({
        kind: 'category-minimum',
        date: end,
        label: r.message,
        key: `category-minimum:${end}:${r.category ?? ''}`,
      });
    }
    for (const w of d.windows) {
      found.push({
        kind: w.kind === 'grace' ? 'grace-end' : 'suspension-end',
        date: w.to,
        label:
          w.kind === 'grace'
            ? `End of the grace period after the cycle (${daysBetween(w.from, w.to) + 1} days)`
            : `End of the suspension after expiry (${daysBetween(w.from, w.to) + 1} days): reinstate by then`,
        key: `${w.kind === 'grace' ? 'grace-end' : 'suspension-end'}:${w.to}`,
      });
    }
  }
  // The reporting year holding today, where the body sets a minimum for it.
  const year = d.years.find((y) => y.from <= today && today <= y.to);
  const yearRule = year && d.requirements.find((r) => r.id === `year:${year.from}`);
  if (year && yearRule && yearRule.basis !== 'credited' && yearRule.basis !== 'exempt') {
    found.push({
      kind: 'year-end',
      date: year.to,
      label: `End of reporting year ${yearRule.message}`,
      key: `year-end:${year.to}`,
    });
  }
  for (const fee of d.fees) {
    const kind = fee.kind === 'annual' ? 'annual-fee' : 'renewal-fee';
    found.push({ kind, date: fee.date, label: `${fee.label} due`, key: `${kind}:${fee.date}` });
    if (fee.late) {
      const amount = `${fee.currency} ${formatUnits(fee.late.amount)}${fee.late.memberAmount === null ? '' : ` (members ${formatUnits(fee.late.memberAmount)})`}`;
      found.push({
        kind: 'late-fee',
        date: fee.late.date,
        label: `Late fee from this day: ${amount}`,
        key: `late-fee:${fee.late.date}`,
      });
    }
  }
  return found
    .filter((x) => x.date >= today)
    .sort(
      (a, b) =>
        compareIsoDates(a.date, b.date) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
    );
}
