/**
 * Every Lambda of the api package, defined once: one per handler group of the
 * route table plus the non-HTTP functions. The bundler builds one bundle per
 * module from its entry file (src/lambda/<module>.ts); the CDK stack deploys
 * one function per definition with its code, handler, memory, timeout,
 * environment, grants and schedule; the local runtime runs the same bundles
 * with the same settings.
 */
import path from 'node:path';
import type { HandlerGroup } from '@cpe/shared/routes';
import type { ApiConfig } from './config';

/** Lambda's handler setting of every function: the export `handler` of the bundle's index.js. */
export const LAMBDA_HANDLER = 'index.handler';

/** Where the bundler writes one directory per module: each function's code. */
export const LAMBDA_DIST = path.resolve(__dirname, '../dist');

/** A variable of the api's configuration (config.ts) that the stack may set on a function. */
export type FunctionVariable = keyof ApiConfig;

/**
 * When EventBridge Scheduler invokes a function, in UTC: every hour at
 * `minute`, or every day at `hour`:`minute`.
 */
export interface Schedule {
  minute: number;
  hour?: number;
}

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
  /**
   * With the 'files' need: the S3 actions the function's role gets on the
   * one-off downloads under DOWNLOADS_PREFIX (writing one, signing its GET,
   * deleting a user's with the account), nothing more.
   */
  downloadActions?: readonly EvidenceAction[];
  /**
   * May list keys under `users/` and DOWNLOADS_PREFIX (s3:ListBucket with
   * those prefixes): deleting an account removes a user's whole prefixes.
   */
  evidenceList?: boolean;
  /**
   * May read and delete the raw messages SES stores under INBOUND_PREFIX of
   * the evidence bucket (s3:GetObject, s3:DeleteObject there, nothing else).
   */
  inboundMessages?: boolean;
  /** The variables its configuration may hold; the stack sets those it has a value for. */
  environment: readonly FunctionVariable[];
  /** Invoked on this schedule (with `{}`) besides any other trigger. */
  schedule?: Schedule;
}

/** Where SES's receipt rule stores each received message in the evidence bucket (`inbound/<messageId>`). */
export const INBOUND_PREFIX = 'inbound/';

/**
 * The evidence bucket's expiration rule for received messages the inbound
 * function did not get to delete: the stack sets it, the local S3 emulator
 * runs it.
 */
export const INBOUND_MAIL_EXPIRATION = {
  id: 'expire-inbound-mail',
  prefix: INBOUND_PREFIX,
  days: 1,
} as const;

/**
 * Where a report or an account export too large to answer inline is written
 * and handed out by a presigned GET: `downloads/{sub}/{uuid}/{file name}`.
 * Outside `users/`, so one lifecycle rule (a literal prefix) expires them all.
 */
export const DOWNLOADS_PREFIX = 'downloads/';

/** Every download of a user (account deletion removes it before the rule does). */
export const userDownloadsPrefix = (sub: string) => `${DOWNLOADS_PREFIX}${sub}/`;

/** The key of a new download of `fileName` for the user `sub`; `id` keeps two apart. */
export const downloadKey = (sub: string, id: string, fileName: string) =>
  `${userDownloadsPrefix(sub)}${id}/${fileName}`;

/**
 * The evidence bucket's expiration rule for downloads: their links work
 * minutes (REPORT_LINK_SECONDS, EXPORT_LINK_SECONDS), then nothing reads
 * them, so they go a day after they were written (docs/decisions/123). The
 * stack sets it, the local S3 emulator runs it.
 */
export const DOWNLOADS_EXPIRATION = {
  id: 'expire-downloads',
  prefix: DOWNLOADS_PREFIX,
  days: 1,
} as const;

/** What a function may do to objects of the evidence bucket. */
export type EvidenceAction =
  's3:GetObject' | 's3:PutObject' | 's3:PutObjectTagging' | 's3:DeleteObject';

/** The time limits and attempts of the SDK clients but the Data API's (aws/setup.ts). */
const LIMITS = ['AWS_CONNECT_TIMEOUT_MS', 'AWS_IDLE_TIMEOUT_MS', 'AWS_MAX_ATTEMPTS'] as const;
const DATABASE = [
  ...LIMITS,
  'DB_CLUSTER_ARN',
  'DB_SECRET_ARN',
  'DB_NAME',
  'DB_RESUME_BUDGET_MS',
] as const;
const OPENAI = [
  'OPENAI_SECRET_ARN',
  'OPENAI_MODEL',
  'OPENAI_BASE_URL',
  'OPENAI_TIMEOUT_MS',
] as const;
const REMINDER_LINKS = ['REMINDER_SECRET_ARN', 'SITE_URL'] as const;

const http = (
  module: string,
  description: string,
  needs: readonly FunctionNeed[],
  environment: readonly FunctionVariable[],
  memoryMb = 512,
): FunctionDef => ({ module, description, memoryMb, timeoutSeconds: 29, needs, environment });

export const httpFunctions: Record<HandlerGroup, FunctionDef> = {
  health: http('health', 'GET /api/health', ['database'], DATABASE),
  users: http('users', "The caller's user record", ['database', 'identity'], DATABASE),
  // A badge read fetches what the badge names, through the egress guard (docs/decisions/121).
  certifications: http(
    'certifications',
    'Certifications: list, create, update, delete, renew',
    ['database'],
    [...DATABASE, 'BADGE_FETCH_ALLOW_LOOPBACK'],
  ),
  // Deleting an activity deletes its proof files' objects.
  activities: {
    ...http(
      'activities',
      'CPE activities of a certification',
      ['database', 'files'],
      [...DATABASE, 'EVIDENCE_BUCKET'],
    ),
    evidenceActions: ['s3:DeleteObject'],
  },
  recommendations: http(
    'recommendations',
    'Certification recommendations (OpenAI or the built-in catalogue)',
    ['database', 'secrets'],
    [...DATABASE, ...OPENAI],
  ),
  // Behind CloudFront, sourceIp is the edge's address; CONTACT_CLIENT_ADDRESS_HEADER names the viewer.
  contact: http(
    'contact',
    'Public contact form',
    ['database', 'mail'],
    [...DATABASE, 'CONTACT_TO_ADDRESS', 'MAIL_FROM_ADDRESS', 'CONTACT_CLIENT_ADDRESS_HEADER'],
  ),
  catalogue: http('catalogue', 'The certification catalogue: search and entries', [], [], 256),
  account: {
    ...http(
      'account',
      'The account page: settings, calendar feed, password change, data export, account deletion; their security mail',
      ['database', 'identity', 'files', 'mail'],
      [...DATABASE, 'EVIDENCE_BUCKET', 'MAIL_FROM_ADDRESS', 'SITE_URL', 'INBOUND_MAIL_DOMAIN'],
    ),
    // Deleting an account lists the user's prefixes and deletes what is there;
    // a large export is written under DOWNLOADS_PREFIX and handed out signed.
    evidenceActions: ['s3:DeleteObject'],
    downloadActions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
    evidenceList: true,
  },
  reminders: http(
    'reminders',
    'Unsubscribe links of reminder emails and the calendar feed',
    ['database', 'secrets'],
    [...DATABASE, ...REMINDER_LINKS],
  ),
  // Signing a presigned POST lends the role's s3:PutObject (and, for its tag,
  // s3:PutObjectTagging) to the browser; attaching copies the checked bytes to a
  // key no form can write and deletes the upload; downloads sign GETs.
  files: {
    ...http(
      'files',
      'Proof files: presigned uploads, attach, list, download, delete',
      ['database', 'files'],
      [...DATABASE, 'EVIDENCE_BUCKET'],
    ),
    evidenceActions: ['s3:PutObject', 's3:PutObjectTagging', 's3:GetObject', 's3:DeleteObject'],
  },
  // The only HTTP function that loads pdf-lib, fflate and PDF.js (each on first use).
  // 1,024 MB: Lambda's CPU grows with memory and a report is CPU-bound; a
  // packet holds its proof files in memory (docs/decisions/056). It reads
  // proof files and uploads, writes large reports under DOWNLOADS_PREFIX
  // (signing their GETs), and moves an uploaded certificate into the inbox
  // (its proof copied under users/{sub}/proposals/, the upload deleted).
  reports: {
    ...http(
      'reports',
      "Audit reports (CSV, PDF, ZIP packet) and proposals from a certificate's text",
      ['database', 'files', 'secrets'],
      [...DATABASE, ...OPENAI, 'EVIDENCE_BUCKET'],
      1024,
    ),
    evidenceActions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    downloadActions: ['s3:PutObject', 's3:GetObject'],
  },
  // The inbox: accepting copies a proposal's proof to the activity's file key
  // (a key no form writes) and deletes the proposal's; dismissing deletes it;
  // the proof is shown through a signed GET.
  proposals: {
    ...http(
      'proposals',
      'The inbox: proposed activities listed, accepted (activity and proof in one step) or dismissed',
      ['database', 'files'],
      [...DATABASE, 'EVIDENCE_BUCKET'],
    ),
    evidenceActions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  },
};

export const otherFunctions = {
  migrate: {
    module: 'migrate',
    description: 'Applies the database migrations at deploy',
    memoryMb: 512,
    // The Data API client waits up to 25 s for a paused cluster; the DDL itself is quick.
    timeoutSeconds: 120,
    needs: ['database'],
    // The SQL files travel in the bundle's directory (Lambda's /var/task/migrations).
    environment: [...DATABASE, 'MIGRATIONS_DIR'],
  },
  postConfirmation: {
    module: 'post-confirmation',
    description: 'Cognito PostConfirmation: creates the user row',
    memoryMb: 512,
    timeoutSeconds: 29,
    needs: ['database'],
    environment: DATABASE,
  },
  contactDigest: {
    module: 'contact-digest',
    description: 'Hourly: the contact messages held back by the owner cap, in one email',
    memoryMb: 512,
    timeoutSeconds: 120,
    needs: ['database', 'mail'],
    environment: [...DATABASE, 'CONTACT_TO_ADDRESS', 'MAIL_FROM_ADDRESS'],
    schedule: { minute: 0 },
  },
  reminderDigest: {
    module: 'reminder-digest',
    description: 'Daily: each user with reminders on gets one digest of what is due',
    memoryMb: 1024,
    timeoutSeconds: 900,
    needs: ['database', 'mail', 'secrets'],
    environment: [...DATABASE, ...REMINDER_LINKS, 'MAIL_FROM_ADDRESS'],
    schedule: { minute: 0, hour: 8 },
  },
  // SES's receipt rule stores each message under inbound/ and invokes this
  // asynchronously (docs/capture.md). 1,024 MB: PDF.js reads the certificates,
  // as in the reports function; a message holds up to 10 of them.
  inbound: {
    module: 'inbound',
    description:
      'Forwarded email: each certificate of a message to a forwarding address becomes a proposal, and the user is told',
    memoryMb: 1024,
    timeoutSeconds: 300,
    needs: ['database', 'files', 'mail', 'secrets'],
    evidenceActions: ['s3:PutObject', 's3:DeleteObject'],
    inboundMessages: true,
    environment: [
      ...DATABASE,
      ...OPENAI,
      'EVIDENCE_BUCKET',
      'MAIL_FROM_ADDRESS',
      'SITE_URL',
      'INBOUND_MAIL_DOMAIN',
    ],
  },
} as const satisfies Record<string, FunctionDef>;

/** Every function of the table, by name: the HTTP handler groups and the others. */
export const allFunctions: Record<HandlerGroup | keyof typeof otherFunctions, FunctionDef> = {
  ...httpFunctions,
  ...otherFunctions,
};

/**
 * A function's environment: each variable of its definition that `values`
 * holds (the stack's ARNs, names and addresses; locally the runtime's).
 */
export function functionEnvironment(
  def: FunctionDef,
  values: Partial<Record<FunctionVariable, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of def.environment) {
    const value = values[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** A schedule in words (`daily at 08:00 UTC`, `hourly at :00`). */
export function describeSchedule(schedule: Schedule): string {
  const minute = String(schedule.minute).padStart(2, '0');
  return schedule.hour === undefined
    ? `hourly at :${minute}`
    : `daily at ${String(schedule.hour).padStart(2, '0')}:${minute} UTC`;
}

/** The latest time the schedule fired at or before `at` (e.g. today's 08:00 UTC, or yesterday's before 08:00). */
export function lastFiring(schedule: Schedule, at: Date): Date {
  const slot = new Date(at);
  slot.setUTCSeconds(0, 0);
  slot.setUTCMinutes(schedule.minute);
  if (schedule.hour !== undefined) slot.setUTCHours(schedule.hour);
  if (slot <= at) return slot;
  if (schedule.hour === undefined) slot.setUTCHours(slot.getUTCHours() - 1);
  else slot.setUTCDate(slot.getUTCDate() - 1);
  return slot;
}

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
  inbound: otherFunctions.inbound.module,
} as const;

/** Every module that becomes a Lambda bundle. */
export const lambdaModules: readonly string[] = [
  ...new Set([...Object.values(httpHandlers), ...Object.values(otherHandlers)]),
];

/** A function's code as the stack ships it: the bundle directory of its module. */
export function lambdaCodeDir(module: string, dist = LAMBDA_DIST): string {
  return path.join(dist, module);
}

/** Absolute path of a Lambda's entry file (the bundler's entry point). */
export function lambdaEntry(module: string): string {
  return path.join(__dirname, 'lambda', `${module}.ts`);
}
