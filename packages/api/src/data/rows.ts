/** Readers for Data API JSON rows: NUMERIC arrives as a string, DATE as `YYYY-MM-DD`. */
import * as z from 'zod/mini';

/**
 * SQL: whether two certifications' `unit` columns count in the same unit (one
 * without a unit counts CPEs), as a credit's bound by its activity's units asks.
 */
export const sameUnit = (a: string, b: string) => `coalesce(${a}, 'CPE') = coalesce(${b}, 'CPE')`;

export const num = z.pipe(z.union([z.number(), z.string()]), z.transform(Number));
export const nullableNum = z.pipe(
  z.union([z.number(), z.string(), z.null()]),
  z.transform((v) => (v === null ? null : Number(v))),
);
