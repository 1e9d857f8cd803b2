/** Which version of a body's rule governs a cycle. */
import type { RenewalRule } from '../catalogue/types';
import { compareIsoDates } from '../dates';

/**
 * The rule a cycle follows: the current one, or the earlier one in force
 * when the cycle started (a certification keeps the rule of its cycle).
 */
export function ruleForCycle(
  rule: RenewalRule,
  cycleStart: string,
): { rule: RenewalRule; note: string | null } {
  if (rule.since === undefined || rule.earlier === undefined || cycleStart >= rule.since) {
    return { rule, note: null };
  }
  const earlier = rule.earlier
    .filter((e) => cycleStart < e.before)
    .sort((a, b) => compareIsoDates(a.before, b.before))[0];
  return earlier
    ? { rule: { ...rule, ...earlier.rule }, note: earlier.note }
    : { rule, note: null };
}
