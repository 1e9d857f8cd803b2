/** The schema builders the other schema modules share (not part of the package's API). */
import * as z from 'zod/mini';
import { isMultiLineText, isSingleLine, withoutDirectionControls } from '../text-rules';
import { LIMITS } from './limits';

/** zod's `preprocess`: `fn` runs on the raw input, then `schema` parses what it returns. */
export function preprocess<T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema);
}

export function emptyToNull(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}

/** NUL cannot be stored in PostgreSQL text. */
export const NO_NUL = (value: string) => !value.includes('\u0000');

/**
 * One line of text (names, subjects): no control characters anywhere, line
 * breaks included, whatever trimming would remove (text-rules.ts); the
 * direction-control characters are dropped (a name reads as it is stored).
 */
export function singleLineText(max: number, label: string, ...more: z.core.$ZodCheck<string>[]) {
  return z.string({ error: `${label} must be text` }).check(
    z.refine(
      (v) => NO_NUL(v) && isSingleLine(v),
      `${label} must be one line, without control characters`,
    ),
    z.overwrite(withoutDirectionControls),
    z.trim(),
    ...more,
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );
}

/** Text of several lines (descriptions, messages): line breaks and tabs, no other control characters. */
export function multiLineText(max: number, label: string, ...more: z.core.$ZodCheck<string>[]) {
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

/**
 * `schema`'s text, or null when nothing is left of it once trimmed and
 * cleaned: an optional field typed as spaces (or only direction controls)
 * is cleared, never stored empty.
 */
export const blankToNull = (schema: ReturnType<typeof singleLineText>) =>
  z.pipe(
    schema,
    z.transform((value: string) => (value === '' ? null : value)),
  );

export const requiredName = (label: string) =>
  singleLineText(LIMITS.nameLength, label, z.minLength(1, `${label} is required`));

/** An optional, nullable field of a body: absent, null, or '' (null) from a form. */
export const optionalNullable = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(preprocess(emptyToNull, z.nullable(schema)));
