/**
 * The account page's shapes: reminder settings, the private calendar feed,
 * the data export and account deletion (routes of the "account" group).
 */
import './zod-config';
import * as z from 'zod/mini';
import { REMINDER_LEAD_DAYS } from './deadlines';
import { emailSchema } from './schemas';
import { PASSWORD_POLICY } from './user-pool';
import { blankToNull, emptyToNull, preprocess, singleLineText } from './schemas/build';

const LEAD_DAYS_MESSAGE = `must be a list of distinct lead times among ${REMINDER_LEAD_DAYS.join(', ')}`;

const leadDays = z.array(
  z
    .number({ error: LEAD_DAYS_MESSAGE })
    .check(
      z.refine((n) => (REMINDER_LEAD_DAYS as readonly number[]).includes(n), LEAD_DAYS_MESSAGE),
    ),
  { error: LEAD_DAYS_MESSAGE },
);

/** What mail uses while a user has chosen no locale, and no time zone. */
export const MAIL_DEFAULT_LOCALE = 'en-GB';
export const MAIL_DEFAULT_TIME_ZONE = 'UTC';
export const HOLDER_NAME_MAX = 200;

export const LOCALE_MESSAGE = 'Locale must be a language tag such as en-GB, en-US or de-DE';
export const TIME_ZONE_MESSAGE =
  'Time zone must be a time zone name such as Europe/London or America/New_York';

/**
 * The tag in its canonical form (`en-gb` -> `en-GB`); undefined when it is not
 * a BCP 47 tag of a language Intl can write dates in.
 */
export function canonicalLocale(tag: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,6}$/.test(tag)) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length > 0
      ? canonical
      : undefined;
  } catch {
    return undefined;
  }
}

/** The zone's canonical IANA name (`europe/berlin` -> `Europe/Berlin`); undefined when unknown. */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!/^[A-Za-z0-9_+/-]{1,64}$/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const localeTag = z.pipe(
  z.string({ error: LOCALE_MESSAGE }).check(
    z.trim(),
    z.refine((v) => canonicalLocale(v) !== undefined, LOCALE_MESSAGE),
  ),
  z.transform((v) => canonicalLocale(v) ?? v),
);

const timeZoneName = z.pipe(
  z.string({ error: TIME_ZONE_MESSAGE }).check(
    z.trim(),
    z.refine((v) => canonicalTimeZone(v) !== undefined, TIME_ZONE_MESSAGE),
  ),
  z.transform((v) => canonicalTimeZone(v) ?? v),
);

export const accountSettings = z.object({
  reminders_enabled: z.boolean(),
  /** Longest first. */
  reminder_lead_days: z.array(z.number()),
  marketing_opt: z.boolean(),
  /** The BCP 47 tag mail formats dates and numbers in; null: the default (MAIL_DEFAULT_LOCALE). */
  locale: z.nullable(z.string()),
  /** The IANA zone whose date is "today" for reminders; null: the default (UTC). */
  time_zone: z.nullable(z.string()),
  /** The holder's name, printed on the audit reports next to the email; null: none. */
  holder_name: z.nullable(z.string()),
  calendar_feed: z.object({
    enabled: z.boolean(),
    /** When the current address was made (ISO timestamp); null while the feed is off. */
    created_at: z.nullable(z.string()),
  }),
  /**
   * The private address certificates are forwarded to
   * (`<random>@in.<site domain>`, docs/capture.md); null where the site
   * receives no mail.
   */
  forwarding_address: z.nullable(z.string()),
});
export type AccountSettings = z.infer<typeof accountSettings>;

/** POST /api/account/forwarding: the new forwarding address (the old one no longer works). */
export const forwardingAddress = z.object({ forwarding_address: z.string() });
export type ForwardingAddress = z.infer<typeof forwardingAddress>;

/**
 * A forwarding address's local part as the database draws it (migration
 * 014): 20 characters without look-alikes (no 0/o, 1/l/i).
 */
export const FORWARDING_LOCAL_PATTERN = /^[a-hjkmnp-z2-9]{20}$/;

/** PUT /api/account/settings: each field optional; what is absent stays as it is. */
export const updateAccountSettingsBody = z.object({
  reminders_enabled: z.optional(z.boolean({ error: 'reminders_enabled must be true or false' })),
  reminder_lead_days: z.optional(
    z.pipe(
      leadDays.check(z.refine((days) => new Set(days).size === days.length, LEAD_DAYS_MESSAGE)),
      z.transform((days) => [...days].sort((a, b) => b - a)),
    ),
  ),
  marketing_opt: z.optional(z.boolean({ error: 'marketing_opt must be true or false' })),
  locale: z.optional(preprocess(emptyToNull, z.nullable(localeTag))),
  time_zone: z.optional(preprocess(emptyToNull, z.nullable(timeZoneName))),
  holder_name: z.optional(
    preprocess(
      emptyToNull,
      z.nullable(blankToNull(singleLineText(HOLDER_NAME_MAX, 'Name on reports'))),
    ),
  ),
});
export type UpdateAccountSettingsBody = z.input<typeof updateAccountSettingsBody>;

/**
 * The feed's address, answered once when it is made: only its hash is kept.
 * `path` is same-origin (`/api/calendar/{token}.ics`); the page prefixes its
 * own origin, the one CloudFront serves both from.
 */
export const calendarFeed = z.object({
  path: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** The feed's path for a token (the reminders' feed route answers it). */
export function calendarFeedPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}

/** What the unsubscribe link's routes answer: whether reminder emails are on now. */
export const remindersSwitch = z.object({ reminders_enabled: z.boolean() });
export type RemindersSwitch = z.infer<typeof remindersSwitch>;

/** POST /api/account/password: the current password and the new one (the pool's policy). */
export const changePasswordBody = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .check(
      z.minLength(1, 'Current password is required'),
      z.maxLength(256, 'Current password must be at most 256 characters'),
    ),
  new_password: z
    .string({ error: 'New password is required' })
    .check(
      z.minLength(
        PASSWORD_POLICY.minLength,
        `New password must be at least ${PASSWORD_POLICY.minLength} characters`,
      ),
      z.maxLength(256, 'New password must be at most 256 characters'),
    ),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** DELETE /api/account: the caller types their email to confirm. */
export const deleteAccountBody = z.object({ email: emailSchema });

const record = z.record(z.string(), z.unknown());

/** GET /api/account/export: everything stored about the caller, as stored. */
export const accountExport = z.object({
  exported_at: z.string(),
  user: record,
  settings: z.nullable(record),
  certifications: z.array(record),
  /** The cycles renewals closed, with what each carried in and out. */
  renewed_cycles: z.array(record),
  activities: z.array(record),
  /** Each activity's credit per certification it counts for. */
  credits: z.array(record),
  /** Proof files: names, types, sizes and dates (the files themselves stay in storage). */
  files: z.array(record),
  /** Files uploaded for a proposal and not yet used. */
  uploads: z.array(record),
  /** The reminders sent. */
  reminders: z.array(record),
  /** The inbox: proposals from uploads and forwarded mail, with their fields. */
  proposals: z.array(record),
});
export type AccountExport = z.infer<typeof accountExport>;
