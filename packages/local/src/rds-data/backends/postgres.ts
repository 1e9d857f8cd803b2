import { createHash } from 'node:crypto';
import pg from 'pg';
import { DATA_API_LIMITS } from '../limits';
import { SqlError, type SqlBackend, type SqlResult, type SqlStatement } from '../backend';

const rawText = (value: string) => value;

/**
 * node-postgres reads a query's `types` twice: as the type-parser source for
 * results and, when it is an array, as the parameter type OIDs of the Parse
 * message. One object serving both gives typed parameters (like pgjdbc's
 * setString/setLong) and values left exactly as PostgreSQL printed them.
 */
function parseTypes(oids: number[]): pg.CustomTypesConfig {
  return Object.assign(oids.slice(), { getTypeParser: () => rawText });
}

function toSqlError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  return new SqlError({
    message: error.message,
    severity: error.severity,
    code: error.code,
    detail: error.detail,
    hint: error.hint,
    position: error.position,
    where: error.where,
    cause: error,
  });
}

/** Statements that keep their plan; DDL and session commands are always parsed afresh. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Commands after which no kept statement is reused (their result types may have changed). */
const SCHEMA_CHANGES = new Set([
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'COMMENT',
  'GRANT',
  'REVOKE',
]);

/**
 * A PostgreSQL server: a pool, one client per session (an open transaction
 * keeps its client). Like the Data API's own connections (pgjdbc's statement
 * cache), each connection prepares a statement it has seen before once and
 * then only binds and executes it, so the server keeps its plan; node-postgres
 * keeps the names per connection. A schema change starts a new generation of
 * names, as PGlite's backend forgets its plans.
 */
export async function createPostgresBackend(options: {
  connectionString: string;
  maxConnections?: number;
  /** The server cancels a statement running longer (SQLSTATE 57014): the Data API's 45 s. */
  statementTimeoutMs?: number;
}): Promise<SqlBackend> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    statement_timeout: options.statementTimeoutMs ?? DATA_API_LIMITS.statementTimeoutMs,
    // Aurora clusters default to UTC; timestamptz output and now()::timestamp depend on it.
    options: '-c TimeZone=UTC -c DateStyle=ISO,MDY',
  });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  let generation = 0;
  const statementName = (statement: SqlStatement, types: number[]): string | undefined =>
    CACHEABLE.test(statement.text)
      ? `cpe_${generation}_${createHash('sha1')
          .update(types.join(','))
          .update(':')
          .update(statement.text)
          .digest('hex')
          .slice(0, 40)}`
      : undefined;
  // Fail at start, not at the first request, when the server is unreachable.
  (await pool.connect()).release();
  return {
    kind: 'postgres',
    async acquire() {
      const client = await pool.connect();
      let released = false;
      // A connection the server ends (pg_terminate_backend, a restart) emits 'error' even while
      // checked out, when the pool no longer listens: unheard, it would end the process.
      let lost = false;
      const onError = () => {
        lost = true;
      };
      client.on('error', onError);
      return {
        async run(statement: SqlStatement): Promise<SqlResult> {
          if (released) throw new Error('session already released');
          try {
            const types = statement.parameters.map((p) => p.typeOid);
            const name = statementName(statement, types);
            const result = await client.query({
              ...(name ? { name } : {}),
              text: statement.text,
              values: statement.parameters.map((p) => p.text),
              types: parseTypes(types),
              rowMode: 'array',
              // Always Parse/Bind/Execute, even without parameters: the Data API
              // refuses several statements in one call, and so does the extended protocol.
              queryMode: 'extended',
            } as pg.QueryArrayConfig);
            const command = result.command ?? '';
            if (SCHEMA_CHANGES.has(command)) generation += 1;
            const hasResultSet = result.fields.length > 0 || command === 'SELECT';
            return {
              fields: hasResultSet
                ? result.fields.map((field) => ({
                    name: field.name,
                    typeOid: field.dataTypeID,
                    typeModifier: field.dataTypeModifier,
                    tableOid: field.tableID,
                    columnNumber: field.columnID,
                  }))
                : null,
              rows: result.rows as Array<Array<string | null>>,
              command,
              rowCount: result.rowCount ?? 0,
            };
          } catch (error) {
            throw toSqlError(error);
          }
        },
        release(broken = false) {
          if (released) return Promise.resolve();
          released = true;
          client.removeListener('error', onError);
          client.release(broken || lost);
          return Promise.resolve();
        },
      };
    },
    async close() {
      await pool.end();
    },
  };
}
