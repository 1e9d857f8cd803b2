/**
 * The catalogue's figures a stored certification takes by default. Loaded
 * lazily by the handlers (the bundler makes it a file of its own), so the
 * catalogue's data costs a Lambda's cold start nothing until a request names
 * an entry.
 */
import { catalogueEntries, catalogueEntryById } from '@cpe/shared/catalogue';
import { type Dict, dict } from '@cpe/shared/dict';
import type { RuleDefaults } from '../data/certifications';

export { catalogueEntryById };

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

type RuledEntry = { id: string; keys: ReadonlySet<string> };

let ruledEntries: readonly RuledEntry[] | undefined;

/** Entries whose rules name categories or activity kinds, computed once. */
function ruled(): readonly RuledEntry[] {
  ruledEntries ??= catalogueEntries()
    .map((entry) => ({
      id: entry.id,
      // The ids of the current rule and of earlier ones: a cycle keeps the rule it started under.
      keys: new Set(
        [entry.renewal, ...(entry.renewal.earlier ?? []).map((e) => e.rule)].flatMap((r) => [
          ...(r.categories ?? []).flatMap((c) => [c.id, ...(c.aliases ?? [])]),
          ...(r.activityCaps ?? []).map((c) => c.kind),
        ]),
      ),
    }))
    .filter((entry) => entry.keys.size > 0);
  return ruledEntries;
}

/**
 * Which entries accept `category` on an activity: an entry with categories
 * or activity kinds takes only one of those ids; an entry without, or a
 * custom certification, takes any text (docs/decisions/051).
 */
export function categoryRule(category: string): { ruled: string[]; allowed: string[] } {
  const entries = ruled();
  return {
    ruled: entries.map((e) => e.id),
    allowed: entries.filter((e) => e.keys.has(category)).map((e) => e.id),
  };
}

/** Every category or activity kind the catalogue's rules name, with the entries that take it. */
export function everyCategoryRule(): { ruled: string[]; allowed: Dict<string[]> } {
  const entries = ruled();
  const allowed = dict<string[]>();
  for (const entry of entries) {
    for (const key of entry.keys) (allowed[key] ??= []).push(entry.id);
  }
  return { ruled: entries.map((e) => e.id), allowed };
}
