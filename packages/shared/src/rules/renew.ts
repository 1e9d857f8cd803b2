/**
 * Renewal as the body does it (docs/certification-rules.md, "Renewal"): the
 * next cycle starts the day after the current one ends; credits dated after
 * the old cycle stay for the new one; credits dated in a window after expiry
 * go to the old cycle only as far as it needs them; rollover carries what
 * the rule allows. The API's renew statement applies the plan, guarded so
 * that it applies once.
 */
import { addDaysIso, compareIsoDates } from '../dates';
import { lastMonthsFrom, nextCycle } from './cycles';
import { type RuleEntry, evaluate, toStep } from './engine';
import type { Requirement, RuleCertification, RuleCredit, Standing } from './types';
import { ruleForCycle } from './versions';

export type RenewalRefusal =
  /** No target and no end: there is no cycle to close. */
  | { ok: false; reason: 'nothing-to-renew'; standing: Standing }
  /** A requirement of the cycle is unmet: each one, with its figures. */
  | { ok: false; reason: 'unmet'; unmet: Requirement[]; standing: Standing };

export interface RenewalPlan {
  ok: true;
  /** The new cycle: its first day (the new earned_date) and last day (null: no end). */
  start: string;
  end: string | null;
  /** Credits dated up to this day (the old cycle's last) belong to it: they are archived. */
  archiveThrough: string;
  /**
   * The late credits (dated after the old cycle, in a window after expiry)
   * the old cycle needed, by date and category: archived with it too. Late
   * ones it did not need stay for the new cycle.
   */
  lateKept: LateGroup[];
  /** Credits carried into the new cycle, and the category they count as. */
  carried: number;
  carriedCategory: string | null;
  /** The cycle renewed, as the history records it. */
  closed: { start: string; end: string };
  standing: Standing;
}

/** Late credits of one date and stored category. */
export interface LateGroup {
  date: string;
  category: string | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const inGroup = (c: RuleCredit, g: LateGroup) => c.date === g.date && c.category === g.category;

/** Whether a renewal by `plan` archives credit `c` with the old cycle. */
export function archivedBy(plan: Pick<RenewalPlan, 'archiveThrough' | 'lateKept'>, c: RuleCredit) {
  return c.date <= plan.archiveThrough || plan.lateKept.some((g) => inGroup(c, g));
}

/** What renewing on `today` does, or why it is refused. */
export function planRenewal(
  entry: RuleEntry | undefined,
  cert: RuleCertification,
  credits: readonly RuleCredit[],
  today: string,
): RenewalPlan | RenewalRefusal {
  // Without an end the cycle closes today: a credit dated later is the next cycle's, not this one's.
  const given = cert.expiry_date === null ? credits.filter((c) => c.date <= today) : [...credits];
  const standing = evaluate(entry, cert, given, today);
  if (standing.target === null && cert.expiry_date === null) {
    return { ok: false, reason: 'nothing-to-renew', standing };
  }
  // Every requirement met (a cycle that asks none, an exam's, renews on its end).
  const unmet = standing.requirements.filter((r) => !r.met);
  if (unmet.length > 0) return { ok: false, reason: 'unmet', unmet, standing };
  const end = cert.expiry_date;
  // Without an end, the cycle closes today and the next starts tomorrow.
  const closedEnd = end ?? today;
  const months = cert.cycle_months ?? entry?.renewal.cycleMonths ?? null;
  const next =
    end === null || months === null
      ? { start: addDaysIso(closedEnd, 1), end: null }
      : nextCycle({ start: cert.earned_date, end }, months);

  // Late credits go to the old cycle only as far as it needs them: the
  // earliest day through which they make it whole, then without each late
  // group (latest first) it can do without (a capped category's surplus).
  const lateDates = [...new Set(standing.credits.filter((c) => c.late).map((c) => c.date))].sort(
    compareIsoDates,
  );
  const metWith = (keep: (c: RuleCredit) => boolean) =>
    evaluate(entry, cert, given.filter(keep), today);
  // `kept`: the old cycle with what it keeps, which its surplus (rollover) is counted from.
  let kept = standing;
  let through = closedEnd;
  for (const day of [closedEnd, ...lateDates]) {
    through = day;
    kept = metWith((c) => c.date <= day);
    if (kept.requirements.every((r) => r.met)) break;
  }
  let lateKept: LateGroup[] = [];
  for (const c of given) {
    if (c.archived || c.date <= closedEnd || c.date > through) continue;
    if (!lateKept.some((g) => inGroup(c, g))) lateKept.push({ date: c.date, category: c.category });
  }
  lateKept.sort((a, b) => compareIsoDates(a.date, b.date));
  for (const group of [...lateKept].reverse()) {
    const without = lateKept.filter((g) => g !== group);
    const trial = metWith((c) => c.date <= closedEnd || without.some((g) => inGroup(c, g)));
    if (trial.requirements.every((r) => r.met)) {
      lateKept = without;
      kept = trial;
    }
  }

  let carried = 0;
  let carriedCategory: string | null = null;
  // The rule the closing cycle follows: an earlier rule may carry nothing, or carry otherwise.
  const cycleRule = entry ? ruleForCycle(entry.renewal, standing.cycle.start).rule : null;
  const rollover = standing.target === null ? null : (cycleRule?.rollover ?? null);
  if (rollover && standing.target !== null && end !== null) {
    // Only what stays with the old cycle can be its surplus: credits dated
    // after its end that it did not need belong to the new cycle instead.
    const surplus = kept.earned - standing.target;
    const from = lastMonthsFrom(end, rollover.earnedInLastMonths);
    const pool = kept.credits
      .filter((c) => !c.carried && c.date >= from && c.date <= end)
      .filter((c) => rollover.category === undefined || c.category === rollover.category);
    const eligible = pool.reduce((s, c) => s + c.counted, 0);
    const step = cycleRule?.increment ?? 0.5;
    // In whole steps of the body's increment: 0.7 is seven tenths, not six and a bit.
    carried = Math.max(0, toStep(round2(Math.min(rollover.max, surplus, eligible)), step, 'down'));
    // A credit carried leaves the old cycle: it may not take what the old cycle still needs
    // (a category minimum the carried category counts toward, a year's minimum). The most it can
    // give up, in whole steps: taking more never meets more, so a search halves the steps.
    const keeps = (c: RuleCredit) => c.date <= closedEnd || lateKept.some((g) => inGroup(c, g));
    // Taken first from credits no category minimum names, then the latest.
    const minimums = new Set(
      kept.requirements.filter((r) => r.kind === 'category-minimum').map((r) => r.category),
    );
    const order = [...pool].sort(
      (a, b) =>
        Number(minimums.has(a.category)) - Number(minimums.has(b.category)) ||
        compareIsoDates(b.date, a.date),
    );
    const stillMetWithout = (amount: number) => {
      const cut = new Map<string, number>();
      let left = amount;
      for (const c of order) {
        if (left <= 0) break;
        const taken = Math.min(left, c.counted);
        cut.set(c.id, round2(c.counted - taken));
        left = round2(left - taken);
      }
      const rest = given
        .filter(keeps)
        .map((c) => (cut.has(c.id) ? { ...c, units: cut.get(c.id) ?? c.units } : c));
      return evaluate(entry, cert, rest, today).requirements.every((r) => r.met);
    };
    if (carried > 0 && !stillMetWithout(carried)) {
      let lo = 0;
      let hi = Math.round(carried / step);
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (stillMetWithout(round2(mid * step))) lo = mid;
        else hi = mid - 1;
      }
      carried = round2(lo * step);
    }
    carriedCategory = carried > 0 ? (rollover.category ?? null) : null;
  }

  return {
    ok: true,
    start: next.start,
    end: next.end,
    archiveThrough: closedEnd,
    lateKept,
    carried,
    carriedCategory,
    closed: { start: cert.earned_date, end: closedEnd },
    standing,
  };
}
