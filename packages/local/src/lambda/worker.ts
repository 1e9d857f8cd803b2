/**
 * One Lambda container on a worker thread. Its process.env is the function's
 * environment (environment.ts); the init phase loads the handler module and
 * builds its SDK clients from that environment, as a Lambda entry does at
 * module scope; then it answers one invocation at a time.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import {
  type AwsEndpoints,
  type AwsSetup,
  DEPENDENCY_TIMING,
  ENDPOINT_VARIABLES,
  dependencyTimingOf,
} from '@cpe/api/aws/setup';
import { parseApiConfig } from '@cpe/api/config';
import { type HandlerDeps, type HandlerModule, buildHandler } from '@cpe/api/handlers';
import { systemClock } from '@cpe/shared/clock';
import { type Exchange, type WireResponse, inProcessRequestHandler } from '../http/sdk-transport';
import { containerEnvironment } from './env';
import { endpointsFromEnvironment } from './environment';
import type { ContainerData, ToContainer, FromContainer } from './protocol';

type Handler = (event: unknown) => Promise<unknown>;

const port = parentPort;
if (!port) throw new Error('the Lambda container must run on a worker thread');
const data = workerData as ContainerData;
const env = containerEnvironment();
const functionName = env.AWS_LAMBDA_FUNCTION_NAME ?? data.module;

/** SDK calls waiting for the runtime's answer, by id. */
const calls = new Map<
  number,
  { resolve(response: WireResponse): void; reject(error: Error): void }
>();
let nextCall = 1;

/** An SDK call to the runtime's own endpoints, posted to the pool, which serves it on the runtime's route. */
const exchange: Exchange = (request) =>
  new Promise<WireResponse>((resolve, reject) => {
    const id = nextCall++;
    calls.set(id, { resolve, reject });
    send({ type: 'aws', id, request });
  });

/**
 * What a function may reach: the clients of the services whose endpoint its
 * environment names, each loaded only then (a function without the 'mail'
 * need never loads the SES client, as its Lambda bundle would not hold it).
 * Reaching for another service fails, as a missing grant would in AWS.
 */
/** An endpoint of the runtime that runs this container (not a fault proxy in front of one). */
const ownEndpoint = (endpoint: string) =>
  data.localOrigin !== undefined && endpoint.startsWith(`${data.localOrigin}/`);

async function containerDeps(): Promise<HandlerDeps> {
  const endpoints = endpointsFromEnvironment(env);
  const config = env.DB_CLUSTER_ARN ? parseApiConfig(env) : undefined;
  const aws: AwsSetup = {
    region: env.AWS_REGION ?? 'ap-southeast-2',
    endpoints,
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    },
    // The SDK's time limits from the function's settings; without them, the api's defaults.
    ...(config ? { timing: dependencyTimingOf(config) } : {}),
    requestHandlerFor: (_service, endpoint) =>
      ownEndpoint(endpoint)
        ? inProcessRequestHandler(exchange, {
            timeoutMs: (config ? dependencyTimingOf(config) : DEPENDENCY_TIMING).idleTimeoutMs,
          })
        : undefined,
    exchangeFor: (_service, endpoint) => (ownEndpoint(endpoint) ? exchange : undefined),
  };
  const missing = (service: keyof AwsEndpoints, what: string) =>
    new Proxy(
      {},
      {
        get(_, property) {
          // Not a thenable: awaiting it must not throw.
          if (property === 'then') return undefined;
          throw new Error(
            `${functionName}: no ${ENDPOINT_VARIABLES[service]} in this function's environment, so no ${what} (the function table gives it no such need)`,
          );
        },
      },
    );
  const make = async <T>(
    service: keyof AwsEndpoints,
    what: string,
    load: () => Promise<T>,
  ): Promise<T> => (endpoints[service] ? load() : (missing(service, what) as T));
  const [db, secrets, identity, mailer, storage] = await Promise.all([
    make('rdsData', 'database', async () => {
      const { createDataApiDb } = await import('@cpe/api/aws/data-api');
      return createDataApiDb(aws, config ?? parseApiConfig(env));
    }),
    make('secretsManager', 'secrets', async () =>
      (await import('@cpe/api/aws/secrets')).createSecretsManagerReader(aws),
    ),
    make('cognitoIdentityProvider', 'identity', async () =>
      (await import('@cpe/api/aws/cognito')).createCognitoIdentity(aws),
    ),
    make('sesv2', 'mailer', async () => (await import('@cpe/api/aws/ses')).createSesMailer(aws)),
    make('s3', 'storage', async () =>
      (await import('@cpe/api/aws/s3')).createS3Storage(
        aws,
        (config ?? parseApiConfig(env)).EVIDENCE_BUCKET,
      ),
    ),
  ]);
  return {
    // Functions without the database need have no DB_* settings; their handlers read no config.
    config: config ?? (missing('rdsData', 'settings') as HandlerDeps['config']),
    clock: systemClock,
    db,
    secrets,
    identity,
    mailer,
    storage,
  };
}

async function init(): Promise<Handler> {
  if (data.entry) {
    // A stand-in handler module (tests, plain JavaScript): loaded as the Lambda runtime loads index.handler.
    const loaded = (await import(pathToFileURL(data.entry).href)) as { handler?: Handler };
    if (typeof loaded.handler !== 'function') throw new Error(`${data.entry} exports no handler`);
    return loaded.handler;
  }
  return (await buildHandler(data.module as HandlerModule, await containerDeps())) as Handler;
}

function send(message: FromContainer) {
  port?.postMessage(message);
}

function describe(error: unknown) {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };
}

let handler: Handler | undefined;

port.on('message', (message: ToContainer) => {
  if (message.type === 'aws-answer' || message.type === 'aws-failed') {
    // An SDK call's answer: the init phase may make calls too, so this listens from the start.
    const call = calls.get(message.id);
    calls.delete(message.id);
    if (message.type === 'aws-answer') call?.resolve(message.response);
    else call?.reject(Object.assign(new Error(message.error.message), message.error));
    return;
  }
  // The pool invokes a container only once it is ready.
  if (!handler) throw new Error(`${functionName}: invoked before its init finished`);
  handler(message.event).then(
    (result) => send({ type: 'result', id: message.id, result }),
    (error: unknown) => {
      // Lambda logs a function error to CloudWatch; API Gateway answers 502.
      console.error(`[lambda ${functionName}] function error:`, error);
      send({ type: 'error', id: message.id, error: describe(error) });
    },
  );
});

const started = performance.now();
init().then(
  (ready) => {
    handler = ready;
    send({ type: 'ready', initMs: performance.now() - started });
  },
  (error: unknown) => {
    console.error(`[lambda ${functionName}] init failed:`, error);
    send({ type: 'init-failed', error: describe(error) });
  },
);
