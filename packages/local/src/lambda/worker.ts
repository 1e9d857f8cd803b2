/**
 * One Lambda container on a worker thread. Its process.env is the function's
 * environment (environment.ts); the init phase loads the handler module and
 * builds its SDK clients from that environment, as a Lambda entry does at
 * module scope; then it answers one invocation at a time.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { type AwsEndpoints, type AwsSetup, dependencyTimingOf } from '@cpe/api/aws/setup';
import { parseApiConfig } from '@cpe/api/config';
import { type HandlerDeps, type HandlerModule, buildHandler } from '@cpe/api/handlers';
import { systemClock } from '@cpe/shared/clock';
import { containerEnvironment } from './env';
import { ENDPOINT_VARIABLES, endpointsFromEnvironment } from './environment';
import type { ContainerData, ToContainer, FromContainer } from './protocol';

type Handler = (event: unknown) => Promise<unknown>;

const port = parentPort;
if (!port) throw new Error('the Lambda container must run on a worker thread');
const data = workerData as ContainerData;
const env = containerEnvironment();
const functionName = env.AWS_LAMBDA_FUNCTION_NAME ?? data.module;

/**
 * What a function may reach: the clients of the services whose endpoint its
 * environment names, each loaded only then (a function without the 'mail'
 * need never loads the SES client, as its Lambda bundle would not hold it).
 * Reaching for another service fails, as a missing grant would in AWS.
 */
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

const started = performance.now();
init().then(
  (handler) => {
    send({ type: 'ready', initMs: performance.now() - started });
    port.on('message', (message: ToContainer) => {
      handler(message.event).then(
        (result) => send({ type: 'result', id: message.id, result }),
        (error: unknown) => {
          // Lambda logs a function error to CloudWatch; API Gateway answers 502.
          console.error(`[lambda ${functionName}] function error:`, error);
          send({ type: 'error', id: message.id, error: describe(error) });
        },
      );
    });
  },
  (error: unknown) => {
    console.error(`[lambda ${functionName}] init failed:`, error);
    send({ type: 'init-failed', error: describe(error) });
  },
);
