/**
 * Every Lambda of the api package: one per handler group of the route table
 * plus the non-HTTP functions. The bundler builds one bundle per module from
 * its entry file (src/lambda/<module>.ts), the CDK stack deploys one function
 * per bundle, and the local runtime builds the same handlers through their
 * factories (src/handlers/index.ts).
 */
import path from 'node:path';
import type { HandlerGroup } from '@cpe/shared/routes';

export const httpHandlers: Record<HandlerGroup, string> = {
  health: 'health',
  users: 'users',
  certifications: 'certifications',
  activities: 'activities',
  recommendations: 'recommendations',
  contact: 'contact',
  catalogue: 'catalogue',
};

export const otherHandlers = {
  migrate: 'migrate',
  postConfirmation: 'post-confirmation',
  /** Scheduled (hourly): the contact messages held back by the owner's cap, in one email. */
  contactDigest: 'contact-digest',
} as const;

/** Every module that becomes a Lambda bundle. */
export const lambdaModules: readonly string[] = [
  ...new Set([...Object.values(httpHandlers), ...Object.values(otherHandlers)]),
];

/** Absolute path of a Lambda's entry file (the bundler's entry point). */
export function lambdaEntry(module: string): string {
  return path.join(__dirname, 'lambda', `${module}.ts`);
}
