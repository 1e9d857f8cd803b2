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

const ruleFields = {
  kind: z.enum(RENEWAL_KINDS),
  unit: z.nullable(creditUnit),
  total: z.nullable(z.number()),
  cycleMonths: z.nullable(z.number()),
  cycleStart: z.optional(
    z.enum(['earned-date', 'month-after', 'year-after', 'month-end', 'year-end', 'fixed']),
  ),
  periodEnd: z.optional(z.string()),
  firstCycle: z.optional(
    z.union([
      z.enum(['full', 'prorated', 'exempt']),
      z.object({ units: z.number(), months: z.number(), count: z.enum(['whole', 'started']) }),
    ]),
  ),
  firstCycleMinMonths: z.optional(z.number()),
  firstCycleExemptAfter: z.optional(z.string()),
  firstTotals: z.optional(z.array(z.number())),
  yearCarryover: z.optional(z.number()),
  annualMinimum: z.nullable(z.number()),
  annualYear: z.nullable(z.enum(['cycle', 'calendar', 'fiscal'])),
  yearStartMonth: z.optional(z.number()),
  partialYear: z.optional(z.enum(['full', 'prorated', 'exempt'])),
  newlyCertifiedYears: z.optional(z.number()),
  rolling: z.optional(
    z.object({
      months: z.number(),
      total: z.number(),
      ramp: z.optional(z.array(z.number())),
      rampMonths: z.optional(z.array(z.number())),
      categories: z.optional(
        z.array(z.object({ id: z.string(), min: z.number(), months: z.optional(z.number()) })),
      ),
    }),
  ),
  increment: z.optional(z.number()),
  categories: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      min: z.optional(z.number()),
      max: z.optional(z.number()),
      per: rulePeriod,
      parent: z.optional(z.string()),
      aliases: z.optional(z.array(z.string())),
    }),
  ),
  activityCaps: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      max: z.number(),
      per: rulePeriod,
      parent: z.optional(z.string()),
    }),
  ),
  rollover: z.nullable(
    z.object({
      max: z.number(),
      earnedInLastMonths: z.number(),
      category: z.optional(z.string()),
      intoFirstYear: z.optional(z.boolean()),
    }),
  ),
  afterExpiry: z.array(
    z.object({
      kind: z.enum(['grace', 'suspension']),
      days: z.optional(z.number()),
      months: z.optional(z.number()),
      creditsCount: z.boolean(),
      note: z.string(),
    }),
  ),
  fees: z.array(
    z.object({
      kind: z.enum(['annual', 'renewal']),
      amount: z.number(),
      memberAmount: z.optional(z.number()),
      currency: z.string(),
      due: z.enum([
        'certification-anniversary',
        'month-after-anniversary',
        'cycle-anniversary',
        'fixed-date',
        'cycle-end',
      ]),
      dueDate: z.optional(z.string()),
      late: z.optional(
        z.object({
          amount: z.number(),
          memberAmount: z.optional(z.number()),
          afterDays: z.number(),
        }),
      ),
      note: z.string(),
    }),
  ),
  since: z.optional(z.string()),
};

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
    ...ruleFields,
    earlier: z.optional(
      z.array(
        z.object({ before: z.string(), rule: z.partial(z.object(ruleFields)), note: z.string() }),
      ),
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
