/** Certifications: bodies, answers, cycles and audit readiness. */
import '../zod-config';
import * as z from 'zod/mini';
import { isRealIsoDate } from '../dates';
import {
  blankToNull,
  emptyToNull,
  optionalNullable,
  preprocess,
  requiredName,
  singleLineText,
} from './build';
import { LIMITS } from './limits';
import { idSchema, isoDate, recordVersion } from './common';
import { standing } from './standing';
import {
  catalogueId,
  cpeAmount,
  creditUnit,
  cycleMonths,
  expiryDate,
  verificationLink,
} from './fields';

/**
 * The rules a certification remembers (migration 002). Each may be absent:
 * on create, absent means the catalogue entry's figure when `catalogue_id`
 * names one (else null; the cycle is then measured from the dates); on
 * update, absent means unchanged. null clears (docs/decisions/013), but for
 * `cycle_months` of a certification following an entry, where null is the
 * entry's cycle (a cycle measured from the dates would not be the body's).
 */
const ruleFields = {
  catalogue_id: optionalNullable(catalogueId),
  unit: optionalNullable(creditUnit),
  cycle_months: optionalNullable(cycleMonths),
  annual_minimum: optionalNullable(cpeAmount),
  /**
   * The holder's member (or certificate) number with the body, printed on
   * audit reports. Absent: null on create, unchanged on update.
   */
  member_id: optionalNullable(blankToNull(singleLineText(LIMITS.memberIdLength, 'member_id'))),
  /**
   * When the holder first earned the certification, for one renewed since:
   * a body's first-cycle rules (exemptions, prorated or credited years,
   * ramped totals) apply only to a holder's first cycle. Absent or null on
   * create: the earned date (a first cycle); on update, absent means
   * unchanged and null the earned date.
   */
  certified_on: optionalNullable(isoDate),
};

const certificationFields = {
  certification_name: requiredName('certification_name'),
  earned_date: isoDate,
  expiry_date: expiryDate,
  cpe_needed: preprocess(emptyToNull, z.nullable(cpeAmount)),
  verification_link: verificationLink,
  ...ruleFields,
};

// Only meaningful when both dates are valid; otherwise their own messages say what is wrong.
const expiryNotBeforeEarned = z.superRefine(
  (
    value: { earned_date: string; expiry_date: string | null; certified_on?: string | null },
    ctx,
  ) => {
    if (
      value.expiry_date !== null &&
      isRealIsoDate(value.earned_date) &&
      isRealIsoDate(value.expiry_date) &&
      value.expiry_date < value.earned_date
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['expiry_date'],
        message: 'must not be before earned_date',
      });
    }
    const first = value.certified_on;
    if (
      typeof first === 'string' &&
      isRealIsoDate(first) &&
      isRealIsoDate(value.earned_date) &&
      first > value.earned_date
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['certified_on'],
        message: 'must not be after earned_date',
      });
    }
  },
);

export const certificationInput = z.object(certificationFields).check(expiryNotBeforeEarned);
export type CertificationInput = z.infer<typeof certificationInput>;

/** PUT /api/certifications/{id}: the fields and the version the client read. */
export const updateCertificationBody = z
  .object({ ...certificationFields, version: recordVersion })
  .check(expiryNotBeforeEarned);
export type UpdateCertificationBody = z.infer<typeof updateCertificationBody>;

export const createCertificationBody = z
  .object({ ...certificationFields, user_id: z.optional(idSchema) })
  .check(expiryNotBeforeEarned);
export type CreateCertificationBody = z.infer<typeof createCertificationBody>;

/**
 * PUT /api/renewCertification/{id}: the cycle being renewed, named by its
 * current expiry (null when it has none), so a retry or a second click cannot
 * renew twice. An empty body renews whatever the current cycle is (the
 * product spec's call).
 */
export const renewCertificationBody = z.object({
  expiry_date: z.optional(expiryDate),
});
export type RenewCertificationBody = z.infer<typeof renewCertificationBody>;

export const certification = z.object({
  certification_id: z.string(),
  certification_name: z.string(),
  user_id: z.string(),
  cpe_needed: z.nullable(z.number()),
  /** What counts toward the current cycle by the body's rules (standing.earned). */
  total_cpes_earned: z.number(),
  /** standing.percent: the share of what the cycle asks that is done, 0 to 100; null without a target. */
  percentage_completion: z.nullable(z.number()),
  /** The current cycle's first day (moves on renewal). */
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  verification_link: z.nullable(z.string()),
  catalogue_id: z.nullable(z.string()),
  unit: z.nullable(creditUnit),
  cycle_months: z.nullable(z.number()),
  annual_minimum: z.nullable(z.number()),
  /** The holder's member number with the body; null when none was given. */
  member_id: z.nullable(z.string()),
  /** When the holder was first certified (stays on renewal). */
  certified_on: z.string(),
  /** Credits the last renewal carried into this cycle, and the category they count as. */
  carried_in: z.number(),
  carried_category: z.nullable(z.string()),
  /** standing.earned, as before the rules engine named it. */
  cycle_cpes_earned: z.number(),
  /** What counts toward the reporting year holding today (0 where the body counts no years). */
  cycle_year_cpes_earned: z.number(),
  /** Unarchived credits dated in the current calendar year. */
  calendar_year_cpes_earned: z.number(),
  /** Where it stands by its body's rules, as of the holder's date in their settings' time zone (decision 124). */
  standing,
  /** 1 when created, one more on each update and renewal: what a PUT sends back. */
  version: z.number(),
});
export type Certification = z.infer<typeof certification>;

/** ?cycle=YYYY-MM-DD: a past cycle by its start date; absent, the current one. */
export const cycleQuery = z.object({ cycle: z.optional(isoDate) });

export const cycle = z.object({
  start: z.string(),
  end: z.nullable(z.string()),
  current: z.boolean(),
});
export type CertificationCycle = z.infer<typeof cycle>;

export const READINESS_PROBLEMS = [
  'no_proof',
  'no_provider',
  'over_cap',
  'outside_cycle',
  'not_submitted',
] as const;

export const readiness = z.object({
  certification_id: z.string(),
  cycle: z.object({ start: z.string(), end: z.nullable(z.string()) }),
  totals: z.object({
    earned: z.number(),
    target: z.nullable(z.number()),
    unit: z.nullable(z.string()),
  }),
  categories: z.array(
    z.object({
      category: z.string(),
      label: z.string(),
      earned: z.number(),
      minimum: z.nullable(z.number()),
      maximum: z.nullable(z.number()),
    }),
  ),
  problems: z.array(
    z.object({
      activity_id: z.string(),
      activity_name: z.string(),
      kind: z.enum(READINESS_PROBLEMS),
      message: z.string(),
    }),
  ),
  /** The engine's answer for this cycle: every requirement with its figures. */
  standing,
});
export type Readiness = z.infer<typeof readiness>;
