/**
 * The check of /config.json against the shared schema, in a module of its
 * own: it carries zod, which the app then loads beside its first chunk rather
 * than inside it (index.html preloads it), and evaluates in a task of its own.
 */
import { runtimeConfig } from '@cpe/shared/runtime-config';
import type { RuntimeConfig } from './config';

export type ConfigCheck = { config: RuntimeConfig } | { details: string[]; cause: unknown };

export function checkConfig(json: unknown): ConfigCheck {
  const parsed = runtimeConfig.safeParse(json);
  if (parsed.success) return { config: parsed.data };
  // The first issue of each field. Not the shared fieldErrors: the module holding it carries
  // every request schema, which the first route would then load for this one check.
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.length === 0 ? 'the file' : issue.path.map(String).join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return {
    details: [...byField].map(([field, message]) => `${field}: ${message}`),
    cause: parsed.error,
  };
}
