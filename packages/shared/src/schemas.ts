/**
 * Request and response shapes, shared by the handlers (validation), the web
 * client (typed fetch helpers) and the generated API document.
 */
import './zod-config';
import * as z from 'zod';
import { NO_EXPIRY_SENTINEL, addDaysIso, isRealIsoDate, todayIso } from './dates';

export const LIMITS = {
  nameLength: 200,
  descriptionLength: 5000,
  linkLength: 2048,
  emailLength: 254,
  messageLength: 5000,
  maxCpe: 100_000,
  /** Activities may be logged a little ahead (time zones, scheduled courses), not years ahead. */
  activityFutureDays: 366,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id. Malformed ids are answered like missing ones (404), so this is used for routing, not messages. */
export const idSchema = z.string().regex(UUID);

export const isoDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .trim()
  .refine(isRealIsoDate, { message: 'must be a real date in the form YYYY-MM-DD' });

function emptyToNull(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}

/** NUL cannot be stored in PostgreSQL text; other control characters are kept as typed. */
const NO_NUL = (value: string) => !value.includes('\u0000');

function trimmedText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine(NO_NUL, { message: `${label} must not contain NUL characters` });
}

/** CPE amounts: numbers (or numeric strings from form fields) >= 0 with at most 2 decimals. */
export const cpeAmount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, { message: 'must be a number' }),
    ],
    {
      error: 'must be a number',
    },
  )
  .transform(Number)
  .refine(Number.isFinite, { message: 'must be a number' })
  .refine((n) => n >= 0, { message: 'must be 0 or more' })
  .refine((n) => n <= LIMITS.maxCpe, { message: `must be at most ${LIMITS.maxCpe}` })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7, {
    message: 'must have at most 2 decimal places',
  });

const requiredName = (label: string) =>
  trimmedText(LIMITS.nameLength, label).min(1, { message: `${label} is required` });

export const verificationLink = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'must be a link' })
    .trim()
    .refine(NO_NUL, { message: 'must not contain NUL characters' })
    .max(LIMITS.linkLength, { message: `must be at most ${LIMITS.linkLength} characters` })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || url.protocol === 'http:';
        } catch {
          return false;
        }
      },
      { message: 'must be an http(s) link' },
    )
    .nullable(),
);

const expiryDate = z.preprocess(
  (v) => (emptyToNull(v) === NO_EXPIRY_SENTINEL ? null : emptyToNull(v)),
  isoDate.nullable(),
);

const certificationFields = {
  certification_name: requiredName('certification_name'),
  earned_date: isoDate,
  expiry_date: expiryDate,
  cpe_needed: z.preprocess(emptyToNull, cpeAmount.nullable()),
  verification_link: verificationLink,
};

function expiryNotBeforeEarned(
  value: { earned_date: string; expiry_date: string | null },
  ctx: z.RefinementCtx,
): void {
  // Only meaningful when both dates are valid; otherwise their own messages say what is wrong.
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
}

export const certificationInput = z.object(certificationFields).superRefine(expiryNotBeforeEarned);
export type CertificationInput = z.infer<typeof certificationInput>;

export const createCertificationBody = z
  .object({ ...certificationFields, user_id: idSchema.optional() })
  .superRefine(expiryNotBeforeEarned);
export type CreateCertificationBody = z.infer<typeof createCertificationBody>;

export const certification = z.object({
  certification_id: z.string(),
  certification_name: z.string(),
  user_id: z.string(),
  cpe_needed: z.number().nullable(),
  total_cpes_earned: z.number(),
  percentage_completion: z.number().nullable(),
  earned_date: z.string(),
  expiry_date: z.string().nullable(),
  verification_link: z.string().nullable(),
});
export type Certification = z.infer<typeof certification>;

function activityDateWithin(now: () => Date) {
  return isoDate.refine((d) => d <= addDaysIso(todayIso(now()), LIMITS.activityFutureDays), {
    message: `must not be more than ${LIMITS.activityFutureDays} days in the future`,
  });
}

export function activityFields(now: () => Date = () => new Date()) {
  return {
    activity_name: requiredName('activity_name'),
    description: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      trimmedText(LIMITS.descriptionLength, 'description'),
    ),
    cpe_units: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), cpeAmount),
    activity_date: activityDateWithin(now),
  };
}

export const createActivityBody = z.object({ certification_id: z.string(), ...activityFields() });
export type CreateActivityBody = z.infer<typeof createActivityBody>;

/** PUT sends the whole activity object back; ids and flags in it are ignored (the path names the record). */
export const updateActivityBody = z.object(activityFields());
export type UpdateActivityBody = z.infer<typeof updateActivityBody>;

export const activity = z.object({
  activity_id: z.string(),
  certification_id: z.string(),
  activity_name: z.string(),
  description: z.string(),
  cpe_units: z.number(),
  activity_date: z.string(),
  is_archived: z.boolean(),
});
export type Activity = z.infer<typeof activity>;

export const activityWithOwner = activity.extend({ user_id: z.string() });

export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, { message: 'email is required' })
  .max(LIMITS.emailLength, { message: `email must be at most ${LIMITS.emailLength} characters` })
  .refine(NO_NUL, { message: 'email must not contain NUL characters' })
  .email({ message: 'must be an email address' });

export const user = z.object({
  user_id: z.string(),
  email: z.string(),
  marketing_opt: z.boolean(),
});
export type User = z.infer<typeof user>;

export const ensureUserBody = z.object({
  email: emailSchema.optional(),
  marketing_opt: z.boolean({ error: 'marketing_opt must be true or false' }).optional(),
});

export const contactBody = z.object({
  name: requiredName('name'),
  email: emailSchema,
  message: trimmedText(LIMITS.messageLength, 'message').min(1, { message: 'message is required' }),
});
export type ContactBody = z.infer<typeof contactBody>;

export const recommendation = z.object({
  text: z.string(),
  source: z.enum(['openai', 'catalogue']),
});

export const health = z.object({ status: z.literal('ok') });

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
