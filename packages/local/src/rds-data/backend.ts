/**
 * What the emulator needs from a PostgreSQL engine: exclusive sessions that
 * run one statement at a time through the extended query protocol, taking
 * typed text parameters and giving back every value as PostgreSQL's own text
 * output. Type mapping stays in the emulator, so both backends answer alike.
 */

export interface SqlParameter {
  /** Parameter type OID sent in the Parse message; 0 lets the server infer it (an untyped NULL). */
  typeOid: number;
  /** Text input for that type (bytea as `\x` hex), or null for SQL NULL. */
  text: string | null;
}

export interface SqlStatement {
  /** One statement with `$n` placeholders; several statements are refused by the server. */
  text: string;
  parameters: SqlParameter[];
}

export interface SqlField {
  name: string;
  typeOid: number;
  /** atttypmod-style modifier (-1 when none), e.g. precision and scale of numeric(10,2). */
  typeModifier: number;
  /** Source table and column when the field is a plain column reference; 0 otherwise. */
  tableOid: number;
  columnNumber: number;
}

export interface SqlResult {
  /** Null when the statement returns no result set (DDL, DML without RETURNING). */
  fields: SqlField[] | null;
  /** Each value exactly as PostgreSQL printed it, null for SQL NULL. */
  rows: Array<Array<string | null>>;
  /** First word of the command tag, e.g. SELECT, INSERT; empty for an empty query. */
  command: string;
  /** Row count from the command tag (rows affected, or rows returned by SELECT); 0 when none. */
  rowCount: number;
}

/** One connection held exclusively until released. */
export interface SqlSession {
  /** Runs one statement; rejects with SqlError when PostgreSQL answers an error. */
  run(statement: SqlStatement): Promise<SqlResult>;
  /** Gives the connection back; `broken` discards it instead of reusing it. */
  release(broken?: boolean): Promise<void>;
}

export interface SqlBackend {
  readonly kind: 'pglite' | 'postgres';
  /** Waits for a free connection; the caller must release the session. */
  acquire(): Promise<SqlSession>;
  /**
   * Runs one statement on its own (autocommit). Equivalent to acquire + run +
   * release (what callers do when it is absent), but a backend may pipeline
   * these instead of waiting for each answer.
   */
  runAutocommit?(statement: SqlStatement): Promise<SqlResult>;
  close(): Promise<void>;
}

/** PostgreSQL's ErrorResponse, backend-neutral. */
export class SqlError extends Error {
  override name = 'SqlError';
  readonly severity: string;
  readonly code: string;
  readonly detail: string | undefined;
  readonly hint: string | undefined;
  readonly position: string | undefined;
  readonly where: string | undefined;
  constructor(fields: {
    message: string;
    severity?: string | undefined;
    code?: string | undefined;
    detail?: string | undefined;
    hint?: string | undefined;
    position?: string | undefined;
    where?: string | undefined;
    cause?: unknown;
  }) {
    super(fields.message, { cause: fields.cause });
    this.severity = fields.severity ?? 'ERROR';
    this.code = fields.code ?? 'XX000';
    this.detail = fields.detail;
    this.hint = fields.hint;
    this.position = fields.position;
    this.where = fields.where;
  }
}

/** Splits a command tag like `INSERT 0 3` or `SELECT 2` into its verb and row count. */
export function parseCommandTag(tag: string): { command: string; rowCount: number } {
  const words = tag.trim().split(/\s+/);
  const command = words[0] ?? '';
  const last = words[words.length - 1];
  const rowCount = words.length > 1 && last !== undefined && /^\d+$/.test(last) ? Number(last) : 0;
  return { command, rowCount };
}
