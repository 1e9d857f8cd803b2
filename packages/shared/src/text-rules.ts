/**
 * What stored text may hold, written once for two readers: the API's zod
 * schemas (`new RegExp(pattern)`) and the database's CHECK constraints, which
 * quote these patterns verbatim (packages/api/migrations; a unit test in the
 * api package fails when a migration's copy differs).
 *
 * The patterns use only what JavaScript regular expressions (without flags)
 * and PostgreSQL's advanced regular expressions read the same way: anchors,
 * literal characters, `?` and `+`, and bracket expressions with `\uXXXX`
 * escapes. NUL is left out of the ranges because PostgreSQL text cannot hold
 * it at all; the schemas refuse it on their own.
 */

/**
 * Never in a single-line field (names, links, subjects): C0 and C1 control
 * characters (CR, LF and tab included), DEL, and the Unicode line and
 * paragraph separators. A line break in a name ends up in a mail header.
 */
export const SINGLE_LINE_FORBIDDEN = '[\\u0001-\\u001f\\u007f-\\u009f\\u2028\\u2029]';

/** Never in a multi-line field (description, message): the same, except LF, CR and tab. */
export const MULTI_LINE_FORBIDDEN = '[\\u0001-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]';

/**
 * A verification link as typed: `http://` or `https://` in any letter case,
 * then at least one character that is neither a space, a control character
 * nor a backslash. (`http:evil.example`, `https:/x.y` and `ht\ttps://`, which
 * a URL parser quietly repairs, are refused: what is stored is what the user
 * will click.)
 */
export const LINK_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\u0001-\\u0020\\u007f-\\u009f\\\\]+$';

/**
 * Bidirectional formatting characters: the embeddings and overrides
 * (U+202A-U+202E), the isolates (U+2066-U+2069), the left-to-right and
 * right-to-left marks (U+200E, U+200F) and the Arabic letter mark (U+061C).
 * `invoice\u202Efdp.exe` reads as `invoiceexe.pdf`; no name or subject
 * needs them, so single-line text drops them on input.
 */
export const DIRECTION_CONTROLS = '[\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]';

const directionControls = new RegExp(DIRECTION_CONTROLS, 'g');

/** `value` without its direction-control characters (DIRECTION_CONTROLS). */
export function withoutDirectionControls(value: string): string {
  return value.replace(directionControls, '');
}

/** Catalogue ids are kebab-case (`isc2-cissp`). */
export const CATALOGUE_ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

const singleLine = new RegExp(SINGLE_LINE_FORBIDDEN);
const multiLine = new RegExp(MULTI_LINE_FORBIDDEN);

/** True when `value` holds no character a single-line field refuses. */
export function isSingleLine(value: string): boolean {
  return !singleLine.test(value);
}

/** True when `value` holds no control character besides line breaks and tabs. */
export function isMultiLineText(value: string): boolean {
  return !multiLine.test(value);
}

/** The characters a single-line field refuses, each replaced by a space (for text that must fit one line whatever it held). */
export function toSingleLine(value: string): string {
  return value.replace(new RegExp(SINGLE_LINE_FORBIDDEN, 'g'), ' ');
}
