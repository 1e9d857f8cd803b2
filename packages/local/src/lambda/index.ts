/**
 * The Lambda service of the local runtime: one pool of containers per
 * function, and the account's concurrency limit shared by all of them.
 */
import { type Dict, dict } from '@cpe/shared/dict';
import {
  AccountConcurrency,
  FunctionPool,
  type FunctionSettings,
  type FunctionStats,
} from './pool';

export { InvokeError, type InvokeFailure, type FunctionSettings, type FunctionStats } from './pool';
export { functionEnvironment, type StackEnvironment } from './environment';
export { containerBundle } from './bundle';

/** Lambda's default quota of concurrent executions per account and Region. */
export const DEFAULT_ACCOUNT_CONCURRENCY = 1000;

export interface LambdaService {
  /** Runs `event` on a container of the function; rejects with InvokeError when Lambda would fail it. */
  invoke(name: string, event: unknown): Promise<unknown>;
  /** Per function: containers, cold starts and their init times, throttles, timeouts, crashes. */
  stats(): Dict<FunctionStats>;
  close(): Promise<void>;
}

export function createLambdaService(options: {
  functions: Dict<FunctionSettings>;
  accountConcurrency?: number;
}): LambdaService {
  const account = new AccountConcurrency(options.accountConcurrency ?? DEFAULT_ACCOUNT_CONCURRENCY);
  const pools = new Map<string, FunctionPool>();
  for (const [name, settings] of Object.entries(options.functions)) {
    pools.set(name, new FunctionPool(settings, account));
  }
  return {
    invoke(name, event) {
      const pool = pools.get(name);
      if (!pool) return Promise.reject(new Error(`no function named ${name}`));
      return pool.invoke(event);
    },
    stats() {
      return dict([...pools].map(([name, pool]) => [name, pool.stats()] as const));
    },
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
    },
  };
}
