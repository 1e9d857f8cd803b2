import type { z } from 'zod';
import type { FieldErrors } from '../api/client';

/** zod issues -> one message per field, keyed like the API's 400 `errors` (the first path segment). */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? 'body' : issue.path.map(String).join('.');
    fields[field] ??= issue.message;
  }
  return fields;
}

/**
 * Schema and server messages name fields by their wire key ("certification_name is required",
 * "must be a number"); next to a labelled input they read better with the label.
 */
export function readableMessage(field: string, label: string, message: string): string {
  if (message.startsWith(field)) return `${label}${message.slice(field.length)}`;
  if (/^must\b/.test(message)) return `${label} ${message}`;
  return message;
}
