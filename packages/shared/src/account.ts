/**
 * The account page's shapes: reminder settings, the private calendar feed,
 * the data export and account deletion (routes of the "account" group).
 */
import './zod-config';
import * as z from 'zod/mini';
import { REMINDER_LEAD_DAYS } from './deadlines';
import { emailSchema } from './schemas';

const LEAD_DAYS_MESSAGE = `must be a list of distinct lead times among ${REMINDER_LEAD_DAYS.join(', ')}`;

const leadDays = z.array(
  z
    .number({ error: LEAD_DAYS_MESSAGE })
    .check(
      z.refine((n) => (REMINDER_LEAD_DAYS as readonly number[]).includes(n), LEAD_DAYS_MESSAGE),
    ),
  { error: LEAD_DAYS_MESSAGE },
);

export const accountSettings = z.object({
  reminders_enabled: z.boolean(),
  /** Longest first. */
  reminder_lead_days: z.array(z.number()),
  marketing_opt: z.boolean(),
  calendar_feed: z.object({
    enabled: z.boolean(),
    /** When the current address was made (ISO timestamp); null while the feed is off. */
    created_at: z.nullable(z.string()),
  }),
});
export type AccountSettings = z.infer<typeof accountSettings>;

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

/** DELETE /api/account: the caller types their email to confirm. */
export const deleteAccountBody = z.object({ email: emailSchema });

const record = z.record(z.string(), z.unknown());

/** GET /api/account/export: everything stored about the caller, as stored. */
export const accountExport = z.object({
  exported_at: z.string(),
  user: record,
  settings: z.nullable(record),
  certifications: z.array(record),
  activities: z.array(record),
  /** Each activity's credit per certification it counts for. */
  credits: z.array(record),
  /** Proof files: names, types, sizes and dates (the files themselves stay in storage). */
  files: z.array(record),
});
export type AccountExport = z.infer<typeof accountExport>;
