/**
 * Every Lambda of the api package: the HTTP handler groups of the route table
 * plus the non-HTTP functions. The CDK stack bundles one function per entry;
 * the local runtime loads the same modules in-process.
 */
import path from 'node:path';
import type { HandlerGroup } from '@cpe/shared';

export const httpHandlers: Record<HandlerGroup, string> = {
  health: 'health',
  users: 'users',
  certifications: 'certifications',
  activities: 'activities',
  recommendations: 'recommendations',
  contact: 'contact',
};

export const otherHandlers = {
  migrate: 'migrate',
  postConfirmation: 'post-confirmation',
} as const;

/** Absolute path of a handler's source module (the bundler's entry point). */
export function handlerEntry(module: string): string {
  return path.join(__dirname, `${module}.ts`);
}

/** Loads a handler module in-process, as Lambda would load the bundle. */
export async function loadHandler<T = unknown>(module: string): Promise<T> {
  const loaded = (await import(handlerEntry(module))) as { handler: T };
  return loaded.handler;
}
