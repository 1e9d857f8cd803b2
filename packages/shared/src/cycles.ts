/**
 * A certification's cycles, current and past, from what it stores: the
 * current cycle is earned_date to expiry_date, and each renewal started the
 * next cycle at the old expiry, `cycle_months` later (renewCertification). So
 * the past cycles are found by stepping back from earned_date by cycle_months
 * with the renewal's own month rule (docs/decisions/055).
 */
import { addMonthsEndOfMonthIso } from './dates';

export interface Cycle {
  start: string;
  /** Null for a current cycle without expiry. */
  end: string | null;
  current: boolean;
}

export interface CycleSource {
  earned_date: string;
  expiry_date: string | null;
  cycle_months: number | null;
}

/** More would mean a cycle of a month kept for a century: the list stops there. */
export const MAX_PAST_CYCLES = 100;

/**
 * Newest first. Past cycles reach back to the one holding `earliest` (the
 * earliest activity date the certification has); none when nothing is older
 * than the current cycle. Without cycle_months the past is one period, from
 * `earliest` to earned_date.
 */
export function cyclesOf(cert: CycleSource, earliest: string | null): Cycle[] {
  const cycles: Cycle[] = [{ start: cert.earned_date, end: cert.expiry_date, current: true }];
  if (earliest === null || earliest >= cert.earned_date) return cycles;
  const months = cert.cycle_months;
  if (months === null || months < 1) {
    cycles.push({ start: earliest, end: cert.earned_date, current: false });
    return cycles;
  }
  let end = cert.earned_date;
  for (let i = 0; i < MAX_PAST_CYCLES && earliest < end; i++) {
    const start = addMonthsEndOfMonthIso(end, -months);
    cycles.push({ start, end, current: false });
    end = start;
  }
  return cycles;
}

/** Whether an activity dated `date` belongs to the cycle (a past cycle's end is the next one's start). */
export function inCycle(cycle: Cycle, date: string): boolean {
  if (date < cycle.start) return false;
  if (cycle.end === null) return true;
  return cycle.current ? date <= cycle.end : date < cycle.end;
}

/** The cycle a `cycle=` parameter names by its start date; undefined when none starts then. */
export function cycleByStart(cycles: readonly Cycle[], start: string): Cycle | undefined {
  return cycles.find((c) => c.start === start);
}
