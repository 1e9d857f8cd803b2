/** Readers for Data API JSON rows: NUMERIC arrives as a string, DATE as `YYYY-MM-DD`. */
import * as z from 'zod/mini';

export const num = z.pipe(z.union([z.number(), z.string()]), z.transform(Number));
export const nullableNum = z.pipe(
  z.union([z.number(), z.string(), z.null()]),
  z.transform((v) => (v === null ? null : Number(v))),
);
