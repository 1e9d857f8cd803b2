/**
 * Audit readiness (issue 11): for one certification and one cycle, what an
 * auditor would reject today, and the units per category against the
 * body's minimums and caps. Pure: the API's getReadiness answers it, the
 * audit report prints it.
 */
import type { RenewalRule } from './catalogue/types';
import { addMonthsEndOfMonthIso, cycleYearIso } from './dates';

export type ReadinessProblemKind =
  'no_proof' | 'no_provider' | 'over_cap' | 'outside_cycle' | 'not_submitted';

export interface Cycle {
  start: string;
  /** null: the certification does not expire. */
  end: string | null;
}

/** The certification's figures the cycles and readiness read. */
export interface ReadinessCertification {
  certification_id: string;
  cpe_needed: number | null;
  unit: string | null;
  earned_date: string;
  expiry_date: string | null;
  cycle_months: number | null;
}

/** One credit of the certification with its activity. */
export interface ReadinessCredit {
  activity_id: string;
  activity_name: string;
  activity_date: string;
  cpe_units: number;
  is_archived: boolean;
  submitted_on: string | null;
  provider: string | null;
  category: string | null;
  has_proof: boolean;
}

/** The part of a catalogue entry readiness reads. */
export type ReadinessRules = Pick<RenewalRule, 'categories' | 'activityCaps'>;

export interface CategoryFigure {
  category: string;
  earned: number;
  minimum: number | null;
  maximum: number | null;
}

export interface ReadinessProblem {
  activity_id: string;
  activity_name: string;
  kind: ReadinessProblemKind;
  message: string;
}

export interface ReadinessReport {
  certification_id: string;
  cycle: Cycle;
  totals: { earned: number; target: number | null; unit: string | null };
  categories: CategoryFigure[];
  problems: ReadinessProblem[];
}

export const READINESS_MESSAGES: Record<ReadinessProblemKind, string> = {
  no_proof: 'No proof of attendance is attached.',
  no_provider: 'The provider (sponsor) is missing.',
  over_cap: "Its units go past the body's cap for this category or kind of activity.",
  outside_cycle: 'It is dated outside the cycle.',
  not_submitted: "It is not marked as submitted to the body's portal.",
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The current cycle and the earlier ones, newest first: each earlier cycle
 * ends where the next starts and is cycle_months long (renewal moves the
 * dates by whole months, a month-end staying one), going back while it still
 * holds a date on or after `oldest` (the oldest credit's activity date).
 */
export function cyclesOf(cert: ReadinessCertification, oldest: string | null): Cycle[] {
  const cycles: Cycle[] = [{ start: cert.earned_date, end: cert.expiry_date }];
  const months = cert.cycle_months;
  if (months === null || oldest === null) return cycles;
  let start = cert.earned_date;
  // Bounded: the dates the app stores start at 1900.
  while (oldest < start && start > '1900-12-31' && cycles.length < 1000) {
    const earlier = addMonthsEndOfMonthIso(start, -months);
    cycles.push({ start: earlier, end: start });
    start = earlier;
  }
  return cycles;
}

const inCycle = (date: string, cycle: Cycle) =>
  date >= cycle.start && (cycle.end === null || date <= cycle.end);

/**
 * One cycle of a certification and the credits that belong to it: `start`
 * names it (default: the current one). The current cycle holds what still
 * counts (not archived); a past one, what was dated inside it. Undefined when
 * no cycle starts on `start`. Readiness and the audit report both read this.
 */
export function creditsOfCycle<C extends { activity_date: string; is_archived: boolean }>(
  cert: ReadinessCertification,
  credits: readonly C[],
  start: string | undefined,
): { cycle: Cycle; current: boolean; credits: C[] } | undefined {
  const cycles = cyclesOf(cert, credits[0]?.activity_date ?? null);
  const index = start === undefined ? 0 : cycles.findIndex((c) => c.start === start);
  const cycle = cycles[index];
  if (!cycle) return undefined;
  return {
    cycle,
    current: index === 0,
    credits:
      index === 0
        ? credits.filter((c) => !c.is_archived)
        : credits.filter((c) => inCycle(c.activity_date, cycle)),
  };
}

/**
 * The category an activity's category means for this certification: one of
 * its catalogue keys (category id or activity kind), any text when its
 * entry has none, else none (the category was chosen for another body).
 */
function categoryFor(category: string | null, rules: ReadinessRules | undefined): string | null {
  if (category === null) return null;
  if (!rules || (rules.categories.length === 0 && rules.activityCaps.length === 0)) return category;
  const known =
    rules.categories.some((c) => c.id === category) ||
    rules.activityCaps.some((c) => c.kind === category);
  return known ? category : null;
}

interface Cap {
  max: number;
  per: 'cycle' | 'year';
}

/**
 * `credits`: for the current cycle, the non-archived credits; for a past
 * cycle, the credits dated inside it (the caller chooses). Readiness depends
 * only on the records, not on today's date.
 */
export function readinessOf(
  cert: ReadinessCertification,
  rules: ReadinessRules | undefined,
  cycle: Cycle,
  credits: readonly ReadinessCredit[],
): ReadinessReport {
  const ordered = [...credits].sort(
    (a, b) =>
      a.activity_date.localeCompare(b.activity_date) || a.activity_id.localeCompare(b.activity_id),
  );
  const caps = new Map<string, Cap>();
  for (const c of rules?.categories ?? []) {
    if (c.max !== undefined) caps.set(c.id, { max: c.max, per: c.per });
  }
  for (const c of rules?.activityCaps ?? []) caps.set(c.kind, { max: c.max, per: c.per });

  const earnedBy = new Map<string, number>();
  const running = new Map<string, number>();
  const problems: ReadinessProblem[] = [];
  const flag = (credit: ReadinessCredit, kind: ReadinessProblemKind) =>
    problems.push({
      activity_id: credit.activity_id,
      activity_name: credit.activity_name,
      kind,
      message: READINESS_MESSAGES[kind],
    });

  let earned = 0;
  for (const credit of ordered) {
    const inside = inCycle(credit.activity_date, cycle);
    if (!credit.has_proof) flag(credit, 'no_proof');
    if (credit.provider === null) flag(credit, 'no_provider');
    if (!inside) flag(credit, 'outside_cycle');
    const category = categoryFor(credit.category, rules);
    if (inside) {
      earned += credit.cpe_units;
      if (category !== null) {
        earnedBy.set(category, (earnedBy.get(category) ?? 0) + credit.cpe_units);
        const cap = caps.get(category);
        if (cap) {
          const period =
            cap.per === 'year' ? cycleYearIso(cycle.start, credit.activity_date).index : 0;
          const key = `${category}\u0000${period}`;
          const sum = (running.get(key) ?? 0) + credit.cpe_units;
          running.set(key, sum);
          if (sum > cap.max + 1e-9) flag(credit, 'over_cap');
        }
      }
    }
    if (credit.submitted_on === null) flag(credit, 'not_submitted');
  }

  const categories: CategoryFigure[] = [];
  for (const c of rules?.categories ?? []) {
    categories.push({
      category: c.id,
      earned: round2(earnedBy.get(c.id) ?? 0),
      minimum: c.min ?? null,
      maximum: c.max ?? null,
    });
  }
  for (const c of rules?.activityCaps ?? []) {
    if (categories.some((f) => f.category === c.kind)) continue;
    categories.push({
      category: c.kind,
      earned: round2(earnedBy.get(c.kind) ?? 0),
      minimum: null,
      maximum: c.max,
    });
  }
  for (const [category, units] of earnedBy) {
    if (categories.some((f) => f.category === category)) continue;
    categories.push({ category, earned: round2(units), minimum: null, maximum: null });
  }

  return {
    certification_id: cert.certification_id,
    cycle,
    totals: { earned: round2(earned), target: cert.cpe_needed, unit: cert.unit },
    categories,
    problems,
  };
}
