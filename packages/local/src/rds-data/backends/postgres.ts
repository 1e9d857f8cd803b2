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

/** A PostgreSQL server: a pool, one client per session (an open transaction keeps its client). */
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
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

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
            const result = await client.query({
              text: statement.text,
              values: statement.parameters.map((p) => p.text),
              types: parseTypes(statement.parameters.map((p) => p.typeOid)),
              rowMode: 'array',
              // Always Parse/Bind/Execute, even without parameters: the Data API
              // refuses several statements in one call, and so does the extended protocol.
              queryMode: 'extended',
            } as pg.QueryArrayConfig);
            const command = result.command ?? '';
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
        async release(broken = false) {
          if (released) return;
          released = true;
          client.removeListener('error', onError);
          client.release(broken || lost);
        },
      };
    },
    async close() {
      await pool.end();
    },
  };
}
