/**
 * A Lambda container's environment (what the stack sets for the function,
 * environment.ts): in a container, the only module that reads process.env.
 * The worker thread's process.env is its own copy, given when it started.
 */
import { type Dict, dict } from '@cpe/shared/dict';

export function containerEnvironment(): Readonly<Dict<string>> {
  return dict(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}
