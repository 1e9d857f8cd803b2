/**
 * A function's environment as the CDK stack gives it, from the same
 * definition in the function table (its variables, filled from what this
 * runtime knows: ARNs, names, addresses), plus what the Lambda service itself
 * sets (region, function name, memory, task root, the role's credentials).
 * Locally each service the function may reach gets its endpoint in the SDK's
 * own variable (AWS_ENDPOINT_URL_<SERVICE>), and only for the needs it
 * declares: a function without the 'mail' need has no SES endpoint, as in
 * AWS it has no SES grant.
 */
import { type AwsEndpoints, ENDPOINT_VARIABLES } from '@cpe/api/aws/setup';
import {
  type FunctionDef,
  type FunctionNeed,
  type FunctionVariable,
  functionEnvironment,
} from '@cpe/api/functions';
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
  /** The values the stack would give the functions' variables (unset ones are left out). */
  values: Partial<Record<FunctionVariable, string | undefined>>;
}

export function containerEnvironment(
  name: string,
  def: FunctionDef,
  codeDir: string,
  stack: StackEnvironment,
): Dict<string> {
  const env = dict<string>();
  env.AWS_REGION = stack.region;
  env.AWS_DEFAULT_REGION = stack.region;
  env.AWS_LAMBDA_FUNCTION_NAME = `cpe-local-${name}`;
  env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE = String(def.memoryMb);
  env.AWS_LAMBDA_FUNCTION_VERSION = '$LATEST';
  env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
  env.LAMBDA_TASK_ROOT = codeDir;
  env.AWS_ACCESS_KEY_ID = stack.credentials.accessKeyId;
  env.AWS_SECRET_ACCESS_KEY = stack.credentials.secretAccessKey;
  // The stack's runtime is Node 24 (infra/lib/functions.ts), where the SDK has no Node version to
  // warn about; this machine may run Node 20, and the warning would only repeat in every container.
  env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  for (const need of def.needs) {
    const service = SERVICE_OF_NEED[need];
    env[ENDPOINT_VARIABLES[service]] = stack.endpoints[service];
  }
  Object.assign(env, functionEnvironment(def, stack.values));
  return env;
}
