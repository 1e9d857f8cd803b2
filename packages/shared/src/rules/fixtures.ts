/** Builders for the rules engine's tests: a renewal rule with nothing but a total, and what a test adds. */
import type { RenewalRule } from '../catalogue/types';

export function ruleWith(extra: Partial<RenewalRule> = {}): RenewalRule {
  return {
    kind: 'credits',
    unit: 'CPE',
    total: 60,
    cycleMonths: 36,
    annualMinimum: null,
    annualYear: null,
    categories: [],
    activityCaps: [],
    rollover: null,
    afterExpiry: [],
    fees: [],
    ...extra,
  };
}
