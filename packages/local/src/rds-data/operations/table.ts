import { batchExecuteStatement } from './batch-execute-statement';
import { beginTransaction } from './begin-transaction';
import { commitTransaction } from './commit-transaction';
import { executeStatement } from './execute-statement';
import type { Operation } from './operation';
import { rollbackTransaction } from './rollback-transaction';

/** Every operation the emulator answers, by the REST path the SDK posts to. */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  '/Execute': executeStatement,
  '/BatchExecute': batchExecuteStatement,
  '/BeginTransaction': beginTransaction,
  '/CommitTransaction': commitTransaction,
  '/RollbackTransaction': rollbackTransaction,
};

/** Operations of the real service the emulator refuses by name. */
export const UNIMPLEMENTED: Readonly<Record<string, string>> = {
  '/ExecuteSql': 'ExecuteSql',
};
