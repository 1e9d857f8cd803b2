import { createContext, useContext } from 'react';
import { type RuntimeConfig, runtimeConfig } from '@cpe/shared/runtime-config';

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
  const parsed = runtimeConfig.safeParse(json);
  if (parsed.success) return parsed.data;
  // The first issue of each field. Not the shared fieldErrors: the module holding it carries every
  // request schema, which the app would then build at start for this one check.
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.length === 0 ? 'the file' : issue.path.map(String).join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  const details = [...byField].map(([field, message]) => `${field}: ${message}`);
  throw new ConfigProblem('/config.json is malformed.', details, { cause: parsed.error });
}

export const ConfigContext = createContext<Partial<RuntimeConfig>>({});

export function useConfig(): Partial<RuntimeConfig> {
  return useContext(ConfigContext);
}
