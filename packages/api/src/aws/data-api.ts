import type { ApiConfig } from '../config';
import { type DataApiCall, type Db, type Sender, createDb } from '../db/client';
import { createJsonClient } from './json-client';
import { type AwsSetup, jsonClientSetup } from './setup';

/** The Data API's REST-JSON paths (aws-wire-reference.md). */
const PATHS: Record<DataApiCall['operation'], string> = {
  ExecuteStatement: '/Execute',
  BatchExecuteStatement: '/BatchExecute',
  BeginTransaction: '/BeginTransaction',
  CommitTransaction: '/CommitTransaction',
  RollbackTransaction: '/RollbackTransaction',
};

const HEADERS = { 'content-type': 'application/json' };

/**
 * The Data API over json-client.ts. It keeps the SDK's defaults: no time
 * limit (a statement may run for up to its 45 s limit, the api's own retry
 * budget bounds a resuming cluster, and a write retried after a client-side
 * timeout could be applied twice) and three attempts.
 */
export function dataApiSender(setup: AwsSetup): Sender {
  const call = createJsonClient(jsonClientSetup(setup, 'rdsData'));
  return {
    send: ({ operation, input }) => call({ path: PATHS[operation], headers: HEADERS, input }),
  };
}

/** The container's database client: SQL over the RDS Data API, made once. */
export function createDataApiDb(setup: AwsSetup, config: ApiConfig): Db {
  return createDb(
    {
      resourceArn: config.DB_CLUSTER_ARN,
      secretArn: config.DB_SECRET_ARN,
      database: config.DB_NAME,
      resumeBudgetMs: config.DB_RESUME_BUDGET_MS,
    },
    dataApiSender(setup),
  );
}
