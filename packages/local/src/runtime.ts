/**
 * The local composition root: every emulated AWS service plus the SPA on one
 * port, running the Lambda bundles that ship to AWS. startLocalRuntime is
 * its steps in order: the data folder's access key and the secrets, the
 * database and the emulators, the functions, the schedules, the front door,
 * listening, the containers, the migrations.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createS3Storage } from '@cpe/api/aws/s3';
import type { AwsEndpoints, DependencyTiming } from '@cpe/api/aws/setup';
import { PENDING_UPLOAD_EXPIRATION, type Storage } from '@cpe/api/aws/storage';
import {
  DOWNLOADS_EXPIRATION,
  type FunctionVariable,
  INBOUND_MAIL_EXPIRATION,
  allFunctions,
  lastFiring,
} from '@cpe/api/functions';
import { APIS, securityHeaders } from '@cpe/shared';
import { type Dict, dict } from '@cpe/shared/dict';
import { type RuntimeConfig, runtimeConfig } from '@cpe/shared/runtime-config';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { type CognitoEmulator, createCognitoEmulator, type PostConfirmationEvent } from './cognito';
import { type AwsCredentials, loadOrCreateCredentials } from './credentials';
import { createFrontDoor } from './front-door';
import { createGateway } from './gateway';
import { createCognitoAuthorizer } from './gateway/authorizer';
import { hostName } from './http/guard';
import { createRequestVerifier } from './http/sigv4';
import type { HttpRequest, HttpResponse } from './http/types';
import { json } from './http/types';
import type { FunctionStats } from './lambda';
import {
  type FunctionName,
  type FunctionOverrides,
  type Functions,
  createFunctions,
} from './lambda/functions';
import { createInboundEndpoint } from './inbound';
import { createOutbox, type Outbox } from './mail/outbox';
import {
  LOCAL_CLUSTER_ARN,
  LOCAL_SECRET_ARN,
  type RdsDataEmulator,
  createPgliteBackend,
  createPostgresBackend,
  createRdsDataEmulator,
  type DataApiLimits,
} from './rds-data';
import { type SecretsManagerEmulator, createSecretsManagerEmulator } from './secrets';
import { createSesEmulator } from './ses';
import { type S3Emulator, createS3Emulator } from './s3';
import { type ScheduledJob, type Scheduler, createScheduler } from './schedules';
import { createStaticSite } from './static';

export type { FunctionName, FunctionOverrides } from './lambda/functions';

export const LOCAL_REGION = 'ap-southeast-2';
export const LOCAL_ACCOUNT_ID = '000000000000';
/**
 * The secrets' names. Their ARNs carry Secrets Manager's random suffix
 * (`runtime.secrets.arnOf(name)`); the ARN without it (below) finds the
 * secret too, as a partial ARN does in AWS.
 */
export const LOCAL_SECRET_NAMES = {
  database: 'cpe-local-db',
  openAi: 'cpe-local-openai',
  reminders: 'cpe-local-reminders',
} as const;
const partialSecretArn = (name: string) =>
  `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:secret:${name}`;
export const LOCAL_OPENAI_SECRET_ARN = partialSecretArn(LOCAL_SECRET_NAMES.openAi);
export const LOCAL_REMINDER_SECRET_ARN = partialSecretArn(LOCAL_SECRET_NAMES.reminders);
export const LOCAL_DB_NAME = 'cpe';
/**
 * The database secret's user, as the stack names the cluster's master user
 * (infra/lib/data.ts). A Data API call without `database` connects to the
 * database of this name, which the cluster does not have.
 */
export const LOCAL_DB_USER = 'cpe_admin';
/** Shaped like real ids: Amplify and JWT verifiers parse the region out of the pool id. */
export const LOCAL_USER_POOL_ID = `${LOCAL_REGION}_LocalPool1`;
export const LOCAL_USER_POOL_CLIENT_ID = 'cpelocalclient1234567890ab';
/** Where proof files and large reports live. */
export const LOCAL_EVIDENCE_BUCKET = 'cpe-local-evidence';
/** The scheduled job that runs the buckets' lifecycle rules, as S3 does daily (`POST /_dev/schedules/s3-lifecycle`). */
export const S3_LIFECYCLE_JOB = 's3-lifecycle';
/** Where forwarded certificates are sent locally (`POST /_dev/inbound` receives them). */
export const LOCAL_INBOUND_MAIL_DOMAIN = 'in.localhost';

export interface LambdaOptions {
  /**
   * 'workers': each function runs its Lambda bundle in its own pool of worker
   * threads, one request at a time per worker, as Lambda runs containers.
   * 'inline': every handler runs from the sources in the server's event loop,
   * sharing its clock (tests that move a ManualClock need this: a container
   * reads the system clock).
   */
  mode?: 'workers' | 'inline';
  functions?: Partial<Record<FunctionName, FunctionOverrides>>;
}

export interface LocalRuntimeOptions {
  port?: number;
  host?: string;
  /** State (database files, pool, outbox); undefined keeps everything in memory. */
  dataDir?: string;
  databaseUrl?: string;
  webDistDir: string;
  openAi?: { apiKey: string; model?: string; baseUrl?: string; timeoutMs?: number };
  contactToAddress?: string;
  clock?: Clock;
  /** Total time handlers wait for a resuming database (default: the api's 25 s). */
  dbResumeBudgetMs?: number;
  /**
   * Host names the runtime answers to besides localhost, 127.0.0.1 and [::1]
   * (e.g. a LAN name); requests naming any other host are refused.
   */
  allowedHosts?: string[];
  /** The Data API's limits (default: AWS's); tests shrink the statement timeout. */
  dataApiLimits?: Partial<DataApiLimits>;
  /**
   * How the Lambdas run (default: workers, or inline when a `clock` is given);
   * a mode alone or the full options.
   */
  lambda?: 'workers' | 'inline' | LambdaOptions;
  /** API Gateway's integration timeout (29 s); tests shrink it. */
  integrationTimeoutMs?: number;
  /**
   * Run the scheduled jobs at their times (default true): the clock is looked
   * at every `scheduleTickMs` (default 30 s). POST /_dev/schedules/{name}
   * runs a job either way.
   */
  schedules?: boolean;
  scheduleTickMs?: number;
  log?: (line: string) => void;
  /**
   * Endpoints the functions' SDK clients use instead of this runtime's own
   * emulators, per service (e.g. a proxy in front of one that injects faults).
   */
  serviceEndpoints?: AwsEndpoints;
  /** The functions' SDK time limits and attempts (default: the api's DEPENDENCY_TIMING). */
  dependencyTiming?: DependencyTiming;
  /**
   * Badge reads may also fetch over http from 127.0.0.0/8 and ::1
   * (BADGE_FETCH_ALLOW_LOOPBACK, docs/decisions/121): for tests that serve
   * badges from a local server. Default: https from public addresses only.
   */
  badgeFetchAllowLoopback?: boolean;
}

export interface LocalRuntime {
  url: string;
  /**
   * The key every emulator verifies signatures against: the data folder's
   * (`<dataDir>/aws-credentials.json`), or one of its own without a data folder.
   */
  credentials: AwsCredentials;
  rdsData: RdsDataEmulator;
  secrets: SecretsManagerEmulator;
  s3: S3Emulator;
  userPoolId: string;
  userPoolClientId: string;
  outbox: Outbox;
  /** How the Lambdas run, and per function (workers only) containers, cold starts, timeouts. */
  lambda: { mode: 'workers' | 'inline'; stats(): Dict<FunctionStats> };
  /** The scheduled jobs: tick() runs those whose time has come on the runtime's clock. */
  scheduler: Scheduler;
  close(): Promise<void>;
}

interface Emulators {
  rdsData: RdsDataEmulator;
  secrets: SecretsManagerEmulator;
  outbox: Outbox;
  ses: ReturnType<typeof createSesEmulator>;
  s3: S3Emulator;
  cognito: CognitoEmulator;
}

/** The unsubscribe links' signing key: kept with the data, so links mailed earlier still work after a restart. */
function reminderSigningKey(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'reminder-signing-key');
  if (!existsSync(file))
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Step 2: the Data API over PGlite (files under dataDir) or the PostgreSQL server. */
async function startDataApi(
  options: LocalRuntimeOptions,
  clock: Clock,
  secretArn: string,
): Promise<RdsDataEmulator> {
  const backend = options.databaseUrl
    ? await createPostgresBackend({
        connectionString: options.databaseUrl,
        ...(options.dataApiLimits?.statementTimeoutMs
          ? { statementTimeoutMs: options.dataApiLimits.statementTimeoutMs }
          : {}),
      })
    : await createPgliteBackend(
        options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {},
      );
  return createRdsDataEmulator({
    backend,
    clusterArn: LOCAL_CLUSTER_ARN,
    // The secret's full ARN, as the stack hands it to the functions, and its partial ARN, as the README names it.
    secretArn: [secretArn, LOCAL_SECRET_ARN],
    database: LOCAL_DB_NAME,
    defaultDatabase: LOCAL_DB_USER,
    clock,
    ...(options.dataApiLimits ? { limits: options.dataApiLimits } : {}),
  });
}

/**
 * Step 1: the secrets the stack would hold: the database's (as RDS manages
 * a master user's secret: its user and password), the reminder links' key,
 * the OpenAI key.
 */
function startSecretsManager(options: LocalRuntimeOptions, clock: Clock) {
  const secret = (name: string, value: object) => ({ name, value: JSON.stringify(value) });
  return createSecretsManagerEmulator({
    region: LOCAL_REGION,
    accountId: LOCAL_ACCOUNT_ID,
    clock,
    secrets: [
      secret(LOCAL_SECRET_NAMES.database, { username: LOCAL_DB_USER, password: 'local-only' }),
      secret(LOCAL_SECRET_NAMES.reminders, { signingKey: reminderSigningKey(options.dataDir) }),
      ...(options.openAi
        ? [secret(LOCAL_SECRET_NAMES.openAi, { apiKey: options.openAi.apiKey })]
        : []),
    ],
  });
}

/**
 * Step 3: every other emulator, S3 verifying signatures against the runtime's
 * key. Cognito's issuer and trigger are late-bound: the port and the
 * functions come later.
 */
async function startEmulators(
  options: LocalRuntimeOptions,
  clock: Clock,
  log: (line: string) => void,
  credentials: AwsCredentials,
  secrets: SecretsManagerEmulator,
  late: {
    issuer: () => string;
    postConfirmation: (event: PostConfirmationEvent) => Promise<unknown>;
  },
): Promise<Emulators> {
  const dataDir = options.dataDir ? { dataDir: options.dataDir } : {};
  const outbox = createOutbox({ ...dataDir, clock, log });
  // Cognito's first start makes its signing keys (RSA, on the thread pool)
  // while the database starts.
  const cognitoStarting = createCognitoEmulator({
    userPoolId: LOCAL_USER_POOL_ID,
    clientId: LOCAL_USER_POOL_CLIENT_ID,
    issuer: late.issuer,
    ...dataDir,
    clock,
    sendMail: async (mail) => {
      await outbox.send(mail);
    },
    // Cognito invokes the PostConfirmation Lambda synchronously; so does the emulator.
    postConfirmation: late.postConfirmation,
    log,
  });
  const [rdsData, cognito] = await Promise.allSettled([
    startDataApi(options, clock, secrets.arnOf(LOCAL_SECRET_NAMES.database)),
    cognitoStarting,
  ]);
  if (rdsData.status === 'rejected' || cognito.status === 'rejected') {
    // What did start stops again: a failed start leaves nothing running.
    await Promise.all([
      rdsData.status === 'fulfilled' && rdsData.value.close(),
      cognito.status === 'fulfilled' && cognito.value.close(),
    ]);
    const failed = [rdsData, cognito].find(
      (r): r is PromiseRejectedResult => r.status === 'rejected',
    );
    throw failed?.reason instanceof Error ? failed.reason : new Error(String(failed?.reason));
  }
  return {
    rdsData: rdsData.value,
    secrets,
    outbox,
    ses: createSesEmulator(outbox),
    s3: createS3Emulator({
      ...dataDir,
      region: LOCAL_REGION,
      buckets: [LOCAL_EVIDENCE_BUCKET],
      credentials: { [credentials.accessKeyId]: credentials.secretAccessKey },
      clock,
      log,
      lifecycle: {
        [LOCAL_EVIDENCE_BUCKET]: [
          PENDING_UPLOAD_EXPIRATION,
          INBOUND_MAIL_EXPIRATION,
          DOWNLOADS_EXPIRATION,
        ],
      },
    }),
    cognito: cognito.value,
  };
}

/**
 * What this runtime gives the functions' variables: its ARNs (the secrets'
 * full ARNs, as CDK's `secretArn` gives them), names and the options' settings.
 */
function stackValues(
  options: LocalRuntimeOptions,
  secrets: SecretsManagerEmulator,
): Partial<Record<FunctionVariable, string>> {
  const values: Partial<Record<FunctionVariable, string | undefined>> = {
    DB_CLUSTER_ARN: LOCAL_CLUSTER_ARN,
    DB_SECRET_ARN: secrets.arnOf(LOCAL_SECRET_NAMES.database),
    DB_NAME: LOCAL_DB_NAME,
    DB_RESUME_BUDGET_MS: options.dbResumeBudgetMs?.toString(),
    OPENAI_SECRET_ARN: options.openAi ? secrets.arnOf(LOCAL_SECRET_NAMES.openAi) : undefined,
    OPENAI_MODEL: options.openAi?.model,
    OPENAI_BASE_URL: options.openAi?.baseUrl,
    OPENAI_TIMEOUT_MS: options.openAi?.timeoutMs?.toString(),
    CONTACT_TO_ADDRESS: options.contactToAddress,
    EVIDENCE_BUCKET: LOCAL_EVIDENCE_BUCKET,
    INBOUND_MAIL_DOMAIN: LOCAL_INBOUND_MAIL_DOMAIN,
    REMINDER_SECRET_ARN: secrets.arnOf(LOCAL_SECRET_NAMES.reminders),
    AWS_CONNECT_TIMEOUT_MS: options.dependencyTiming?.connectionTimeoutMs.toString(),
    AWS_IDLE_TIMEOUT_MS: options.dependencyTiming?.idleTimeoutMs.toString(),
    AWS_MAX_ATTEMPTS: options.dependencyTiming?.maxAttempts.toString(),
    BADGE_FETCH_ALLOW_LOOPBACK: options.badgeFetchAllowLoopback ? 'true' : undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** Step 4: what EventBridge Scheduler runs in AWS, from the same definitions, on the runtime's clock. */
function startSchedules(
  options: LocalRuntimeOptions,
  clock: Clock,
  log: (line: string) => void,
  functions: Functions,
  s3: S3Emulator,
): Scheduler {
  const jobs = dict<ScheduledJob>();
  // S3 runs lifecycle rules once a day, from midnight UTC.
  jobs[S3_LIFECYCLE_JOB] = {
    slotAt: (at) => lastFiring({ hour: 0, minute: 0 }, at),
    run: (event) =>
      Promise.resolve({
        expired: s3.expire(event.now === undefined ? undefined : new Date(event.now)),
      }),
  };
  for (const [name, def] of Object.entries(allFunctions) as Array<
    [FunctionName, (typeof allFunctions)[FunctionName]]
  >) {
    const schedule = def.schedule;
    if (!schedule) continue;
    jobs[def.module] = {
      slotAt: (at) => lastFiring(schedule, at),
      run: (event) => functions.invoke(name, event),
    };
  }
  return createScheduler({
    clock,
    tickMs: options.schedules === false ? 0 : (options.scheduleTickMs ?? 30_000),
    log,
    jobs,
  });
}

/**
 * /config.json for each of the runtime's own host names: the page's Cognito
 * endpoint must be its own origin (the CSP allows only 'self'), and it is
 * chosen from this list, never echoed from the request.
 */
function configJson(baseUrl: () => string, headers: Record<string, string>) {
  const configs = new Map<string, HttpResponse>();
  return (request: HttpRequest): HttpResponse => {
    const name = hostName(request.headers.host) ?? 'localhost';
    let response = configs.get(name);
    if (!response) {
      const origin = `http://${name}:${new URL(baseUrl()).port}`;
      const config: RuntimeConfig = runtimeConfig.parse({
        region: LOCAL_REGION,
        userPoolId: LOCAL_USER_POOL_ID,
        userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
        userPoolEndpoint: `${origin}/_aws/cognito-idp`,
        apiBase: APIS.api.publicPrefix,
        contactBase: APIS.contact.publicPrefix,
      });
      response = json(200, config, { ...headers, 'cache-control': 'no-cache' });
      configs.set(name, response);
    }
    return response;
  };
}

/** Step 8: the migrate function, as the deploy's trigger runs it. */
async function migrate(functions: Functions, log: (line: string) => void): Promise<void> {
  const { applied } = (await functions.invoke('migrate', {})) as { applied: string[] };
  if (applied.length > 0) log(`[local] migrations applied: ${applied.join(', ')}`);
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const clock = options.clock ?? systemClock;
  const lambda: LambdaOptions =
    typeof options.lambda === 'string' ? { mode: options.lambda } : (options.lambda ?? {});
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  let baseUrl = '';
  const issuer = () => `${baseUrl}/_aws/cognito-idp/${LOCAL_USER_POOL_ID}`;
  const credentials = loadOrCreateCredentials(options.dataDir, log);
  const secretsManager = startSecretsManager(options, clock);

  const functions = createFunctions({
    mode: lambda.mode ?? (options.clock ? 'inline' : 'workers'),
    overrides: lambda.functions ?? {},
    clock,
    region: LOCAL_REGION,
    // A copy: the SDK clients of inline handlers annotate the object they are given.
    credentials: { ...credentials },
    values: stackValues(options, secretsManager),
    log,
  });
  const emulators = await startEmulators(options, clock, log, credentials, secretsManager, {
    issuer,
    postConfirmation: (event) => functions.invoke('postConfirmation', event),
  });
  const { rdsData, secrets, outbox, ses, s3, cognito } = emulators;
  const scheduler = startSchedules(options, clock, log, functions, s3);
  const authorize = createCognitoAuthorizer({
    issuer,
    clientId: LOCAL_USER_POOL_CLIENT_ID,
    jwks: () => cognito.jwks(),
    clock,
  });
  const gateway = createGateway({
    clock,
    ...(options.integrationTimeoutMs ? { integrationTimeoutMs: options.integrationTimeoutMs } : {}),
    authorize: (authorization) => authorize(authorization),
    loadHandler: (group) => Promise.resolve((event) => functions.invoke(group, event)),
  });
  const headers = securityHeaders();
  // SES's S3 action: the runtime writes received messages through the S3 emulator, signed with its key.
  let inboundStorage: Storage | undefined;
  const frontDoor = createFrontDoor(
    {
      rdsData: rdsData.handle,
      secretsManager: secrets.handle,
      ses: ses.handle,
      cognito: cognito.handle,
      s3: s3.handle,
      gateway,
      outbox,
      schedules: (request, name) => scheduler.handle(request, name),
      inbound: createInboundEndpoint({
        storage: () =>
          (inboundStorage ??= createS3Storage(
            {
              region: LOCAL_REGION,
              credentials: { ...credentials },
              endpoints: { s3: `${baseUrl}/_aws/s3` },
            },
            LOCAL_EVIDENCE_BUCKET,
          )),
        invoke: (event) => functions.invoke('inbound', event),
        recipientsOf: async (raw) =>
          (await import('@cpe/api/inbound/message')).headerRecipients(raw),
        clock,
        region: LOCAL_REGION,
        accountId: LOCAL_ACCOUNT_ID,
      }),
      config: configJson(() => baseUrl, headers),
      site: createStaticSite({ root: options.webDistDir, headers }),
    },
    {
      allowedHosts: options.allowedHosts,
      headers,
      verifier: createRequestVerifier({
        region: LOCAL_REGION,
        credentials: new Map([[credentials.accessKeyId, credentials.secretAccessKey]]),
        // Every signer signs by the machine's clock; a test's ManualClock moves the app's time, not theirs.
        clock: systemClock,
      }),
    },
  );

  async function close() {
    await scheduler.stop();
    await frontDoor.close();
    await functions.close();
    await cognito.close();
    await s3.close();
    await rdsData.close();
  }

  try {
    baseUrl = await frontDoor.listen(options.port ?? 3000, options.host ?? '127.0.0.1');
    functions.start(
      {
        rdsData: `${baseUrl}/_aws/rds-data`,
        secretsManager: `${baseUrl}/_aws/secretsmanager`,
        sesv2: `${baseUrl}/_aws/ses`,
        cognitoIdentityProvider: `${baseUrl}/_aws/cognito-idp`,
        s3: `${baseUrl}/_aws/s3`,
        ...options.serviceEndpoints,
      },
      baseUrl,
    );
    await migrate(functions, log);
  } catch (error) {
    await close();
    throw error;
  }

  return {
    url: baseUrl,
    credentials: { ...credentials },
    scheduler,
    rdsData,
    secrets,
    s3,
    outbox,
    userPoolId: LOCAL_USER_POOL_ID,
    userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
    lambda: { mode: functions.mode, stats: () => functions.stats() },
    close,
  };
}
