/**
 * Schema and server messages name fields by their wire key ("certification_name is required",
 * "must be a number"); next to a labelled input they read better with the label. Apart from the
 * zod helpers (form-errors.ts): a form that only shows messages loads no zod.
 */
export function readableMessage(field: string, label: string, message: string): string {
  if (message.startsWith(field)) return `${label}${message.slice(field.length)}`;
  if (/^must\b/.test(message)) return `${label} ${message}`;
  return message;
}
