import type { SqlSession, SqlStatement } from '../backend';
import { bindStatement } from '../binding';
import { batchExecuteStatementRequest, parseRequest } from '../requests';
import { withSession, type Operation } from './operation';

async function runAll(session: SqlSession, statements: SqlStatement[]): Promise<void> {
  for (const statement of statements) await session.run(statement);
}

/** Runs the statement once per parameter set, all or nothing. */
export const batchExecuteStatement: Operation = {
  name: 'BatchExecuteStatement',
  async handle(body, { checkTarget, backend, transactions }) {
    const request = parseRequest(batchExecuteStatementRequest, body);
    checkTarget(request);
    const sets = request.parameterSets ?? [];
    // Bind every set before running any, so a bad set changes nothing.
    const statements = (sets.length === 0 ? [[]] : sets).map((set) =>
      bindStatement(request.sql, set),
    );
    const response = { updateResults: sets.map(() => ({ generatedFields: [] })) };

    if (request.transactionId !== undefined) {
      await transactions.use(request.transactionId, (session) => runAll(session, statements));
      return response;
    }
    await withSession(backend, async (session) => {
      await session.run({ text: 'BEGIN', parameters: [] });
      try {
        await runAll(session, statements);
      } catch (error) {
        // The statement's error is the one to report, not a failed cleanup.
        await session.run({ text: 'ROLLBACK', parameters: [] }).catch(() => undefined);
        throw error;
      }
      await session.run({ text: 'COMMIT', parameters: [] });
    });
    return response;
  },
};
