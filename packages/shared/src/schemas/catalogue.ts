/** The certification catalogue: search, entries and recommendations. */
import '../zod-config';
import * as z from 'zod/mini';
import { SEARCH_LIMITS } from '../catalogue/limits';
import { RENEWAL_KINDS } from '../catalogue/types';
import { singleLineText } from './build';
import { creditUnit } from './fields';
import { LIMITS } from './limits';

/** GET /api/catalogue?q=&limit= */
export const catalogueQuery = z.object({
  q: z.optional(singleLineText(LIMITS.searchQueryLength, 'q')),
  limit: z.optional(
    z
      .pipe(
        z.string().check(z.trim(), z.regex(/^\d+$/, 'must be a whole number')),
        z.transform(Number),
      )
      .check(
        z.refine(
          (n) => n >= 1 && n <= SEARCH_LIMITS.maxLimit,
          `must be from 1 to ${SEARCH_LIMITS.maxLimit}`,
        ),
      ),
  ),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

const rulePeriod = z.enum(['cycle', 'year']);

/** A catalogue entry as the API answers it (catalogue/public.ts; docs/certification-rules.md). */
export const catalogueEntry = z.object({
  id: z.string(),
  body: z.string(),
  name: z.string(),
  fullName: z.string(),
  aliases: z.array(z.string()),
  domains: z.array(z.string()),
  level: z.number(),
  nextSteps: z.array(z.string()),
  renewal: z.object({
    kind: z.enum(RENEWAL_KINDS),
    unit: z.nullable(creditUnit),
    total: z.nullable(z.number()),
    cycleMonths: z.nullable(z.number()),
    annualMinimum: z.nullable(z.number()),
    annualYear: z.nullable(z.enum(['cycle', 'calendar'])),
    categories: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        min: z.optional(z.number()),
        max: z.optional(z.number()),
        per: rulePeriod,
      }),
    ),
    activityCaps: z.array(
      z.object({ kind: z.string(), label: z.string(), max: z.number(), per: rulePeriod }),
    ),
    rollover: z.nullable(z.object({ max: z.number(), earnedInLastMonths: z.number() })),
    graceDays: z.nullable(z.number()),
    fee: z.nullable(
      z.object({
        amount: z.number(),
        currency: z.string(),
        due: z.enum(['annual', 'renewal']),
        dueMonth: z.nullable(z.enum(['anniversary', 'calendar-year-start'])),
        note: z.string(),
      }),
    ),
  }),
  notes: z.string(),
  source: z.string(),
  checked: z.string(),
  uncertain: z.boolean(),
  uncertainNote: z.nullable(z.string()),
});

export const recommendation = z.object({
  text: z.string(),
  source: z.enum(['openai', 'catalogue']),
  /**
   * Catalogue ids of the certifications the answer recommends, in the order
   * the text names them: the offline recommender's picks, or the entries the
   * model's text names. The web app offers to add each with one click.
   */
  entries: z.array(z.string()),
});
