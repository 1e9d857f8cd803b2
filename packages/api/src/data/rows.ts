/** Readers for Data API JSON rows: NUMERIC arrives as a string, DATE as `YYYY-MM-DD`. */
import { z } from 'zod';

export const num = z.union([z.number(), z.string()]).transform(Number);
export const nullableNum = z
  .union([z.number(), z.string(), z.null()])
  .transform((v) => (v === null ? null : Number(v)));

/** True when a Data API DatabaseErrorException carries this PostgreSQL SQLSTATE. */
export function hasSqlState(error: unknown, state: string): boolean {
  return (
    error instanceof Error &&
    error.name === 'DatabaseErrorException' &&
    error.message.includes(`SQLState: ${state}`)
  );
}

export const SQLSTATE = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
} as const;
