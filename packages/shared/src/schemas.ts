/**
 * Request and response shapes, shared by the handlers (validation), the web
 * client (typed fetch helpers) and the generated API document.
 */
import { dict } from './dict';
import './zod-config';
import * as z from 'zod/mini';
import { SEARCH_LIMITS } from './catalogue/limits';
import { CREDIT_UNITS, RENEWAL_KINDS } from './catalogue/types';
import { NO_EXPIRY_SENTINEL, addDaysIso, isRealIsoDate, todayIso } from './dates';
import { EMAIL_MESSAGES, emailProblem } from './email';
import { CATALOGUE_ID_PATTERN, LINK_PATTERN, isMultiLineText, isSingleLine } from './text-rules';

export const LIMITS = {
  nameLength: 200,
  descriptionLength: 5000,
  linkLength: 2048,
  /** Cognito's username limit: the email is the username (email.ts). */
  emailLength: 128,
  messageLength: 5000,
  maxCpe: 100_000,
  catalogueIdLength: 64,
  /** The whole range of stored dates (1900-01-01 to 2999-12-31): a cycle measured from any valid dates fits. */
  maxCycleMonths: 13_200,
  searchQueryLength: 100,
  /** Activities may be logged a little ahead (time zones, scheduled courses), not years ahead. */
  activityFutureDays: 366,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id. Malformed ids are answered like missing ones (404), so this is used for routing, not messages. */
export const idSchema = z.string().check(z.regex(UUID));

export const isoDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .check(z.trim(), z.refine(isRealIsoDate, 'must be a real date in the form YYYY-MM-DD'));

/*
 * The schema builders below are marked side-effect free (`@__NO_SIDE_EFFECTS__`)
 * as zod marks its own: a Lambda bundle then drops every schema its function
 * does not use instead of building it at each cold start (scripts/bundle.mjs
 * in packages/api).
 */

/** zod's `preprocess`: `fn` runs on the raw input, then `schema` parses what it returns. */
/* @__NO_SIDE_EFFECTS__ */
function preprocess<T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema);
}

function emptyToNull(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}

/** NUL cannot be stored in PostgreSQL text. */
const NO_NUL = (value: string) => !value.includes('\u0000');

/**
 * One line of text (names, subjects): no control characters anywhere, line
 * breaks included, whatever trimming would remove (text-rules.ts).
 */
/* @__NO_SIDE_EFFECTS__ */
function singleLineText(max: number, label: string, ...more: z.core.$ZodCheck<string>[]) {
  return z.string({ error: `${label} must be text` }).check(
    z.refine(
      (v) => NO_NUL(v) && isSingleLine(v),
      `${label} must be one line, without control characters`,
    ),
    z.trim(),
    ...more,
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );
}

/** Text of several lines (descriptions, messages): line breaks and tabs, no other control characters. */
/* @__NO_SIDE_EFFECTS__ */
function multiLineText(max: number, label: string, ...more: z.core.$ZodCheck<string>[]) {
  return z.string({ error: `${label} must be text` }).check(
    z.refine(
      (v) => NO_NUL(v) && isMultiLineText(v),
      `${label} must not contain control characters other than line breaks and tabs`,
    ),
    z.trim(),
    ...more,
    z.maxLength(max, `${label} must be at most ${max} characters`),
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

/* @__NO_SIDE_EFFECTS__ */
const requiredName = (label: string) =>
  singleLineText(LIMITS.nameLength, label, z.minLength(1, `${label} is required`));

const linkText = new RegExp(LINK_PATTERN);

/** A URL with a host: LINK_PATTERN says how it is written, the parser that it is one. */
function isHttpLink(value: string): boolean {
  if (!linkText.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

export const verificationLink = preprocess(
  emptyToNull,
  z.nullable(
    z
      .string({ error: 'must be a link' })
      .check(
        z.trim(),
        z.maxLength(LIMITS.linkLength, `must be at most ${LIMITS.linkLength} characters`),
        z.refine(
          isHttpLink,
          'must be an http(s) link starting with http:// or https://, without spaces or control characters',
        ),
      ),
  ),
);

/** An id of the certification catalogue (its existence is the API's check). */
export const catalogueId = z
  .string({ error: 'must be a catalogue id' })
  .check(
    z.trim(),
    z.maxLength(LIMITS.catalogueIdLength, 'must be a catalogue id'),
    z.regex(new RegExp(CATALOGUE_ID_PATTERN), 'must be a catalogue id'),
  );

/** Whole months from 1 to LIMITS.maxCycleMonths (numbers or numeric strings from form fields). */
export const cycleMonths = z
  .pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d+$/, 'must be a whole number'))], {
      error: 'must be a whole number of months',
    }),
    z.transform(Number),
  )
  .check(
    z.refine(Number.isInteger, 'must be a whole number of months'),
    z.refine((n) => n >= 1, 'must be at least 1'),
    z.refine((n) => n <= LIMITS.maxCycleMonths, `must be at most ${LIMITS.maxCycleMonths}`),
  );

export const creditUnit = z.enum(CREDIT_UNITS, {
  error: `must be one of ${CREDIT_UNITS.join(', ')}`,
});

/** An optional, nullable field of a body: absent, null, or '' (null) from a form. */
const optionalNullable = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(preprocess(emptyToNull, z.nullable(schema)));

const expiryDate = preprocess(
  (v) => (emptyToNull(v) === NO_EXPIRY_SENTINEL ? null : emptyToNull(v)),
  z.nullable(isoDate),
);

/**
 * The rules a certification remembers (migration 002). Each may be absent:
 * on create, absent means the catalogue entry's figure when `catalogue_id`
 * names one (else null; the cycle is then measured from the dates); on
 * update, absent means unchanged. null clears (docs/decisions/013).
 */
const ruleFields = {
  catalogue_id: optionalNullable(catalogueId),
  unit: optionalNullable(creditUnit),
  cycle_months: optionalNullable(cycleMonths),
  annual_minimum: optionalNullable(cpeAmount),
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
  /** Every non-archived activity, whatever its date (the product spec's figure). */
  total_cpes_earned: z.number(),
  percentage_completion: z.nullable(z.number()),
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  verification_link: z.nullable(z.string()),
  catalogue_id: z.nullable(z.string()),
  unit: z.nullable(creditUnit),
  cycle_months: z.nullable(z.number()),
  annual_minimum: z.nullable(z.number()),
  /** Non-archived activities dated inside the current cycle, earned_date to expiry_date (open-ended without expiry). */
  cycle_cpes_earned: z.number(),
  /** Non-archived activities dated inside the current cycle year (from the earned-date anniversary), as of today. */
  cycle_year_cpes_earned: z.number(),
  /** Non-archived activities dated inside the current calendar year. */
  calendar_year_cpes_earned: z.number(),
});
export type Certification = z.infer<typeof certification>;

/* @__NO_SIDE_EFFECTS__ */
function activityDateWithin(now: () => Date) {
  return isoDate.check(
    z.refine(
      (d) => d <= addDaysIso(todayIso(now()), LIMITS.activityFutureDays),
      `must not be more than ${LIMITS.activityFutureDays} days in the future`,
    ),
  );
}

/* @__NO_SIDE_EFFECTS__ */
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

/** Proof files: what a presigned POST accepts and an activity keeps (docs/decisions/050). */
export const FILE_RULES = {
  contentTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  maxBytes: 10 * 1024 * 1024,
  maxPerActivity: 10,
  fileNameLength: 200,
  /** Certifications one activity may count for. */
  maxCredits: 20,
  categoryLength: 100,
} as const;

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

/** PUT sends the whole activity object back; ids and flags in it are ignored (the path names the record). */
export const updateActivityBody = z.object({ ...activityFields(), ...auditFields });
export type UpdateActivityBody = z.infer<typeof updateActivityBody>;

export const proofFile = z.object({
  file_id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  uploaded_at: z.string(),
});
export type ProofFile = z.infer<typeof proofFile>;

export const credit = z.object({
  certification_id: z.string(),
  cpe_units: z.number(),
  submitted_on: z.nullable(z.string()),
  /** Archived by renewing this certification (the activity still counts for the others). */
  is_archived: z.boolean(),
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
});
export type Activity = z.infer<typeof activity>;

/** GET /api/activities/{id}?proof=missing|present */
export const listActivitiesQuery = z.object({
  proof: z.optional(z.enum(['missing', 'present'], { error: 'must be missing or present' })),
});

export const activityWithOwner = z.extend(activity, { user_id: z.string() });

/**
 * An email address as the user pool accepts it as a username (email.ts):
 * the API, the sign-up form and the local Cognito emulator read one rule, so
 * nobody Cognito confirms is refused by the API.
 */
export const emailSchema = z.string({ error: 'email is required' }).check(
  z.trim(),
  z.minLength(1, EMAIL_MESSAGES.empty),
  z.superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES[problem] });
  }),
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
  message: multiLineText(LIMITS.messageLength, 'message', z.minLength(1, 'message is required')),
});
export type ContactBody = z.infer<typeof contactBody>;

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
  const fields = dict<string>();
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** An unsubscribe link's token (packages/api/src/reminders/unsubscribe-token.ts): `<user id>.<signature>`. */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: 'is required' })
    .check(z.maxLength(200, 'is not a valid unsubscribe link')),
});

/** The calendar feed's path part: the feed's token (URL-safe base64, as issued) and `.ics`. */
export const calendarFeedId = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,128}\.ics$/));

/** POST /api/uploads: what the browser is about to upload. */
export const createUploadBody = z.object({
  file_name: requiredName('file_name').check(
    z.maxLength(
      FILE_RULES.fileNameLength,
      `file_name must be at most ${FILE_RULES.fileNameLength} characters`,
    ),
  ),
  content_type: z.enum(FILE_RULES.contentTypes, {
    error: `must be one of ${FILE_RULES.contentTypes.join(', ')}`,
  }),
  size: z.number({ error: 'must be a number of bytes' }).check(
    z.refine(Number.isInteger, 'must be a whole number of bytes'),
    z.refine((n) => n >= 1, 'must be at least 1 byte'),
    z.refine(
      (n) => n <= FILE_RULES.maxBytes,
      `must be at most ${FILE_RULES.maxBytes} bytes (10 MB)`,
    ),
  ),
});
export type CreateUploadBody = z.infer<typeof createUploadBody>;

export const upload = z.object({
  upload_id: z.string(),
  /** The presigned POST: a multipart form with `fields` first, then the file as `file`. */
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires_at: z.string(),
});

export const attachFileBody = z.object({
  upload_id: z.string({ error: 'must be an upload id' }).check(
    z.trim(),
    z.refine((v) => idSchema.safeParse(v).success, 'must be an upload id'),
  ),
});

export const downloadLink = z.object({ url: z.string() });

/** PUT /api/activities/{id}/submissions */
export const submissionBody = z.object({
  certification_id: z.string({ error: 'must be a certification id' }).check(
    z.trim(),
    z.refine((v) => idSchema.safeParse(v).success, 'must be a certification id'),
  ),
  submitted_on: preprocess(emptyToNull, z.nullable(isoDate)),
});

/** ?cycle=YYYY-MM-DD: a past cycle by its start date; absent, the current one. */
export const cycleQuery = z.object({ cycle: z.optional(isoDate) });

/** GET /api/certifications/{id}/report?format=csv|pdf|zip&cycle= */
export const REPORT_FORMATS = ['csv', 'pdf', 'zip'] as const;
export const reportQuery = z.object({
  format: z.enum(REPORT_FORMATS, { error: `must be one of ${REPORT_FORMATS.join(', ')}` }),
  cycle: z.optional(isoDate),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** POST /api/uploads/{id}/proposal: what a certificate's text suggests; every field may be absent. */
export const activityProposal = z.object({
  proposal: z.object({
    activity_name: z.optional(z.string()),
    provider: z.optional(z.string()),
    activity_date: z.optional(z.string()),
    cpe_units: z.optional(z.number()),
    description: z.optional(z.string()),
  }),
});
export type ActivityProposal = z.infer<typeof activityProposal>['proposal'];

export const cycle = z.object({
  start: z.string(),
  end: z.nullable(z.string()),
  current: z.boolean(),
});

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
});
export type Readiness = z.infer<typeof readiness>;
