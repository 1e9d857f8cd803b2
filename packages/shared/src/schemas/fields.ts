/** Fields of certifications and activities: CPE amounts, links, catalogue ids, cycles, units, expiry dates. */
import '../zod-config';
import * as z from 'zod/mini';
import { CREDIT_UNITS } from '../catalogue/types';
import { NO_EXPIRY_SENTINEL } from '../dates';
import { CATALOGUE_ID_PATTERN, LINK_PATTERN } from '../text-rules';
import { NO_NUL, emptyToNull, preprocess } from './build';
import { isoDate } from './common';
import { LIMITS } from './limits';

/** CPE amounts: numbers (or numeric strings from form fields) >= 0 with at most 2 decimals. */
export const cpeAmount = z
  .pipe(
    z.union(
      // As a number input writes them: `.5` as well as `0.5`; `-1` is a number, refused below as negative.
      [
        z.number(),
        z.string().check(z.trim(), z.regex(/^-?(\d+(\.\d+)?|\.\d+)$/, 'must be a number')),
      ],
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

const linkText = new RegExp(LINK_PATTERN);

/**
 * A URL with a host: LINK_PATTERN says how it is written (save NUL, which
 * PostgreSQL text cannot hold and its patterns cannot name), the parser that
 * it is one.
 */
function isHttpLink(value: string): boolean {
  if (!NO_NUL(value) || !linkText.test(value)) return false;
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

export const expiryDate = preprocess(
  (v) => (emptyToNull(v) === NO_EXPIRY_SENTINEL ? null : emptyToNull(v)),
  z.nullable(isoDate),
);
