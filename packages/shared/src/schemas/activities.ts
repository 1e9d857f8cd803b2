/** Activities: bodies with their credits and audit fields, answers, proof files, submissions. */
import '../zod-config';
import * as z from 'zod/mini';
import { addDaysIso, todayIso } from '../dates';
import {
  emptyToNull,
  multiLineText,
  optionalNullable,
  preprocess,
  requiredName,
  singleLineText,
} from './build';
import { idSchema, isoDate, recordVersion } from './common';
import { cpeAmount } from './fields';
import { proofFile } from './files';
import { FILE_RULES, LIMITS } from './limits';

function activityDateWithin(now: () => Date) {
  return isoDate.check(
    z.refine(
      (d) => d <= addDaysIso(todayIso(now()), LIMITS.activityFutureDays),
      `must not be more than ${LIMITS.activityFutureDays} days in the future`,
    ),
  );
}

export function activityFields(now: () => Date = () => new Date()) {
  return {
    activity_name: requiredName('activity_name'),
    description: preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      multiLineText(LIMITS.descriptionLength, 'description'),
    ),
    cpe_units: preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), cpeAmount),
    activity_date: activityDateWithin(now),
  };
}

/**
 * One certification an activity counts for. cpe_units defaults to the
 * activity's; the primary certification's credit always has the activity's
 * cpe_units. submitted_on: absent keeps what is stored, null clears.
 */
export const creditInput = z.object({
  certification_id: z.string({ error: 'must be a certification id' }).check(
    z.trim(),
    z.refine((v) => idSchema.safeParse(v).success, 'must be a certification id'),
  ),
  cpe_units: z.optional(preprocess(emptyToNull, z.nullable(cpeAmount))),
  submitted_on: optionalNullable(isoDate),
  /**
   * The category this credit counts as for its certification (ISC2's Group
   * A, PMI's Ways of Working). Absent: the activity's category where the
   * certification's rules name it, else none; null clears.
   */
  category: optionalNullable(
    singleLineText(FILE_RULES.categoryLength, 'category', z.minLength(1, 'category is required')),
  ),
});
export type CreditInput = z.infer<typeof creditInput>;

const creditsField = z.optional(
  z.array(creditInput, { error: 'must be a list of credits' }).check(
    z.maxLength(FILE_RULES.maxCredits, `must list at most ${FILE_RULES.maxCredits} certifications`),
    z.superRefine((credits, ctx) => {
      const seen = new Set<string>();
      credits.forEach((credit, i) => {
        const id = credit.certification_id.toLowerCase();
        if (seen.has(id))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'certification_id'],
            message: 'is listed twice',
          });
        seen.add(id);
      });
    }),
  ),
);

/**
 * What activities gain for audits (issue 11). provider and category: absent
 * keeps what is stored on update (nothing on create), null or '' clears.
 */
const auditFields = {
  provider: optionalNullable(
    singleLineText(LIMITS.nameLength, 'provider', z.minLength(1, 'provider is required')),
  ),
  category: optionalNullable(
    singleLineText(FILE_RULES.categoryLength, 'category', z.minLength(1, 'category is required')),
  ),
  credits: creditsField,
};

export const createActivityBody = z.object({
  certification_id: z.string(),
  ...activityFields(),
  ...auditFields,
});
export type CreateActivityBody = z.infer<typeof createActivityBody>;

/** An activity's fields as a form checks them (the version is not the user's to type). */
export const activityInput = z.object({ ...activityFields(), ...auditFields });

/**
 * PUT sends the whole activity object back; ids and flags in it are ignored
 * (the path names the record), `version` is the one it read.
 */
export const updateActivityBody = z.object({
  ...activityFields(),
  ...auditFields,
  version: recordVersion,
});
export type UpdateActivityBody = z.infer<typeof updateActivityBody>;

export const credit = z.object({
  certification_id: z.string(),
  cpe_units: z.number(),
  submitted_on: z.nullable(z.string()),
  /** Archived by renewing this certification (the activity still counts for the others). */
  is_archived: z.boolean(),
  /**
   * A late credit a renewal kept for the cycle it completed: that cycle's
   * start (it is dated after the cycle's end); null otherwise.
   */
  late_for_cycle: z.optional(z.nullable(z.string())),
  /** The category it counts as for this certification; null when none. */
  category: z.nullable(z.string()),
});
export type Credit = z.infer<typeof credit>;

export const activity = z.object({
  activity_id: z.string(),
  certification_id: z.string(),
  activity_name: z.string(),
  description: z.string(),
  cpe_units: z.number(),
  activity_date: z.string(),
  is_archived: z.boolean(),
  provider: z.nullable(z.string()),
  category: z.nullable(z.string()),
  /** Every certification the activity counts for, the primary one first. */
  credits: z.array(credit),
  files: z.array(proofFile),
  has_proof: z.boolean(),
  /** 1 when created, one more on each update, submission date and renewal that archives it. */
  version: z.number(),
});
export type Activity = z.infer<typeof activity>;

/** GET /api/activities/{id}?proof=missing|present */
export const listActivitiesQuery = z.object({
  proof: z.optional(z.enum(['missing', 'present'], { error: 'must be missing or present' })),
});

export const activityWithOwner = z.extend(activity, { user_id: z.string() });
export type ActivityWithOwner = z.infer<typeof activityWithOwner>;

/** PUT /api/activities/{id}/submissions */
export const submissionBody = z.object({
  certification_id: z.string({ error: 'must be a certification id' }).check(
    z.trim(),
    z.refine((v) => idSchema.safeParse(v).success, 'must be a certification id'),
  ),
  submitted_on: preprocess(emptyToNull, z.nullable(isoDate)),
});
