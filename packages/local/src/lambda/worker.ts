/**
 * One Lambda container on a worker thread. Its process.env is the function's
 * environment (environment.ts); the init phase loads the handler module and
 * builds its SDK clients from that environment, as a Lambda entry does at
 * module scope; then it answers one invocation at a time.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { createCognitoIdentity } from '@cpe/api/aws/cognito';
import { createDataApiDb } from '@cpe/api/aws/data-api';
import { createSecretsManagerReader } from '@cpe/api/aws/secrets';
import { createS3Storage } from '@cpe/api/aws/s3';
import { createSesMailer } from '@cpe/api/aws/ses';
import type { AwsEndpoints, AwsSetup } from '@cpe/api/aws/setup';
import { type ApiConfig, parseApiConfig } from '@cpe/api/config';
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

/** What a function may reach: only the services whose endpoint its environment names. */
function containerDeps(): HandlerDeps {
  const endpoints = endpointsFromEnvironment(env);
  const aws: AwsSetup = {
    region: env.AWS_REGION ?? 'ap-southeast-2',
    endpoints,
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    },
  };
  const require = (service: keyof AwsEndpoints) => {
    if (!endpoints[service])
      throw new Error(
        `${functionName}: no ${ENDPOINT_VARIABLES[service]} in this function's environment (the function table gives it no such need)`,
      );
  };
  let config: ApiConfig | undefined;
  const made = new Map<string, unknown>();
  const once = <T>(name: string, make: () => T): T => {
    if (!made.has(name)) made.set(name, make());
    return made.get(name) as T;
  };
  // Getters: a handler factory touches only what it uses, and a function
  // without a need fails only if it reaches for that service.
  return {
    get config() {
      config ??= parseApiConfig(env);
      return config;
    },
    clock: systemClock,
    get db() {
      require('rdsData');
      return once('db', () => createDataApiDb(aws, this.config));
    },
    get secrets() {
      require('secretsManager');
      return once('secrets', () => createSecretsManagerReader(aws));
    },
    get identity() {
      require('cognitoIdentityProvider');
      return once('identity', () => createCognitoIdentity(aws));
    },
    get mailer() {
      require('sesv2');
      return once('mailer', () => createSesMailer(aws));
    },
    get storage() {
      require('s3');
      return once('storage', () => createS3Storage(aws, this.config.EVIDENCE_BUCKET));
    },
  };
}

async function init(): Promise<Handler> {
  if (data.entry) {
    // A stand-in handler file (tests, plain JavaScript): loaded as the Lambda runtime loads index.handler.
    const loaded = createRequire(__filename)(data.entry) as { handler?: Handler };
    if (typeof loaded.handler !== 'function') throw new Error(`${data.entry} exports no handler`);
    return loaded.handler;
  }
  return (await buildHandler(data.module as HandlerModule, containerDeps())) as Handler;
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
