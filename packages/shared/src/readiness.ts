/**
 * Audit readiness: for one certification and one cycle, what an auditor
 * would reject today (each activity's record) and where the cycle stands by
 * its body's rules (the rules engine's answer). Pure: the API's getReadiness
 * answers it, the audit report prints it.
 */
import { addDaysIso, addMonthsEndOfMonthIso, compareIsoDates } from './dates';
import { type RuleEntry, type Standing, evaluate } from './rules';
import type { CreditUnit } from './catalogue/types';

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
  annual_minimum?: number | null;
  certified_on?: string;
  carried_in?: number;
  carried_category?: string | null;
}

/** One credit of the certification with its activity. */
export interface ReadinessCredit {
  activity_id: string;
  activity_name: string;
  activity_date: string;
  cpe_units: number;
  is_archived: boolean;
  /** A late credit a renewal kept for an earlier cycle: that cycle's start (else it goes by its date). */
  late_for_cycle?: string | null;
  submitted_on: string | null;
  provider: string | null;
  /** The category this credit counts as for the certification. */
  category: string | null;
  has_proof: boolean;
}

/** A renewed cycle as the renewal recorded it. */
export interface RecordedCycle {
  start: string;
  end: string;
  carried_in: number;
  carried_category: string | null;
}

export interface CategoryFigure {
  category: string;
  label: string;
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
  standing: Omit<Standing, 'credits'>;
}

export const READINESS_MESSAGES: Record<ReadinessProblemKind, string> = {
  no_proof: 'No proof of attendance is attached.',
  no_provider: 'The provider (sponsor) is missing.',
  over_cap: "Its units go past the body's cap for this category or kind of activity.",
  outside_cycle: 'It is dated outside the cycle.',
  not_submitted: "It is not marked as submitted to the body's portal.",
};

/**
 * The current cycle and the earlier ones, newest first: the cycles renewals
 * recorded (`history`, newest first), then, before the oldest of them,
 * cycles of cycle_months ending where the next starts (renewals made before
 * the history was kept), going back while one still holds a date on or
 * after `oldest` (the oldest credit's date).
 */
export function cyclesOf(
  cert: ReadinessCertification,
  oldest: string | null,
  history: readonly RecordedCycle[] = [],
): Cycle[] {
  const cycles: Cycle[] = [{ start: cert.earned_date, end: cert.expiry_date }];
  for (const h of history) {
    if (h.start < (cycles.at(-1) as Cycle).start) cycles.push({ start: h.start, end: h.end });
  }
  const months = cert.cycle_months;
  if (months === null || oldest === null) return cycles;
  let start = (cycles.at(-1) as Cycle).start;
  // Bounded: the dates the app stores start at 1900.
  while (oldest < start && start > '1900-12-31' && cycles.length < 1000) {
    const earlier = addMonthsEndOfMonthIso(start, -months);
    // A cycle ends the day before the next starts: a credit on that day is the next one's.
    cycles.push({ start: earlier, end: addDaysIso(start, -1) });
    start = earlier;
  }
  return cycles;
}

const inCycle = (date: string, cycle: Cycle) =>
  date >= cycle.start && (cycle.end === null || date <= cycle.end);

/**
 * Whether a credit belongs to `cycle`: for the current cycle, one not
 * archived; for a past one, one dated inside it and not kept for an earlier
 * cycle, or a late one its renewal kept for it. The API's readiness and
 * audit report (creditsOfCycle) and the readiness page's lists choose by it.
 */
export function countsInCycle(
  credit: { activity_date: string; is_archived: boolean; late_for_cycle?: string | null },
  cycle: Cycle,
  current: boolean,
): boolean {
  if (current) return !credit.is_archived;
  const late = credit.late_for_cycle ?? null;
  return late === null ? inCycle(credit.activity_date, cycle) : late === cycle.start;
}

/**
 * One cycle of a certification and the credits that belong to it: `start`
 * names it (default: the current one). The current cycle holds what still
 * counts (not archived); a past one, what was dated inside it and not kept
 * for an earlier cycle, and the late credits its renewal kept for it.
 * Undefined when no cycle starts on `start`. Readiness and the audit report
 * both read this.
 */
export function creditsOfCycle<
  C extends { activity_date: string; is_archived: boolean; late_for_cycle?: string | null },
>(
  cert: ReadinessCertification,
  credits: readonly C[],
  start: string | undefined,
  history: readonly RecordedCycle[] = [],
):
  | {
      cycle: Cycle;
      current: boolean;
      credits: C[];
      /** Credits of earlier cycles, which a rolling window reaching back before the cycle counts. */
      earlier: C[];
      recorded: RecordedCycle | undefined;
    }
  | undefined {
  const oldest = credits.reduce<string | null>(
    (min, c) => (min === null || c.activity_date < min ? c.activity_date : min),
    null,
  );
  const cycles = cyclesOf(cert, oldest, history);
  const index = start === undefined ? 0 : cycles.findIndex((c) => c.start === start);
  const cycle = cycles[index];
  if (!cycle) return undefined;
  const current = index === 0;
  return {
    cycle,
    current,
    credits: credits.filter((c) => countsInCycle(c, cycle, current)),
    // None of these is the cycle's own: a past cycle's are dated from its start on.
    earlier: current
      ? credits.filter((c) => c.is_archived)
      : credits.filter((c) => c.activity_date < cycle.start),
    recorded: history.find((h) => h.start === cycle.start),
  };
}

/**
 * Where one cycle stands by the body's rules (the engine's answer as of
 * `today`) and what an auditor would reject in its records. `credits`: for
 * the current cycle, the unarchived credits; for a past one, those dated
 * inside it (creditsOfCycle chooses). `earlier`: credits of earlier cycles,
 * counted only by a rolling window that reaches back before the cycle.
 */
export function readinessOf(
  entry: RuleEntry | undefined,
  cert: ReadinessCertification,
  cycle: { cycle: Cycle; current: boolean; recorded?: RecordedCycle | undefined },
  credits: readonly ReadinessCredit[],
  today: string,
  earlier: readonly ReadinessCredit[] = [],
): ReadinessReport {
  const { credits: counted, ...standing } = evaluate(
    entry,
    {
      earned_date: cycle.cycle.start,
      expiry_date: cycle.cycle.end,
      certified_on: cert.certified_on ?? null,
      cpe_needed: cert.cpe_needed,
      annual_minimum: cert.annual_minimum ?? null,
      cycle_months: cert.cycle_months,
      unit: cert.unit as CreditUnit | null,
      carried_in: cycle.current ? (cert.carried_in ?? 0) : (cycle.recorded?.carried_in ?? 0),
      carried_category: cycle.current
        ? (cert.carried_category ?? null)
        : (cycle.recorded?.carried_category ?? null),
    },
    [
      ...credits.map((c) => ({
        id: c.activity_id,
        date: c.activity_date,
        units: c.cpe_units,
        category: c.category,
        archived: cycle.current ? c.is_archived : false,
      })),
      ...earlier.map((c) => ({
        id: c.activity_id,
        date: c.activity_date,
        units: c.cpe_units,
        category: c.category,
        archived: true,
      })),
    ],
    today,
    { past: !cycle.current, lateKept: !cycle.current },
  );
  const countedById = new Map(counted.map((c) => [c.id, c]));

  const ordered = [...credits].sort(
    (a, b) =>
      compareIsoDates(a.activity_date, b.activity_date) ||
      (a.activity_id < b.activity_id ? -1 : a.activity_id > b.activity_id ? 1 : 0),
  );
  const problems: ReadinessProblem[] = [];
  for (const credit of ordered) {
    const flag = (kind: ReadinessProblemKind) =>
      problems.push({
        activity_id: credit.activity_id,
        activity_name: credit.activity_name,
        kind,
        message: READINESS_MESSAGES[kind],
      });
    const count = countedById.get(credit.activity_id);
    if (!credit.has_proof) flag('no_proof');
    if (credit.provider === null) flag('no_provider');
    if (!count) flag('outside_cycle');
    else if (count.counted < count.units - 1e-9) flag('over_cap');
    if (credit.submitted_on === null) flag('not_submitted');
  }

  const categories: CategoryFigure[] = [];
  for (const r of standing.requirements) {
    // The cycle's own category rules; yearly ones are in the requirements.
    if (r.category === null) continue;
    if (r.id !== `category:${r.category}` && r.id !== `cap:${r.category}`) continue;
    const figure = categories.find((c) => c.category === r.category);
    if (figure) {
      if (r.kind === 'cap') figure.maximum = r.required;
      continue;
    }
    categories.push({
      category: r.category,
      label: r.label,
      earned: r.kind === 'cap' ? r.raw : r.earned,
      minimum: r.kind === 'category-minimum' ? r.required : null,
      maximum: r.kind === 'cap' ? r.required : null,
    });
  }
  // A certification of the holder's own names any category: each is shown as it was typed.
  if (!entry) {
    const typed = new Map<string, number>();
    for (const c of counted) {
      if (c.carried) continue;
      const category = credits.find((x) => x.activity_id === c.id)?.category ?? null;
      if (category !== null) typed.set(category, (typed.get(category) ?? 0) + c.counted);
    }
    for (const [category, earned] of typed) {
      categories.push({
        category,
        label: category,
        earned: Math.round(earned * 100) / 100,
        minimum: null,
        maximum: null,
      });
    }
  }

  return {
    certification_id: cert.certification_id,
    cycle: cycle.cycle,
    totals: { earned: standing.earned, target: standing.target, unit: standing.unit ?? cert.unit },
    categories,
    problems,
    standing,
  };
}
