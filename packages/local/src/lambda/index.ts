/**
 * The Lambda service of the local runtime: one pool of containers per
 * function of the table, each running the function's bundle.
 */
import { type Dict, dict } from '@cpe/shared/dict';
import { FunctionPool, type FunctionSettings, type FunctionStats } from './pool';

export { InvokeError, type InvokeFailure, type FunctionSettings, type FunctionStats } from './pool';
export { containerEnvironment, type StackEnvironment } from './environment';

export interface LambdaService {
  /** Runs `event` on a container of the function; rejects with InvokeError when Lambda would fail it. */
  invoke(name: string, event: unknown): Promise<unknown>;
  /** Per function: containers, cold starts and their init times, timeouts, crashes. */
  stats(): Dict<FunctionStats>;
  close(): Promise<void>;
}

export function createLambdaService(functions: Dict<FunctionSettings>): LambdaService {
  const pools = new Map<string, FunctionPool>();
  for (const [name, settings] of Object.entries(functions)) {
    pools.set(name, new FunctionPool(settings));
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
