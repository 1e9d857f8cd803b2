import { RDSDataClient } from '@aws-sdk/client-rds-data';
import type { ApiConfig } from '../config';
import { type Db, createDb } from '../db/client';
import { reportingFailures } from './failures';
import { type AwsSetup, clientConfig } from './setup';

/** The container's database client: SQL over the RDS Data API, made once. */
export function createDataApiDb(setup: AwsSetup, config: ApiConfig): Db {
  return createDb(
    {
      resourceArn: config.DB_CLUSTER_ARN,
      secretArn: config.DB_SECRET_ARN,
      database: config.DB_NAME,
      resumeBudgetMs: config.DB_RESUME_BUDGET_MS,
    },
    reportingFailures(new RDSDataClient(clientConfig(setup, 'rdsData')), 'rdsData'),
  );
}
