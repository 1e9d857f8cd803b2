/**
 * The local composition root: every emulated AWS service plus the SPA on one
 * port, wired to the same handler modules that ship to Lambda.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCognitoIdentity } from '@cpe/api/aws/cognito';
import { createDataApiDb } from '@cpe/api/aws/data-api';
import { createSecretsManagerReader } from '@cpe/api/aws/secrets';
import { createS3Storage } from '@cpe/api/aws/s3';
import { createSesMailer } from '@cpe/api/aws/ses';
import {
  type AwsEndpoints,
  type JsonService,
  type AwsSetup,
  type DependencyTiming,
  dependencyTimingOf,
} from '@cpe/api/aws/setup';
import { parseApiConfig } from '@cpe/api/config';
import { type FunctionDef, httpFunctions, otherFunctions } from '@cpe/api/functions';
import {
  type HandlerDeps,
  type HandlerModule,
  buildHandler,
  httpHandlers,
  otherHandlers,
} from '@cpe/api/handlers';
import { APIS, securityHeaders } from '@cpe/shared';
import { type Dict, dict } from '@cpe/shared/dict';
import { type RuntimeConfig, runtimeConfig } from '@cpe/shared/runtime-config';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { createCognitoEmulator, type PostConfirmationEvent } from './cognito';
import { createGateway, type ProxyHandler } from './gateway';
import { createCognitoAuthorizer } from './gateway/authorizer';
import { BodyTooLargeError, readRequest, writeAndClose, writeResponse } from './http/adapt';
import {
  type AwsRefusal,
  createHostCheck,
  hostName,
  refusals,
  requireSdkShape,
} from './http/guard';
import {
  type Exchange,
  inProcessRequestHandler,
  refusedError,
  requestOfWire,
  wireOfResponse,
} from './http/sdk-transport';
import type { HttpRequest, HttpResponse, HttpService } from './http/types';
import { json } from './http/types';
import {
  type FunctionSettings,
  type FunctionStats,
  type LambdaService,
  type StackEnvironment,
  containerBundle,
  createLambdaService,
  functionEnvironment,
} from './lambda';
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
import { DEFAULT_MAX_OBJECT_BYTES, type S3Emulator, createS3Emulator, s3Refusal } from './s3';
import { type Scheduler, createScheduler, dailyAtUtc, hourlyAt } from './schedules';
import { createStaticSite } from './static';

export const LOCAL_REGION = 'ap-southeast-2';
export const LOCAL_OPENAI_SECRET_ARN = `arn:aws:secretsmanager:${LOCAL_REGION}:000000000000:secret:cpe-local-openai`;
export const LOCAL_DB_NAME = 'cpe';
/** Shaped like real ids: Amplify and JWT verifiers parse the region out of the pool id. */
export const LOCAL_USER_POOL_ID = `${LOCAL_REGION}_LocalPool1`;
export const LOCAL_USER_POOL_CLIENT_ID = 'cpelocalclient1234567890ab';
/** The handlers' credentials: the emulators accept these (locally every signature is the runtime's own). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
export const LOCAL_REMINDER_SECRET_ARN = `arn:aws:secretsmanager:${LOCAL_REGION}:000000000000:secret:cpe-local-reminders`;
/** The reminder job's daily time, as the stack schedules it (infra/lib/schedules.ts). */
export const REMINDER_DIGEST_HOUR_UTC = 8;
/** Where proof files and large reports live. */
export const LOCAL_EVIDENCE_BUCKET = 'cpe-local-evidence';
const DEFAULT_SITE_URL = 'http://localhost:3000';

/** API Gateway's payload limit (10 MB). */
const API_GATEWAY_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** The Data API's request size limit (4 MiB, aws-fidelity.md). */
const RDS_DATA_MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** Cognito, Secrets Manager and SES requests are small JSON documents. */
const JSON_SERVICE_MAX_REQUEST_BYTES = 1024 * 1024;

/** A function of the table: an HTTP handler group, or migrate, postConfirmation, contactDigest. */
export type FunctionName = keyof typeof httpFunctions | keyof typeof otherFunctions;

/** Per-function settings over the function table's (tests shrink timeouts and limits). */
export interface FunctionOverrides {
  timeoutSeconds?: number;
  memoryMb?: number;
  /** Lambda's reserved concurrency: at most this many containers of the function at once. */
  reservedConcurrency?: number;
  /** A file exporting `handler` run instead of the function's module (tests' stand-ins). */
  entry?: string;
  /** Containers alive at once, at most; past it requests wait (default: twice the cores, decision 082). */
  maxContainers?: number;
  /** A container idle this long is stopped (default 10 minutes). */
  idleMs?: number;
}

export interface LambdaOptions {
  /**
   * 'workers': each function runs in its own pool of worker threads, one
   * request at a time per worker, as Lambda runs containers. 'inline': every
   * handler runs in the server's event loop, sharing its clock (tests that
   * move a ManualClock need this: a container reads the system clock).
   */
  mode?: 'workers' | 'inline';
  /** Concurrent executions across every function (Lambda's default quota: 1,000). */
  accountConcurrency?: number;
  functions?: Partial<Record<FunctionName, FunctionOverrides>>;
}

interface Mount {
  prefix: string;
  maxBytes: number;
  refuse: AwsRefusal;
  service: HttpService;
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
   * Endpoints the handlers' SDK clients use instead of this runtime's own
   * emulators, per service (e.g. a proxy in front of one that injects faults).
   */
  serviceEndpoints?: AwsEndpoints;
  /** The handlers' SDK time limits and attempts (default: the api's DEPENDENCY_TIMING). */
  dependencyTiming?: DependencyTiming;
}

export interface LocalRuntime {
  url: string;
  rdsData: RdsDataEmulator;
  secrets: SecretsManagerEmulator;
  s3: S3Emulator;
  userPoolId: string;
  userPoolClientId: string;
  outbox: Outbox;
  /** How the Lambdas run, and per function (workers only) containers, cold starts, throttles. */
  lambda: { mode: 'workers' | 'inline'; stats(): Dict<FunctionStats> };
  /** The scheduled jobs: tick() runs those whose time has come on the runtime's clock. */
  scheduler: Scheduler;
  close(): Promise<void>;
}

/** The variables that set the handlers' SDK limits, as the stack would set them on a function. */
function dependencyTimingEnvironment(timing: DependencyTiming | undefined) {
  if (!timing) return {};
  return {
    AWS_CONNECT_TIMEOUT_MS: String(timing.connectionTimeoutMs),
    AWS_IDLE_TIMEOUT_MS: String(timing.idleTimeoutMs),
    AWS_MAX_ATTEMPTS: String(timing.maxAttempts),
  };
}

const FUNCTIONS: Record<FunctionName, FunctionDef> = { ...httpFunctions, ...otherFunctions };

/** The unsubscribe links' signing key: kept with the data, so links mailed earlier still work after a restart. */
function reminderSigningKey(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'reminder-signing-key');
  if (!existsSync(file))
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const clock = options.clock ?? systemClock;
  const lambdaOptions: LambdaOptions =
    typeof options.lambda === 'string' ? { mode: options.lambda } : (options.lambda ?? {});
  const lambdaMode = lambdaOptions.mode ?? (options.clock ? 'inline' : 'workers');
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });

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
  const rdsData = createRdsDataEmulator({
    backend,
    clusterArn: LOCAL_CLUSTER_ARN,
    secretArn: LOCAL_SECRET_ARN,
    database: LOCAL_DB_NAME,
    clock,
    ...(options.dataApiLimits ? { limits: options.dataApiLimits } : {}),
  });

  const secretList = [
    {
      arn: LOCAL_SECRET_ARN,
      value: JSON.stringify({
        engine: 'postgres',
        username: 'cpe',
        password: 'local-only',
        dbname: LOCAL_DB_NAME,
      }),
    },
  ];
  secretList.push({
    arn: LOCAL_REMINDER_SECRET_ARN,
    value: JSON.stringify({ signingKey: reminderSigningKey(options.dataDir) }),
  });
  if (options.openAi) {
    secretList.push({
      arn: LOCAL_OPENAI_SECRET_ARN,
      value: JSON.stringify({ apiKey: options.openAi.apiKey }),
    });
  }
  const secrets = createSecretsManagerEmulator({ secrets: secretList, clock });
  const outbox = createOutbox({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    clock,
    log,
  });
  const ses = createSesEmulator(outbox);
  const s3 = createS3Emulator({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    region: LOCAL_REGION,
    buckets: [LOCAL_EVIDENCE_BUCKET],
    credentials: { [LOCAL_CREDENTIALS.accessKeyId]: LOCAL_CREDENTIALS.secretAccessKey },
    clock,
    log,
  });
  const hosts = createHostCheck(options.allowedHosts);

  const headers = securityHeaders();
  const site = createStaticSite({ root: options.webDistDir, headers });

  let baseUrl = '';
  const issuer = () => `${baseUrl}/_aws/cognito-idp/${LOCAL_USER_POOL_ID}`;
  const cognito = await createCognitoEmulator({
    userPoolId: LOCAL_USER_POOL_ID,
    clientId: LOCAL_USER_POOL_CLIENT_ID,
    issuer,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    clock,
    sendMail: async (mail) => {
      await outbox.send(mail);
    },
    // Cognito invokes the PostConfirmation Lambda synchronously; so does the emulator.
    postConfirmation: async (event: PostConfirmationEvent) => {
      if (lambda) return lambda.invoke('postConfirmation', event);
      const trigger = await handler(otherHandlers.postConfirmation);
      return trigger(event);
    },
    log,
  });
  /**
   * What the CDK stack gives each Lambda (its environment, the SDK's
   * endpoints), pointed at this runtime's own emulators and passed to the
   * handler factories: nothing goes through process.env, so runtimes on other
   * ports can share the process.
   */
  const handlerConfigAt = (siteUrl: string) =>
    parseApiConfig({
      AWS_REGION: LOCAL_REGION,
      DB_CLUSTER_ARN: LOCAL_CLUSTER_ARN,
      DB_SECRET_ARN: LOCAL_SECRET_ARN,
      DB_NAME: LOCAL_DB_NAME,
      DB_RESUME_BUDGET_MS: options.dbResumeBudgetMs ? String(options.dbResumeBudgetMs) : undefined,
      OPENAI_SECRET_ARN: options.openAi ? LOCAL_OPENAI_SECRET_ARN : undefined,
      OPENAI_MODEL: options.openAi?.model,
      OPENAI_BASE_URL: options.openAi?.baseUrl,
      OPENAI_TIMEOUT_MS: options.openAi?.timeoutMs ? String(options.openAi.timeoutMs) : undefined,
      CONTACT_TO_ADDRESS: options.contactToAddress,
      EVIDENCE_BUCKET: LOCAL_EVIDENCE_BUCKET,
      REMINDER_SECRET_ARN: LOCAL_REMINDER_SECRET_ARN,
      SITE_URL: siteUrl,
      ...dependencyTimingEnvironment(options.dependencyTiming),
    });
  /** Where the migrate function finds its SQL files (the config's default: the api package's). */
  const migrationsDir = handlerConfigAt(DEFAULT_SITE_URL).MIGRATIONS_DIR;
  /** The emulators' URLs, known once the server listens. */
  const endpoints = () => ({
    rdsData: `${baseUrl}/_aws/rds-data`,
    secretsManager: `${baseUrl}/_aws/secretsmanager`,
    sesv2: `${baseUrl}/_aws/ses`,
    cognitoIdentityProvider: `${baseUrl}/_aws/cognito-idp`,
    s3: `${baseUrl}/_aws/s3`,
    ...options.serviceEndpoints,
  });
  let handlerDeps: HandlerDeps | undefined;
  /** Made on first use: the emulators' endpoints are known once the server listens. */
  function deps(): HandlerDeps {
    if (!handlerDeps) {
      const handlerConfig = handlerConfigAt(baseUrl);
      const aws: AwsSetup = {
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        endpoints: endpoints(),
        timing: dependencyTimingOf(handlerConfig),
        requestHandlerFor: requestHandlerFor(dependencyTimingOf(handlerConfig)),
        exchangeFor,
      };
      handlerDeps = {
        config: handlerConfig,
        clock,
        db: createDataApiDb(aws, handlerConfig),
        secrets: createSecretsManagerReader(aws),
        identity: createCognitoIdentity(aws),
        mailer: createSesMailer(aws),
        storage: createS3Storage(aws, handlerConfig.EVIDENCE_BUCKET),
      };
    }
    return handlerDeps;
  }
  const handlers = new Map<HandlerModule, Promise<unknown>>();
  /** One handler per module and runtime, built once, as a warm Lambda container keeps it. */
  function handler<M extends HandlerModule>(module: M) {
    let built = handlers.get(module);
    if (!built) {
      built = buildHandler(module, deps());
      // A failed build (a bad import) is retried by the next request, as a new container would.
      built.catch(() => handlers.delete(module));
      handlers.set(module, built);
    }
    return built as ReturnType<typeof buildHandler<M>>;
  }

  /**
   * Workers mode: each function's containers get the environment the stack
   * gives that function, pointed at this runtime's emulators.
   */
  let lambda: LambdaService | undefined;
  async function startLambda(): Promise<LambdaService> {
    const bundle = await containerBundle();
    const timing = dependencyTimingEnvironment(options.dependencyTiming);
    const stack: StackEnvironment = {
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoints: endpoints(),
      byNeed: {
        identity: { ...timing },
        database: {
          ...timing,
          DB_CLUSTER_ARN: LOCAL_CLUSTER_ARN,
          DB_SECRET_ARN: LOCAL_SECRET_ARN,
          DB_NAME: LOCAL_DB_NAME,
          DB_RESUME_BUDGET_MS: options.dbResumeBudgetMs
            ? String(options.dbResumeBudgetMs)
            : undefined,
        },
        secrets: {
          ...timing,
          OPENAI_SECRET_ARN: options.openAi ? LOCAL_OPENAI_SECRET_ARN : undefined,
          OPENAI_MODEL: options.openAi?.model,
          OPENAI_BASE_URL: options.openAi?.baseUrl,
          OPENAI_TIMEOUT_MS: options.openAi?.timeoutMs
            ? String(options.openAi.timeoutMs)
            : undefined,
        },
        mail: { ...timing, CONTACT_TO_ADDRESS: options.contactToAddress },
        files: { ...timing, EVIDENCE_BUCKET: LOCAL_EVIDENCE_BUCKET },
      },
      // The bundle is not beside the SQL files; the stack points migrate at its copy the same way.
      byFunction: {
        migrate: { MIGRATIONS_DIR: migrationsDir },
        // As the stack gives them: the signing key of unsubscribe links and the site's origin.
        reminderDigest: { REMINDER_SECRET_ARN: LOCAL_REMINDER_SECRET_ARN, SITE_URL: baseUrl },
        reminders: { REMINDER_SECRET_ARN: LOCAL_REMINDER_SECRET_ARN, SITE_URL: baseUrl },
      },
    };
    const functions = dict<FunctionSettings>();
    for (const [name, def] of Object.entries(FUNCTIONS) as Array<[FunctionName, FunctionDef]>) {
      const overrides = lambdaOptions.functions?.[name] ?? {};
      const memoryMb = overrides.memoryMb ?? def.memoryMb;
      functions[name] = {
        bundle,
        module: def.module,
        memoryMb,
        timeoutSeconds: overrides.timeoutSeconds ?? def.timeoutSeconds,
        env: functionEnvironment(name, { ...def, memoryMb }, stack),
        reservedConcurrency: overrides.reservedConcurrency,
        entry: overrides.entry,
        maxContainers: overrides.maxContainers,
        idleMs: overrides.idleMs,
        local: { origin: baseUrl, exchange },
      };
    }
    return createLambdaService({
      functions,
      ...(lambdaOptions.accountConcurrency !== undefined
        ? { accountConcurrency: lambdaOptions.accountConcurrency }
        : {}),
    });
  }

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
    loadHandler: async (group): Promise<ProxyHandler> => {
      const service = lambda;
      if (service) return (event) => service.invoke(group, event);
      return handler(httpHandlers[group] as HandlerModule) as Promise<ProxyHandler>;
    },
  });

  /** What EventBridge Scheduler runs in AWS (infra/lib/schedules.ts), on the runtime's clock. */
  const scheduler = createScheduler({
    clock,
    tickMs: options.schedules === false ? 0 : (options.scheduleTickMs ?? 30_000),
    log,
    jobs: {
      [otherHandlers.reminderDigest]: {
        slotAt: dailyAtUtc(REMINDER_DIGEST_HOUR_UTC),
        run: async (event) =>
          lambda
            ? lambda.invoke('reminderDigest', event)
            : (await handler(otherHandlers.reminderDigest))(event),
      },
      [otherHandlers.contactDigest]: {
        slotAt: hourlyAt(0),
        run: async () =>
          lambda
            ? lambda.invoke('contactDigest', {})
            : (await handler(otherHandlers.contactDigest))(),
      },
    },
  });

  /**
   * /config.json for each of the runtime's own host names, built once the port
   * is known: the page's Cognito endpoint must be its own origin (the CSP
   * allows only 'self'), and it is chosen from this list, never echoed from
   * the request.
   */
  const configs = new Map<string, HttpResponse>();
  function configJson(request: HttpRequest): HttpResponse {
    const name = hostName(request.headers.host) ?? 'localhost';
    let response = configs.get(name);
    if (!response) {
      const origin = `http://${name}:${new URL(baseUrl).port}`;
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
  }

  /** The emulated AWS services, each behind the SDK-shape check and its service's request size limit. */
  const mounts: Mount[] = [
    {
      prefix: '/_aws/rds-data',
      maxBytes: RDS_DATA_MAX_REQUEST_BYTES,
      refuse: refusals.restJson,
      service: requireSdkShape(rdsData.handle, {
        contentTypes: ['application/json'],
        signed: true,
        refuse: refusals.restJson,
      }),
    },
    {
      prefix: '/_aws/secretsmanager',
      maxBytes: JSON_SERVICE_MAX_REQUEST_BYTES,
      refuse: refusals.json11,
      service: requireSdkShape(secrets.handle, {
        contentTypes: ['application/x-amz-json-1.1'],
        signed: true,
        refuse: refusals.json11,
      }),
    },
    {
      prefix: '/_aws/ses',
      maxBytes: JSON_SERVICE_MAX_REQUEST_BYTES,
      refuse: refusals.restJson,
      service: requireSdkShape(ses.handle, {
        contentTypes: ['application/json'],
        signed: true,
        refuse: refusals.restJson,
      }),
    },
    {
      prefix: '/_aws/cognito-idp',
      maxBytes: JSON_SERVICE_MAX_REQUEST_BYTES,
      refuse: refusals.json11,
      // Amplify calls the pool's public operations unsigned, as browsers do in AWS.
      service: requireSdkShape(cognito.handle, {
        contentTypes: ['application/x-amz-json-1.1'],
        signed: false,
        openMethods: ['GET', 'OPTIONS'],
        refuse: refusals.json11,
      }),
    },
    {
      prefix: '/_aws/s3',
      // A PostObject form carries the file and its fields; S3 checks every signature itself.
      maxBytes: DEFAULT_MAX_OBJECT_BYTES + 64 * 1024,
      refuse: (status, type, message) => s3Refusal(status, type, message),
      service: s3.handle,
    },
  ];

  const mountOf = (rawPath: string) =>
    mounts.find((m) => rawPath === m.prefix || rawPath.startsWith(`${m.prefix}/`));

  /** CloudFront's response headers policy applies to every path it serves, the APIs included. */
  function withSecurityHeaders(response: HttpResponse): HttpResponse {
    return { ...response, headers: { ...response.headers, ...headers } };
  }

  async function route(request: HttpRequest): Promise<HttpResponse> {
    const mount = mountOf(request.rawPath);
    if (mount) {
      return mount.service({ ...request, path: request.rawPath.slice(mount.prefix.length) || '/' });
    }
    const p = request.rawPath;
    if (p === '/config.json') return configJson(request);
    if (p === '/_dev/mail') return outbox.htmlPage();
    if (p === '/_dev/mail.json') return outbox.jsonPage();
    if (p.startsWith('/_dev/schedules/')) {
      return scheduler.handle(request, decodeURIComponent(p.slice('/_dev/schedules/'.length)));
    }
    if (p === '/api' || p.startsWith('/api/') || p === '/beta' || p.startsWith('/beta/')) {
      return withSecurityHeaders(await gateway(request));
    }
    return site(request);
  }

  /** What answers a request naming another host, or too large to read. */
  function refusal(rawPath: string, status: number, type: string, message: string) {
    const mount = mountOf(rawPath);
    if (mount) return mount.refuse(status, type, message);
    if (status === 413) return withSecurityHeaders(json(413, { message: 'Request Too Long' }));
    return withSecurityHeaders({
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: message,
    });
  }

  const hostRefusal = (rawPath: string) =>
    refusal(
      rawPath,
      403,
      'AccessDeniedException',
      `This runtime answers only to its own host names (${hosts.allowed.join(', ')}).`,
    );

  let closed = false;
  /**
   * A request from a handler's SDK client to this runtime's own endpoints,
   * served in process (http/sdk-transport.ts) by the same checks and route
   * as a request read from the socket.
   */
  const exchange: Exchange = async (wire) => {
    if (closed) throw refusedError();
    const request = requestOfWire(wire);
    const { rawPath } = request;
    let response: HttpResponse;
    if (!hosts.isOwn({ headers: { host: wire.headers.host ?? '' } })) {
      response = hostRefusal(rawPath);
    } else if (wire.body.length > (mountOf(rawPath)?.maxBytes ?? API_GATEWAY_MAX_REQUEST_BYTES)) {
      response = refusal(rawPath, 413, 'RequestEntityTooLargeException', 'Request Too Long');
    } else {
      response = await route(request).catch((error: unknown) => {
        console.error('[local] unhandled error:', error);
        return json(500, { message: 'Internal server error' });
      });
    }
    return wireOfResponse(wire.method, response);
  };
  /** The handlers' clients reach this runtime's own endpoints in process; any other (a fault proxy) through node's http. */
  const ownEndpoint = (endpoint: string) => endpoint.startsWith(`${baseUrl}/`);
  const requestHandlerFor =
    (timing: DependencyTiming) => (_service: keyof AwsEndpoints, endpoint: string) =>
      ownEndpoint(endpoint)
        ? inProcessRequestHandler(exchange, { timeoutMs: timing.idleTimeoutMs })
        : undefined;
  const exchangeFor = (_service: JsonService, endpoint: string) =>
    ownEndpoint(endpoint) ? exchange : undefined;

  const server: Server = createServer((req, res) => {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (!hosts.isOwn({ headers: { host: req.headers.host ?? '' } })) {
      writeAndClose(res, hostRefusal(rawPath));
      return;
    }
    const maxBytes = mountOf(rawPath)?.maxBytes ?? API_GATEWAY_MAX_REQUEST_BYTES;
    readRequest(req, '', maxBytes)
      .then(route)
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) {
          writeAndClose(
            res,
            refusal(rawPath, 413, 'RequestEntityTooLargeException', 'Request Too Long'),
          );
          return;
        }
        console.error('[local] unhandled error:', error);
        writeResponse(res, json(500, { message: 'Internal server error' }));
      });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.address}:${address.port}`;
  if (lambdaMode === 'workers') lambda = await startLambda();

  try {
    const migrate = lambda
      ? () => lambda?.invoke('migrate', {}) as Promise<{ applied: string[] }>
      : await handler(otherHandlers.migrate);
    const { applied } = await migrate();
    if (applied.length > 0) log(`[local] migrations applied: ${applied.join(', ')}`);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await lambda?.close();
    await rdsData.close();
    throw error;
  }

  return {
    url: baseUrl,
    scheduler,
    rdsData,
    secrets,
    s3,
    outbox,
    userPoolId: LOCAL_USER_POOL_ID,
    userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
    lambda: { mode: lambdaMode, stats: () => lambda?.stats() ?? dict() },
    async close() {
      closed = true;
      await scheduler.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await lambda?.close();
      await cognito.close();
      await s3.close();
      await rdsData.close();
    },
  };
}
