/**
 * What a failed statement says, read once: the Data API answers a
 * DatabaseErrorException whose message is PostgreSQL's error as JDBC prints
 * it, ending in `; SQLState: NNNNN`. The client wraps it in DatabaseError so
 * handlers test codes instead of texts, and respond.ts turns the ones caused
 * by a value (a refused CHECK, a NOT NULL, a malformed number or date) into a
 * 400 naming the field.
 */
import { API_MESSAGES } from '@cpe/shared/messages';
import { ServiceUnavailableError, ValidationError } from '../errors';
import { CHECK_CONSTRAINTS } from './constraints';
import type { Params } from './params';

export const SQLSTATE = {
  notNullViolation: '23502',
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  checkViolation: '23514',
} as const;

/**
 * SQLSTATEs a stored value causes: a CHECK or NOT NULL refusing it, text too
 * long for its type, a number out of range, a malformed or out-of-range date,
 * text the type cannot parse, characters the encoding cannot hold (NUL).
 */
const BAD_INPUT_STATES = new Set([
  SQLSTATE.checkViolation,
  SQLSTATE.notNullViolation,
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now. */
const CONNECTION_LOST_STATES = new Set(['57P01', '57P02', '57P03']);

/** Seconds a client should wait before retrying a statement whose connection was lost. */
export const CONNECTION_LOST_RETRY_AFTER_SECONDS = 1;

/** The first line of PostgreSQL's message, without JDBC's `ERROR: ` prefix. */
function headline(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/^(ERROR|FATAL):\s*/, '')
    .replace(/; SQLState: \w+$/, '');
}

export class DatabaseError extends Error {
  override name = 'DatabaseError';
  /** PostgreSQL's SQLSTATE, when the message carries one. */
  readonly sqlState: string | undefined;
  /** The constraint a 23xxx error names. */
  readonly constraint: string | undefined;
  /** The column a NOT NULL violation names. */
  readonly column: string | undefined;
  /** The statement parameter whose value a data error (22xxx) quotes. */
  readonly parameter: string | undefined;

  constructor(cause: Error, params: Params = {}) {
    // The detail lines can quote a whole row: only the headline is kept in the message.
    super(headline(cause.message), { cause });
    this.sqlState = /SQLState: (\w{5})/.exec(cause.message)?.[1];
    this.constraint = /constraint "([^"]+)"/.exec(cause.message)?.[1];
    this.column = /column "([^"]+)"/.exec(cause.message)?.[1];
    const quoted = /: "((?:[^"\\]|\\.)*)"\s*$/.exec(headline(cause.message))?.[1];
    if (quoted !== undefined) {
      const names = Object.entries(params)
        .filter(([, value]) => value !== null && String(value) === quoted)
        .map(([name]) => name);
      // Only an unambiguous match names a field.
      if (names.length === 1) this.parameter = names[0];
    }
  }

  /**
   * The connection to PostgreSQL was lost during the statement (SQLSTATE class
   * 08, or 57P01-57P03: a terminated backend, a server shutting down or
   * starting): PostgreSQL rolled the statement back, so a retry is safe.
   */
  get isConnectionLost(): boolean {
    const state = this.sqlState;
    return state !== undefined && (state.startsWith('08') || CONNECTION_LOST_STATES.has(state));
  }

  /** A value the column's type or constraints refuse (not a conflict, not a broken statement). */
  get isBadInput(): boolean {
    return this.sqlState !== undefined && BAD_INPUT_STATES.has(this.sqlState);
  }
}

/** True when the Data API's error is a database error (a statement failed in PostgreSQL). */
export function isDataApiDatabaseError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'DatabaseErrorException';
}

/** True when a statement failed with this SQLSTATE. */
export function hasSqlState(error: unknown, state: string): boolean {
  return error instanceof DatabaseError && error.sqlState === state;
}

/**
 * The 400 a value the database refused deserves, naming the field: from the
 * constraint's entry in CHECK_CONSTRAINTS, the NOT NULL column, or the
 * parameter a data error quotes; `body` when nothing names one. Undefined for
 * errors a value did not cause.
 */
export function validationErrorFromDatabase(error: unknown): ValidationError | undefined {
  if (!(error instanceof DatabaseError) || !error.isBadInput) return undefined;
  const name = error.constraint;
  const rule =
    name !== undefined && Object.hasOwn(CHECK_CONSTRAINTS, name)
      ? CHECK_CONSTRAINTS[name]
      : undefined;
  let field: string;
  let message: string;
  if (rule) {
    ({ field, message } = rule);
  } else if (error.sqlState === SQLSTATE.notNullViolation && error.column !== undefined) {
    field = error.column;
    message = 'is required';
  } else {
    field = error.parameter ?? error.column ?? 'body';
    message = 'has a value the database cannot store';
  }
  return new ValidationError(`Invalid request: ${field} ${message}`, { [field]: message });
}

/** The 503 a statement whose connection was lost deserves; undefined for every other error. */
export function unavailableErrorFromDatabase(error: unknown): ServiceUnavailableError | undefined {
  if (!(error instanceof DatabaseError) || !error.isConnectionLost) return undefined;
  return new ServiceUnavailableError(
    API_MESSAGES.databaseInterrupted,
    CONNECTION_LOST_RETRY_AFTER_SECONDS,
    { cause: error },
  );
}
