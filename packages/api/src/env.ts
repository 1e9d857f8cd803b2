/**
 * The Lambda container's configuration: the only module of the api package
 * that reads process.env. Entry points (src/lambda/*.ts) call it at module
 * scope, once per container.
 */
import { type AwsEndpoints, ENDPOINT_VARIABLES } from './aws/setup';
import { type ApiConfig, parseApiConfig } from './config';

let cached: ApiConfig | undefined;

export function lambdaConfig(): ApiConfig {
  cached ??= parseApiConfig(process.env);
  return cached;
}

/**
 * The endpoints the environment names, as the SDK reads them:
 * AWS_ENDPOINT_URL_<SERVICE>, else AWS_ENDPOINT_URL. Passed to the clients
 * explicitly so that S3 knows to address the bucket by path (the local
 * emulator); the credentials stay the SDK's to find (the role's, which
 * Lambda puts in the environment).
 */
export function lambdaEndpoints(
  env: Record<string, string | undefined> = process.env,
): AwsEndpoints {
  const endpoints: AwsEndpoints = {};
  for (const [service, variable] of Object.entries(ENDPOINT_VARIABLES) as Array<
    [keyof AwsEndpoints, string]
  >) {
    const endpoint =
      (Object.hasOwn(env, variable) ? env[variable] : undefined) ?? env.AWS_ENDPOINT_URL;
    if (endpoint) endpoints[service] = endpoint;
  }
  return endpoints;
}
