/** Shapes every handler group uses: record ids, dates, the health answer, errors. */
import '../zod-config';
import * as z from 'zod/mini';
import { dict } from '../dict';
import { isRealIsoDate } from '../dates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id. Malformed ids are answered like missing ones (404), so this is used for routing, not messages. */
export const idSchema = z.string().check(z.regex(UUID));

export const isoDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .check(z.trim(), z.refine(isRealIsoDate, 'must be a real date in the form YYYY-MM-DD'));

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
