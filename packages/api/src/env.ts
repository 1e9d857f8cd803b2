/**
 * The Lambda container's configuration: the only module of the api package
 * that reads process.env. Entry points (src/lambda/*.ts) call it at module
 * scope, once per container.
 */
import { type AwsSetup, ENDPOINT_VARIABLES } from './aws/setup';
import { type ApiConfig, parseApiConfig } from './config';

let cached: ApiConfig | undefined;

export function lambdaConfig(): ApiConfig {
  cached ??= parseApiConfig(process.env);
  return cached;
}

/**
 * What the environment says about AWS for the clients json-client.ts makes:
 * the function role's credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN, set by Lambda for the container's life) and, as the
 * SDK reads them, an endpoint named by AWS_ENDPOINT_URL_RDS_DATA,
 * AWS_ENDPOINT_URL_SECRETS_MANAGER or AWS_ENDPOINT_URL. The SDK clients
 * (S3, SES, Cognito) read the same variables themselves.
 */
export function lambdaAwsEnvironment(
  env: Record<string, string | undefined> = process.env,
): Pick<AwsSetup, 'credentials' | 'endpoints'> {
  const rdsData = env[ENDPOINT_VARIABLES.rdsData] ?? env.AWS_ENDPOINT_URL;
  const secretsManager = env[ENDPOINT_VARIABLES.secretsManager] ?? env.AWS_ENDPOINT_URL;
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = env;
  return {
    ...(AWS_ACCESS_KEY_ID && AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: AWS_ACCESS_KEY_ID,
            secretAccessKey: AWS_SECRET_ACCESS_KEY,
            ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
    endpoints: {
      ...(rdsData ? { rdsData } : {}),
      ...(secretsManager ? { secretsManager } : {}),
    },
  };
}
