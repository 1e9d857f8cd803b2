/** zod issues -> one message per field, keyed like the API's 400 `errors`. */
export { fieldErrors as fieldErrorsFrom } from '@cpe/shared/schemas';

/**
 * Schema and server messages name fields by their wire key ("certification_name is required",
 * "must be a number"); next to a labelled input they read better with the label.
 */
export function readableMessage(field: string, label: string, message: string): string {
  if (message.startsWith(field)) return `${label}${message.slice(field.length)}`;
  if (/^must\b/.test(message)) return `${label} ${message}`;
  return message;
}
