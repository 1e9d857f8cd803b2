/**
 * What every write of a new or changed activity shares (POST and PUT
 * /api/activities, accepting a proposal of the inbox): the catalogue's
 * category rule for the request, the credits with their units defaulted,
 * and the 404 or 400 a write's outcome means.
 */
import { API_MESSAGES, type CreditInput } from '@cpe/shared';
import { dict } from '@cpe/shared/dict';
import type * as activities from '../data/activities';
import { NotFoundError, ValidationError } from '../errors';

/**
 * Which catalogue entries take each category the request names (the
 * activity's and its credits'); the catalogue loads only when it names one.
 * An update that keeps the stored category (`category` absent) and names
 * credits copies that category, unknown here, to the credits whose rules take
 * it: the rule of every category goes with it.
 */
export async function categoryRule(
  category: string | null | undefined,
  credits: readonly CreditInput[] | undefined,
  { keepsStoredCategory = false }: { keepsStoredCategory?: boolean } = {},
): Promise<activities.CategoryRule> {
  const named = new Set(
    [category, ...(credits ?? []).map((c) => c.category)].filter(
      (c): c is string => typeof c === 'string',
    ),
  );
  const copiesStored = keepsStoredCategory && category === undefined && credits !== undefined;
  if (named.size === 0 && !copiesStored) return { ruled: [], allowed: {} };
  const { categoryRule: rule, everyCategoryRule } = await import('../catalogue/rules');
  if (copiesStored) return everyCategoryRule();
  const allowed = dict<readonly string[]>();
  let ruled: readonly string[] = [];
  for (const name of named) {
    const r = rule(name);
    ruled = r.ruled;
    allowed[name] = r.allowed;
  }
  return { ruled, allowed };
}

/** The body's credits with their units defaulted to the activity's. */
export function creditWrites(
  credits: readonly CreditInput[] | undefined,
  cpeUnits: number,
): activities.CreditWrite[] | undefined {
  return credits?.map((c) => ({
    certification_id: c.certification_id,
    cpe_units: c.cpe_units ?? cpeUnits,
    submitted_on: c.submitted_on,
    category: c.category,
  }));
}

/** The write's answer, or the 404/400 its outcome means. */
export function answerOf(outcome: activities.WriteOutcome) {
  switch (outcome.kind) {
    case 'ok':
      return outcome.activity;
    case 'not-found':
      throw new NotFoundError();
    case 'foreign-credit': {
      const field = `credits.${outcome.position}.certification_id`;
      throw new ValidationError(`Invalid request: ${field} ${API_MESSAGES.creditNotYours}`, {
        [field]: API_MESSAGES.creditNotYours,
      });
    }
    case 'over-units': {
      // Issue 25 item 6: a 1-unit activity credited 50,000 to another certification.
      const field = `credits.${outcome.position}.cpe_units`;
      throw new ValidationError(`Invalid request: ${field} ${API_MESSAGES.creditOverUnits}`, {
        [field]: API_MESSAGES.creditOverUnits,
      });
    }
    case 'bad-category': {
      const field = outcome.position === null ? 'category' : `credits.${outcome.position}.category`;
      throw new ValidationError(`Invalid request: ${field} ${API_MESSAGES.categoryNotInRules}`, {
        [field]: API_MESSAGES.categoryNotInRules,
      });
    }
  }
}
