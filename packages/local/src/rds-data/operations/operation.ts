import { SqlError, type SqlBackend, type SqlSession, type SqlStatement } from '../backend';
import type { Target } from '../requests';
import type { DataApiLimits } from '../limits';
import type { Transactions } from '../transactions';

/** What an operation may use; the router builds it once per emulator. */
export interface OperationContext {
  backend: SqlBackend;
  transactions: Transactions;
  limits: DataApiLimits;
  /** Refuses a cluster, secret or database this emulator does not stand for. */
  checkTarget: (target: Target) => void;
  /** Records a statement as it goes to the engine (RdsDataCalls.lastStatement). */
  noteStatement: (statement: SqlStatement) => void;
}

/** One Data API operation: takes the parsed JSON body, answers the response body or throws. */
export interface Operation {
  name: string;
  handle(body: unknown, context: OperationContext): Promise<object>;
}

/** Runs work on a session of its own (autocommit), giving the connection back afterwards. */
export async function withSession<T>(
  backend: SqlBackend,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const session = await backend.acquire();
  let broken = false;
  try {
    return await work(session);
  } catch (error) {
    broken = !(error instanceof SqlError);
    throw error;
  } finally {
    await session.release(broken);
  }
}
