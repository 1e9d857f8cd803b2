/** Direct SQL through the runtime's Data API emulator with the real SDK client, for asserting what is stored. */
import {
  ExecuteStatementCommand,
  RDSDataClient,
  type SqlParameter,
} from '@aws-sdk/client-rds-data';
import type { LocalRuntime } from '@cpe/local';

export const LOCAL_CLUSTER_ARN = 'arn:aws:rds:ap-southeast-2:000000000000:cluster:cpe-local';
/** The database secret's partial ARN (without its random suffix), as the README names it. */
export const LOCAL_SECRET_ARN =
  'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:cpe-local-db';

/** A Data API client signing with the runtime's key (its data folder's aws-credentials.json). */
export function dataApiClient(runtime: Pick<LocalRuntime, 'url' | 'credentials'>): RDSDataClient {
  return new RDSDataClient({
    region: 'ap-southeast-2',
    endpoint: `${runtime.url}/_aws/rds-data`,
    credentials: runtime.credentials,
  });
}

/** Runs one statement with string parameters; answers the rows as JSON objects. */
export async function sql(
  runtime: Pick<LocalRuntime, 'url' | 'credentials'>,
  statement: string,
  params: Record<string, string> = {},
): Promise<Array<Record<string, unknown>>> {
  const parameters: SqlParameter[] = Object.entries(params).map(([name, value]) => ({
    name,
    value: { stringValue: value },
  }));
  const out = await dataApiClient(runtime).send(
    new ExecuteStatementCommand({
      resourceArn: LOCAL_CLUSTER_ARN,
      secretArn: LOCAL_SECRET_ARN,
      database: 'cpe',
      sql: statement,
      parameters,
      formatRecordsAs: 'JSON',
    }),
  );
  return out.formattedRecords
    ? (JSON.parse(out.formattedRecords) as Array<Record<string, unknown>>)
    : [];
}
