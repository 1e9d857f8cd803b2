import type { SqlResult, SqlSession } from '../backend';
import { bindStatement } from '../binding';
import { columnMetadata, readCatalog } from '../metadata';
import { checkResponse, checkRows, withinStatementTimeout } from '../limits';
import { executeStatementRequest, parseRequest } from '../requests';
import { DEFAULT_RESULT_SET_OPTIONS, toField, toJsonValue, type ResultSetOptions } from '../values';
import { withSession, type Operation } from './operation';

/** Commands whose tag count is "records updated"; a SELECT's count is rows returned, not updated. */
const UPDATING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

interface Shape {
  json: boolean;
  includeResultMetadata: boolean;
  options: ResultSetOptions;
}

/** `session` is needed only to read the catalog for columnMetadata. */
async function respond(
  session: SqlSession | null,
  result: SqlResult,
  shape: Shape,
): Promise<object> {
  const numberOfRecordsUpdated = UPDATING_COMMANDS.has(result.command) ? result.rowCount : 0;
  const fields = result.fields;
  if (fields === null) return { numberOfRecordsUpdated, generatedFields: [] };

  if (shape.json) {
    const objects = result.rows.map((row) =>
      Object.fromEntries(
        fields.map((field, i) => [
          field.name,
          toJsonValue(row[i] ?? null, field.typeOid, shape.options),
        ]),
      ),
    );
    return { numberOfRecordsUpdated, formattedRecords: JSON.stringify(objects) };
  }

  const records = result.rows.map((row) =>
    fields.map((field, i) => toField(row[i] ?? null, field.typeOid, shape.options)),
  );
  if (!shape.includeResultMetadata || session === null) return { numberOfRecordsUpdated, records };
  const catalog = await readCatalog(session, fields);
  const metadata = fields.map((field, i) => columnMetadata(field, catalog[i]));
  return { numberOfRecordsUpdated, records, columnMetadata: metadata };
}

export const executeStatement: Operation = {
  name: 'ExecuteStatement',
  async handle(body, { checkTarget, noteStatement, backend, transactions, limits }) {
    const request = parseRequest(executeStatementRequest, body);
    checkTarget(request);
    const statement = bindStatement(request.sql, request.parameters ?? []);
    noteStatement(statement);
    const shape: Shape = {
      json: request.formatRecordsAs === 'JSON',
      includeResultMetadata: request.includeResultMetadata === true,
      options: { ...DEFAULT_RESULT_SET_OPTIONS, ...request.resultSetOptions },
    };
    const answer = async (session: SqlSession | null, result: SqlResult) => {
      checkRows(result, limits);
      const out = await respond(session, result, shape);
      checkResponse(out, shape.json, limits);
      return out;
    };
    const run = async (session: SqlSession) =>
      answer(session, await withinStatementTimeout(session.run(statement), limits));
    if (request.transactionId !== undefined) return transactions.use(request.transactionId, run);
    if (shape.includeResultMetadata || !backend.runAutocommit) return withSession(backend, run);
    return answer(null, await withinStatementTimeout(backend.runAutocommit(statement), limits));
  },
};
