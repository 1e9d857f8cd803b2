import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '@cpe/shared/runtime-config';

export type { RuntimeConfig };

/** Why the app cannot start: a sentence, and for a malformed config.json the field-by-field reasons. */
export class ConfigProblem extends Error {
  override name = 'ConfigProblem';
  constructor(
    message: string,
    readonly details: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Reads /config.json and checks it against the shared schema (the one the
 * local runtime builds it with and the stack writes it with). A config the
 * app cannot use stops it here, with the reason, instead of failing later
 * inside sign-in or a request.
 */
export async function loadConfig(fetchConfig: typeof fetch = fetch): Promise<RuntimeConfig> {
  // Started with the request: the check's code (zod and the schema) loads while the file does.
  const checker = import('./config-check');
  // Awaited only once the file is read: a failure before then is the one to report.
  checker.catch(() => undefined);
  let response: Response;
  try {
    response = await fetchConfig('/config.json', { cache: 'no-cache' });
  } catch (cause) {
    throw new ConfigProblem('/config.json could not be fetched.', [], { cause });
  }
  if (!response.ok) throw new ConfigProblem(`/config.json answered ${response.status}.`);
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    throw new ConfigProblem('/config.json is not JSON.', [], { cause });
  }
  const checked = (await checker).checkConfig(json);
  if ('config' in checked) return checked.config;
  throw new ConfigProblem('/config.json is malformed.', checked.details, { cause: checked.cause });
}

export const ConfigContext = createContext<Partial<RuntimeConfig>>({});

export function useConfig(): Partial<RuntimeConfig> {
  return useContext(ConfigContext);
}
