import {
  BatchExecuteStatementCommand,
  BeginTransactionCommand,
  CommitTransactionCommand,
  ExecuteStatementCommand,
  RDSDataClient,
  RollbackTransactionCommand,
} from '@aws-sdk/client-rds-data';
import type { ApiConfig } from '../config';
import { type DataApiCall, type Db, type Sender, createDb } from '../db/client';
import { reportingFailures } from './failures';
import { type AwsSetup, clientConfig } from './setup';

/** The SDK client behind `createDb`'s sender: one command per operation. */
export function dataApiSender(setup: AwsSetup): Sender {
  const client = reportingFailures(new RDSDataClient(clientConfig(setup, 'rdsData')), 'rdsData');
  return {
    send(call: DataApiCall) {
      switch (call.operation) {
        case 'ExecuteStatement':
          return client.send(new ExecuteStatementCommand(call.input));
        case 'BatchExecuteStatement':
          return client.send(new BatchExecuteStatementCommand(call.input));
        case 'BeginTransaction':
          return client.send(new BeginTransactionCommand(call.input));
        case 'CommitTransaction':
          return client.send(new CommitTransactionCommand(call.input));
        case 'RollbackTransaction':
          return client.send(new RollbackTransactionCommand(call.input));
      }
    },
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
