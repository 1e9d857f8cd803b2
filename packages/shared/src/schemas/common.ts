/** Shapes every handler group uses: record ids, dates, the health answer, errors. */
import '../zod-config';
import * as z from 'zod/mini';
import { dict } from '../dict';
import { isRealIsoDate } from '../dates';
import { API_MESSAGES } from '../messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id. Malformed ids are answered like missing ones (404), so this is used for routing, not messages. */
export const idSchema = z.string().check(z.regex(UUID));

export const isoDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .check(z.trim(), z.refine(isRealIsoDate, 'must be a real date in the form YYYY-MM-DD'));

export const health = z.object({ status: z.literal('ok') });

/** The largest version a record can have: its column is a 32-bit integer. */
export const MAX_RECORD_VERSION = 2_147_483_647;

/**
 * The version of a record as its PUT read it (docs/decisions/096): every
 * certification and activity answer carries `version`; a PUT sends it back
 * and applies only while it is still the stored one (409 with the current
 * record otherwise). Required: a PUT without it is refused 400.
 */
export const recordVersion = z.number({ error: API_MESSAGES.versionRequired }).check(
  z.refine(Number.isSafeInteger, 'must be a whole number'),
  z.refine((n) => n >= 1, 'must be 1 or more'),
  // The column is a PostgreSQL integer: a larger one would reach the database and be refused as the body's.
  z.refine((n) => n <= MAX_RECORD_VERSION, `must be at most ${MAX_RECORD_VERSION}`),
);

/** The body of a 409 for a stale version: the record as stored now. */
export const staleConflict = <T extends z.ZodMiniType>(record: T) =>
  z.object({ message: z.string(), current: record });

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
