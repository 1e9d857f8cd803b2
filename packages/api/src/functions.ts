/**
 * Every Lambda of the api package, defined once: one per handler group of the
 * route table plus the non-HTTP functions. The bundler builds one bundle per
 * module from its entry file (src/lambda/<module>.ts); the CDK stack deploys
 * one function per definition with its memory, timeout and grants; the local
 * runtime runs the same handlers with the same settings.
 */
import path from 'node:path';
import type { HandlerGroup } from '@cpe/shared/routes';

/** What a function is given access to (each becomes environment and least-privilege grants in AWS). */
export type FunctionNeed = 'database' | 'secrets' | 'identity' | 'mail' | 'files';

export interface FunctionDef {
  /** The bundle directory and entry file name. */
  module: string;
  description: string;
  /** On Lambda CPU grows with memory, and cold starts (SDK init) are CPU-bound. */
  memoryMb: number;
  /** API Gateway gives up at 29 s, so HTTP functions stop there. */
  timeoutSeconds: number;
  needs: readonly FunctionNeed[];
  /**
   * With the 'files' need: the S3 actions the function's role gets on the
   * evidence bucket's `users/*` keys, nothing more (HeadObject is GetObject's).
   */
  evidenceActions?: readonly EvidenceAction[];
  /** May list keys under `users/` (s3:ListBucket with that prefix): deleting an account removes a whole prefix. */
  evidenceList?: boolean;
}

/** What a function may do to objects of the evidence bucket. */
export type EvidenceAction =
  | 's3:GetObject'
  | 's3:PutObject'
  | 's3:PutObjectTagging'
  | 's3:DeleteObject'
  | 's3:DeleteObjectTagging';

const http = (
  module: string,
  description: string,
  needs: readonly FunctionNeed[],
  memoryMb = 512,
): FunctionDef => ({ module, description, memoryMb, timeoutSeconds: 29, needs });

export const httpFunctions: Record<HandlerGroup, FunctionDef> = {
  health: http('health', 'GET /api/health', ['database']),
  users: http('users', "The caller's user record", ['database', 'identity']),
  certifications: http('certifications', 'Certifications: list, create, update, delete, renew', [
    'database',
  ]),
  // Deleting an activity deletes its proof files' objects.
  activities: {
    ...http('activities', 'CPE activities of a certification', ['database', 'files']),
    evidenceActions: ['s3:DeleteObject'],
  },
  recommendations: http(
    'recommendations',
    'Certification recommendations (OpenAI or the built-in catalogue)',
    ['database', 'secrets'],
  ),
  contact: http('contact', 'Public contact form', ['database', 'mail']),
  catalogue: http('catalogue', 'The certification catalogue: search and entries', [], 256),
  account: {
    ...http(
      'account',
      'The account page: reminder settings, calendar feed, data export, account deletion',
      ['database', 'identity', 'files'],
    ),
    // Deleting an account lists the user's prefix and deletes what is there.
    evidenceActions: ['s3:DeleteObject'],
    evidenceList: true,
  },
  reminders: http('reminders', 'Unsubscribe links of reminder emails and the calendar feed', [
    'database',
    'secrets',
  ]),
  // Signing a presigned POST lends the role's s3:PutObject (and, for its tag,
  // s3:PutObjectTagging) to the browser; attaching untags; downloads sign GETs.
  files: {
    ...http('files', 'Proof files: presigned uploads, attach, list, download, delete', [
      'database',
      'files',
    ]),
    evidenceActions: [
      's3:PutObject',
      's3:PutObjectTagging',
      's3:GetObject',
      's3:DeleteObject',
      's3:DeleteObjectTagging',
    ],
  },
  // The only function that loads pdf-lib, fflate and PDF.js (each on first use).
  // 1,024 MB: Lambda's CPU grows with memory and a report is CPU-bound; a
  // packet holds its proof files in memory (docs/decisions/056). It reads
  // proof files and uploads, and writes large reports under users/{sub}/reports/.
  reports: {
    ...http(
      'reports',
      "Audit reports (CSV, PDF, ZIP packet) and proposals from a certificate's text",
      ['database', 'files', 'secrets'],
      1024,
    ),
    evidenceActions: ['s3:GetObject', 's3:PutObject'],
  },
};

export const otherFunctions = {
  migrate: {
    module: 'migrate',
    description: 'Applies the database migrations at deploy',
    memoryMb: 512,
    timeoutSeconds: 300,
    needs: ['database'],
  },
  postConfirmation: {
    module: 'post-confirmation',
    description: 'Cognito PostConfirmation: creates the user row',
    memoryMb: 512,
    timeoutSeconds: 29,
    needs: ['database'],
  },
  contactDigest: {
    module: 'contact-digest',
    description: 'Hourly: the contact messages held back by the owner cap, in one email',
    memoryMb: 512,
    timeoutSeconds: 120,
    needs: ['database', 'mail'],
  },
  reminderDigest: {
    module: 'reminder-digest',
    description: 'Daily: each user with reminders on gets one digest of what is due',
    memoryMb: 1024,
    timeoutSeconds: 900,
    needs: ['database', 'mail', 'secrets'],
  },
} as const satisfies Record<string, FunctionDef>;

/** Module name per handler group. */
export const httpHandlers = Object.fromEntries(
  Object.entries(httpFunctions).map(([group, def]) => [group, def.module]),
) as Record<HandlerGroup, string>;

/** Module name per non-HTTP function. */
export const otherHandlers = {
  migrate: otherFunctions.migrate.module,
  postConfirmation: otherFunctions.postConfirmation.module,
  contactDigest: otherFunctions.contactDigest.module,
  reminderDigest: otherFunctions.reminderDigest.module,
} as const;

/** Every module that becomes a Lambda bundle. */
export const lambdaModules: readonly string[] = [
  ...new Set([...Object.values(httpHandlers), ...Object.values(otherHandlers)]),
];

/** Absolute path of a Lambda's entry file (the bundler's entry point). */
export function lambdaEntry(module: string): string {
  return path.join(__dirname, 'lambda', `${module}.ts`);
}
