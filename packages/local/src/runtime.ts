/**
 * The local composition root: every emulated AWS service plus the SPA on one
 * port, wired to the same handler modules that ship to Lambda.
 */
import { mkdirSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCognitoIdentity } from '@cpe/api/aws/cognito';
import { createDataApiDb } from '@cpe/api/aws/data-api';
import { createSecretsManagerReader } from '@cpe/api/aws/secrets';
import { createSesMailer } from '@cpe/api/aws/ses';
import type { AwsSetup } from '@cpe/api/aws/setup';
import { parseApiConfig } from '@cpe/api/config';
import {
  type HandlerDeps,
  type HandlerModule,
  buildHandler,
  httpHandlers,
  otherHandlers,
} from '@cpe/api/handlers';
import { securityHeaders } from '@cpe/shared';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { createCognitoEmulator, type PostConfirmationEvent } from './cognito';
import { createGateway, type ProxyHandler } from './gateway';
import { createCognitoAuthorizer } from './gateway/authorizer';
import { BodyTooLargeError, readRequest, writeResponse } from './http/adapt';
import type { HttpRequest, HttpResponse, HttpService } from './http/types';
import { json } from './http/types';
import { createOutbox, type Outbox } from './mail/outbox';
import {
  LOCAL_CLUSTER_ARN,
  LOCAL_SECRET_ARN,
  type RdsDataEmulator,
  createPgliteBackend,
  createPostgresBackend,
  createRdsDataEmulator,
} from './rds-data';
import { type SecretsManagerEmulator, createSecretsManagerEmulator } from './secrets';
import { createSesEmulator } from './ses';
import { createStaticSite } from './static';

export const LOCAL_REGION = 'ap-southeast-2';
export const LOCAL_OPENAI_SECRET_ARN = `arn:aws:secretsmanager:${LOCAL_REGION}:000000000000:secret:cpe-local-openai`;
export const LOCAL_DB_NAME = 'cpe';
/** Shaped like real ids: Amplify and JWT verifiers parse the region out of the pool id. */
export const LOCAL_USER_POOL_ID = `${LOCAL_REGION}_LocalPool1`;
export const LOCAL_USER_POOL_CLIENT_ID = 'cpelocalclient1234567890ab';
/** The handlers' credentials: the emulators accept these (locally every signature is the runtime's own). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export interface LocalRuntimeOptions {
  port?: number;
  host?: string;
  /** State (database files, pool, outbox); undefined keeps everything in memory. */
  dataDir?: string;
  databaseUrl?: string;
  webDistDir: string;
  openAi?: { apiKey: string; model?: string; baseUrl?: string };
  contactToAddress?: string;
  clock?: Clock;
  /** Total time handlers wait for a resuming database (default: the api's 25 s). */
  dbResumeBudgetMs?: number;
  log?: (line: string) => void;
}

export interface LocalRuntime {
  url: string;
  rdsData: RdsDataEmulator;
  secrets: SecretsManagerEmulator;
  userPoolId: string;
  userPoolClientId: string;
  outbox: Outbox;
  close(): Promise<void>;
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });

  const backend = options.databaseUrl
    ? await createPostgresBackend({ connectionString: options.databaseUrl })
    : await createPgliteBackend(
        options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {},
      );
  const rdsData = createRdsDataEmulator({
    backend,
    clusterArn: LOCAL_CLUSTER_ARN,
    secretArn: LOCAL_SECRET_ARN,
    database: LOCAL_DB_NAME,
    clock,
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
  const handlerConfig = parseApiConfig({
    AWS_REGION: LOCAL_REGION,
    DB_CLUSTER_ARN: LOCAL_CLUSTER_ARN,
    DB_SECRET_ARN: LOCAL_SECRET_ARN,
    DB_NAME: LOCAL_DB_NAME,
    DB_RESUME_BUDGET_MS: options.dbResumeBudgetMs ? String(options.dbResumeBudgetMs) : undefined,
    OPENAI_SECRET_ARN: options.openAi ? LOCAL_OPENAI_SECRET_ARN : undefined,
    OPENAI_MODEL: options.openAi?.model,
    OPENAI_BASE_URL: options.openAi?.baseUrl,
    CONTACT_TO_ADDRESS: options.contactToAddress,
  });
  let handlerDeps: HandlerDeps | undefined;
  /** Made on first use: the emulators' endpoints are known once the server listens. */
  function deps(): HandlerDeps {
    if (!handlerDeps) {
      const aws: AwsSetup = {
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        endpoints: {
          rdsData: `${baseUrl}/_aws/rds-data`,
          secretsManager: `${baseUrl}/_aws/secretsmanager`,
          sesv2: `${baseUrl}/_aws/ses`,
          cognitoIdentityProvider: `${baseUrl}/_aws/cognito-idp`,
        },
      };
      handlerDeps = {
        config: handlerConfig,
        clock,
        db: createDataApiDb(aws, handlerConfig),
        secrets: createSecretsManagerReader(aws),
        identity: createCognitoIdentity(aws),
        mailer: createSesMailer(aws),
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

  const authorize = createCognitoAuthorizer({
    issuer,
    clientId: LOCAL_USER_POOL_CLIENT_ID,
    jwks: () => cognito.jwks(),
    clock,
  });
  const gateway = createGateway({
    clock,
    authorize: (authorization) => authorize(authorization),
    loadHandler: (group) => handler(httpHandlers[group] as HandlerModule) as Promise<ProxyHandler>,
  });

  function configJson(request: HttpRequest): HttpResponse {
    const origin = `http://${request.headers.host ?? new URL(baseUrl).host}`;
    return json(
      200,
      {
        region: LOCAL_REGION,
        userPoolId: LOCAL_USER_POOL_ID,
        userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
        userPoolEndpoint: `${origin}/_aws/cognito-idp`,
        apiBase: '',
        contactBase: '/beta',
      },
      { ...headers, 'cache-control': 'no-cache' },
    );
  }

  const mounts: Array<[string, HttpService]> = [
    ['/_aws/rds-data', rdsData.handle],
    ['/_aws/secretsmanager', secrets.handle],
    ['/_aws/ses', ses.handle],
    ['/_aws/cognito-idp', cognito.handle],
  ];

  async function route(request: HttpRequest): Promise<HttpResponse> {
    for (const [mount, service] of mounts) {
      if (request.rawPath === mount || request.rawPath.startsWith(`${mount}/`)) {
        return service({ ...request, path: request.rawPath.slice(mount.length) || '/' });
      }
    }
    const p = request.rawPath;
    if (p === '/config.json') return configJson(request);
    if (p === '/_dev/mail') return outbox.htmlPage();
    if (p === '/_dev/mail.json') return outbox.jsonPage();
    if (p === '/api' || p.startsWith('/api/') || p === '/beta' || p.startsWith('/beta/')) {
      return gateway(request);
    }
    return site(request);
  }

  const server: Server = createServer((req, res) => {
    readRequest(req)
      .then(route)
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) {
          writeResponse(res, json(413, { message: 'Request too long' }));
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

  try {
    const migrate = await handler(otherHandlers.migrate);
    const { applied } = await migrate();
    if (applied.length > 0) log(`[local] migrations applied: ${applied.join(', ')}`);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rdsData.close();
    throw error;
  }

  return {
    url: baseUrl,
    rdsData,
    secrets,
    outbox,
    userPoolId: LOCAL_USER_POOL_ID,
    userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cognito.close();
      await rdsData.close();
    },
  };
}
