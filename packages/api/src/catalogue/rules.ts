/**
 * The catalogue's figures a stored certification takes by default. Loaded
 * lazily by the handlers (the bundler makes it a file of its own), so the
 * catalogue's data costs a Lambda's cold start nothing until a request names
 * an entry.
 */
import { catalogueEntryById } from '@cpe/shared/catalogue';
import type { RuleDefaults } from '../data/certifications';

/** The entry's unit, cycle and annual minimum; undefined when the catalogue has no such id. */
export function catalogueRuleDefaults(id: string): RuleDefaults | undefined {
  const entry = catalogueEntryById(id);
  if (!entry) return undefined;
  return {
    unit: entry.renewal.unit,
    cycle_months: entry.renewal.cycleMonths,
    annual_minimum: entry.renewal.annualMinimum,
  };
}
