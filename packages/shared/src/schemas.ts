/**
 * Request and response shapes, shared by the handlers (validation), the web
 * client (typed fetch helpers) and the generated API document.
 */
import './zod-config';
import * as z from 'zod/mini';
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
export const idSchema = z.string().check(z.regex(UUID));

export const isoDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .check(z.trim(), z.refine(isRealIsoDate, 'must be a real date in the form YYYY-MM-DD'));

/** zod's `preprocess`: `fn` runs on the raw input, then `schema` parses what it returns. */
function preprocess<T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema);
}

function emptyToNull(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}

/** NUL cannot be stored in PostgreSQL text; other control characters are kept as typed. */
const NO_NUL = (value: string) => !value.includes('\u0000');

function trimmedText(max: number, label: string, ...more: z.core.$ZodCheck<string>[]) {
  return z
    .string({ error: `${label} must be text` })
    .check(
      z.trim(),
      ...more,
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.refine(NO_NUL, `${label} must not contain NUL characters`),
    );
}

/** CPE amounts: numbers (or numeric strings from form fields) >= 0 with at most 2 decimals. */
export const cpeAmount = z
  .pipe(
    z.union(
      [z.number(), z.string().check(z.trim(), z.regex(/^\d+(\.\d+)?$/, 'must be a number'))],
      {
        error: 'must be a number',
      },
    ),
    z.transform(Number),
  )
  .check(
    z.refine(Number.isFinite, 'must be a number'),
    z.refine((n) => n >= 0, 'must be 0 or more'),
    z.refine((n) => n <= LIMITS.maxCpe, `must be at most ${LIMITS.maxCpe}`),
    z.refine(
      (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7,
      'must have at most 2 decimal places',
    ),
  );

const requiredName = (label: string) =>
  trimmedText(LIMITS.nameLength, label, z.minLength(1, `${label} is required`));

export const verificationLink = preprocess(
  emptyToNull,
  z.nullable(
    z.string({ error: 'must be a link' }).check(
      z.trim(),
      z.refine(NO_NUL, 'must not contain NUL characters'),
      z.maxLength(LIMITS.linkLength, `must be at most ${LIMITS.linkLength} characters`),
      z.refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || url.protocol === 'http:';
        } catch {
          return false;
        }
      }, 'must be an http(s) link'),
    ),
  ),
);

const expiryDate = preprocess(
  (v) => (emptyToNull(v) === NO_EXPIRY_SENTINEL ? null : emptyToNull(v)),
  z.nullable(isoDate),
);

const certificationFields = {
  certification_name: requiredName('certification_name'),
  earned_date: isoDate,
  expiry_date: expiryDate,
  cpe_needed: preprocess(emptyToNull, z.nullable(cpeAmount)),
  verification_link: verificationLink,
};

// Only meaningful when both dates are valid; otherwise their own messages say what is wrong.
const expiryNotBeforeEarned = z.superRefine(
  (value: { earned_date: string; expiry_date: string | null }, ctx) => {
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
  },
);

export const certificationInput = z.object(certificationFields).check(expiryNotBeforeEarned);
export type CertificationInput = z.infer<typeof certificationInput>;

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
  total_cpes_earned: z.number(),
  percentage_completion: z.nullable(z.number()),
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  verification_link: z.nullable(z.string()),
});
export type Certification = z.infer<typeof certification>;

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
      trimmedText(LIMITS.descriptionLength, 'description'),
    ),
    cpe_units: preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), cpeAmount),
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

export const activityWithOwner = z.extend(activity, { user_id: z.string() });

export const emailSchema = z
  .string({ error: 'email is required' })
  .check(
    z.trim(),
    z.minLength(1, 'email is required'),
    z.maxLength(LIMITS.emailLength, `email must be at most ${LIMITS.emailLength} characters`),
    z.refine(NO_NUL, 'email must not contain NUL characters'),
    z.email('must be an email address'),
  );

export const user = z.object({
  user_id: z.string(),
  email: z.string(),
  marketing_opt: z.boolean(),
});
export type User = z.infer<typeof user>;

export const ensureUserBody = z.object({
  email: z.optional(emailSchema),
  marketing_opt: z.optional(z.boolean({ error: 'marketing_opt must be true or false' })),
});

export const contactBody = z.object({
  name: requiredName('name'),
  email: emailSchema,
  message: trimmedText(LIMITS.messageLength, 'message', z.minLength(1, 'message is required')),
});
export type ContactBody = z.infer<typeof contactBody>;

export const recommendation = z.object({
  text: z.string(),
  source: z.enum(['openai', 'catalogue']),
});

export const health = z.object({ status: z.literal('ok') });

export const errorBody = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
});
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * zod issues -> one message per field, the first issue of each: the `errors`
 * of a 400 answer and the messages under form fields. `["expiry_date"]` ->
 * "expiry_date"; an issue on the whole body -> "body".
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    fields[field] ??= issue.message;
  }
  return fields;
}
