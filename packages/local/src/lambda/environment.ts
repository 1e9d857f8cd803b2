/**
 * A function's environment as the CDK stack gives it (infra/lib/api.ts,
 * infra/lib/data.ts), built from the same definition in the function table,
 * plus what the Lambda service itself sets (region, function name, memory,
 * the role's credentials). Locally each service the function may reach gets
 * its endpoint in the SDK's own variable (AWS_ENDPOINT_URL_<SERVICE>), and
 * only for the needs it declares: a function without the 'mail' need has no
 * SES endpoint, as in AWS it has no SES grant.
 */
import { type AwsEndpoints, ENDPOINT_VARIABLES } from '@cpe/api/aws/setup';
import type { FunctionDef, FunctionNeed } from '@cpe/api/functions';
import { type Dict, dict } from '@cpe/shared/dict';

const SERVICE_OF_NEED: Record<FunctionNeed, keyof AwsEndpoints> = {
  database: 'rdsData',
  secrets: 'secretsManager',
  identity: 'cognitoIdentityProvider',
  mail: 'sesv2',
  files: 's3',
};

export interface StackEnvironment {
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The emulators' URLs, one per service. */
  endpoints: Required<AwsEndpoints>;
  /** What the stack sets per need (DB_* for 'database', OPENAI_* for 'secrets', ...); unset values are left out. */
  byNeed: Partial<Record<FunctionNeed, Record<string, string | undefined>>>;
  /** What the stack sets for one function alone (e.g. MIGRATIONS_DIR for migrate). */
  byFunction?: Partial<Record<string, Record<string, string | undefined>>>;
}

export function functionEnvironment(
  name: string,
  def: FunctionDef,
  stack: StackEnvironment,
): Dict<string> {
  const env = dict<string>();
  env.AWS_REGION = stack.region;
  env.AWS_DEFAULT_REGION = stack.region;
  env.AWS_LAMBDA_FUNCTION_NAME = `cpe-local-${name}`;
  env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE = String(def.memoryMb);
  env.AWS_LAMBDA_FUNCTION_VERSION = '$LATEST';
  env.AWS_ACCESS_KEY_ID = stack.credentials.accessKeyId;
  env.AWS_SECRET_ACCESS_KEY = stack.credentials.secretAccessKey;
  for (const need of def.needs) {
    const service = SERVICE_OF_NEED[need];
    env[ENDPOINT_VARIABLES[service]] = stack.endpoints[service];
    for (const [key, value] of Object.entries(stack.byNeed[need] ?? {})) {
      if (value !== undefined) env[key] = value;
    }
  }
  const own =
    stack.byFunction && Object.hasOwn(stack.byFunction, name) ? stack.byFunction[name] : {};
  for (const [key, value] of Object.entries(own ?? {})) {
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** The endpoints a container finds in its environment (the SDK would read the same variables). */
export function endpointsFromEnvironment(env: Readonly<Dict<string | undefined>>): AwsEndpoints {
  const endpoints: AwsEndpoints = {};
  for (const [service, variable] of Object.entries(ENDPOINT_VARIABLES) as Array<
    [keyof AwsEndpoints, string]
  >) {
    const value = Object.hasOwn(env, variable) ? env[variable] : undefined;
    if (value) endpoints[service] = value;
  }
  return endpoints;
}
