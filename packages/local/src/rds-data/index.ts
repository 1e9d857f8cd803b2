export {
  createRdsDataEmulator,
  LOCAL_CLUSTER_ARN,
  LOCAL_SECRET_ARN,
  type RdsDataCalls,
  type RdsDataEmulator,
  type RdsDataEmulatorOptions,
  type RdsDataFaults,
} from './emulator';
export {
  SqlError,
  type SqlBackend,
  type SqlField,
  type SqlParameter,
  type SqlResult,
  type SqlSession,
  type SqlStatement,
} from './backend';
export { DataApiError, type DataApiErrorType } from './errors';
export { createPgliteBackend } from './backends/pglite';
export { createPostgresBackend } from './backends/postgres';
export { DATA_API_LIMITS, type DataApiLimits } from './limits';
