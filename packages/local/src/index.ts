export {
  startLocalRuntime,
  LOCAL_REGION,
  LOCAL_DB_USER,
  LOCAL_EVIDENCE_BUCKET,
  LOCAL_OPENAI_SECRET_ARN,
  LOCAL_SECRET_NAMES,
  LOCAL_USER_POOL_ID,
  LOCAL_USER_POOL_CLIENT_ID,
  type LocalRuntime,
  type LocalRuntimeOptions,
  type LambdaOptions,
  type FunctionName,
  type FunctionOverrides,
} from './runtime';
export type { FunctionStats } from './lambda';
export { ManualClock, systemClock, type Clock } from './clock';
export {
  type AwsCredentials,
  CREDENTIALS_FILE,
  credentialsFile,
  readLocalCredentials,
} from './credentials';
