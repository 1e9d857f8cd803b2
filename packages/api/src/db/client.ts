/**
 * The database client every handler uses: SQL over the RDS Data API with named
 * parameters, rows parsed with zod, and the wait for a paused Aurora cluster.
 *
 * Rows come back as `formatRecordsAs: JSON` (one object per row, named by
 * column), so NUMERIC arrives as a string and DATE as `YYYY-MM-DD`: the row
 * schemas say how to read them.
 */
import type {
  BatchExecuteStatementRequest,
  BeginTransactionRequest,
  CommitTransactionRequest,
  ExecuteStatementRequest,
  RollbackTransactionRequest,
} from '@aws-sdk/client-rds-data';
import type * as z from 'zod/mini';
import { ServiceUnavailableError } from '../errors';
import { DatabaseError, isDataApiDatabaseError } from './errors';
import { type Params, toSqlParameters } from './params';

export interface DbConfig {
  resourceArn: string;
  secretArn: string;
  database: string;
  /** Total time to keep retrying DatabaseResumingException before answering 503. */
  resumeBudgetMs: number;
}

/** One Data API operation and its input (the service model's shapes). */
export type DataApiCall =
  | { operation: 'ExecuteStatement'; input: ExecuteStatementRequest }
  | { operation: 'BatchExecuteStatement'; input: BatchExecuteStatementRequest }
  | { operation: 'BeginTransaction'; input: BeginTransactionRequest }
  | { operation: 'CommitTransaction'; input: CommitTransactionRequest }
  | { operation: 'RollbackTransaction'; input: RollbackTransactionRequest };

/** Sends one operation (aws/data-api.ts, the SDK client); tests may pass a fake. */
export interface Sender {
  send(call: DataApiCall): Promise<unknown>;
}

export interface RetryTiming {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realTiming: RetryTiming = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Seconds a client should wait before trying again once the budget is spent. */
export const RESUMING_RETRY_AFTER_SECONDS = 10;

export interface Queryable {
  /** Runs one statement and parses every row with `row`. */
  query<T extends z.ZodMiniType>(sql: string, params: Params, row: T): Promise<z.infer<T>[]>;
  /** Runs one statement and answers the number of rows it changed. */
  execute(sql: string, params?: Params): Promise<number>;
  /** One statement, many parameter sets, atomically. */
  batch(sql: string, parameterSets: Params[]): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

function isResuming(error: unknown): boolean {
  return error instanceof Error && error.name === 'DatabaseResumingException';
}

/** A statement PostgreSQL refused becomes a DatabaseError (its SQLSTATE read once); the rest passes. */
function fromStatement(params: Params) {
  return (error: unknown): never => {
    throw isDataApiDatabaseError(error) ? new DatabaseError(error, params) : error;
  };
}

export function createDb(config: DbConfig, client: Sender, timing: RetryTiming = realTiming): Db {
  const base = { resourceArn: config.resourceArn, secretArn: config.secretArn };

  /** Aurora Serverless v2 answers DatabaseResumingException while it wakes (~15-30 s); the SDK does not retry it. */
  async function send<O>(call: DataApiCall): Promise<O> {
    const started = timing.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return (await client.send(call)) as O;
      } catch (error) {
        if (!isResuming(error)) throw error;
        const delay = Math.min(250 * 2 ** attempt, 4_000);
        if (timing.now() - started + delay > config.resumeBudgetMs) {
          throw new ServiceUnavailableError(
            'The database is starting up. Please try again shortly.',
            RESUMING_RETRY_AFTER_SECONDS,
            { cause: error },
          );
        }
        await timing.sleep(delay);
      }
    }
  }

  function queryable(transactionId?: string): Queryable {
    return {
      async query(sql, params, row) {
        const out = await send<{ formattedRecords?: string }>({
          operation: 'ExecuteStatement',
          input: {
            ...base,
            database: config.database,
            sql,
            parameters: toSqlParameters(params),
            formatRecordsAs: 'JSON',
            transactionId,
          },
        }).catch(fromStatement(params));
        const rows = out.formattedRecords ? (JSON.parse(out.formattedRecords) as unknown[]) : [];
        return rows.map((r) => row.parse(r));
      },
      async execute(sql, params = {}) {
        const out = await send<{ numberOfRecordsUpdated?: number }>({
          operation: 'ExecuteStatement',
          input: {
            ...base,
            database: config.database,
            sql,
            parameters: toSqlParameters(params),
            transactionId,
          },
        }).catch(fromStatement(params));
        return out.numberOfRecordsUpdated ?? 0;
      },
      async batch(sql, parameterSets) {
        if (parameterSets.length === 0) return;
        await send({
          operation: 'BatchExecuteStatement',
          input: {
            ...base,
            database: config.database,
            sql,
            parameterSets: parameterSets.map(toSqlParameters),
            transactionId,
          },
        }).catch(fromStatement({}));
      },
    };
  }

  return {
    ...queryable(),
    async transaction(work) {
      const { transactionId } = await send<{ transactionId?: string }>({
        operation: 'BeginTransaction',
        input: { ...base, database: config.database },
      });
      if (!transactionId) throw new Error('BeginTransaction answered no transactionId');
      let result;
      try {
        result = await work(queryable(transactionId));
      } catch (error) {
        await send({ operation: 'RollbackTransaction', input: { ...base, transactionId } }).catch(
          () => {
            // The Data API rolls back an abandoned transaction itself after 3 minutes.
          },
        );
        throw error;
      }
      await send({ operation: 'CommitTransaction', input: { ...base, transactionId } });
      return result;
    },
  };
}
