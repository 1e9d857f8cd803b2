/**
 * The Lambda container's configuration: the only module of the api package
 * that reads process.env. Entry points (src/lambda/*.ts) call it at module
 * scope, once per container.
 */
import { type ApiConfig, parseApiConfig } from './config';

let cached: ApiConfig | undefined;

export function lambdaConfig(): ApiConfig {
  cached ??= parseApiConfig(process.env);
  return cached;
}
