import type { Exchange } from './json-client';

/**
 * How the api's AWS clients (json-client.ts for the Data API and Secrets
 * Manager, SDK clients for the rest) are made: in Lambda, the region's
 * endpoints and the function role's credentials (env.ts); locally, the local
 * runtime's emulators on its own port, passed explicitly (never through
 * process.env), so two runtimes can live in one process.
 */
export interface AwsEndpoints {
  rdsData?: string;
  secretsManager?: string;
  sesv2?: string;
  cognitoIdentityProvider?: string;
  s3?: string;
}

/** The SDK's service-specific endpoint variable for each client the handlers make. */
export const ENDPOINT_VARIABLES = {
  rdsData: 'AWS_ENDPOINT_URL_RDS_DATA',
  secretsManager: 'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  sesv2: 'AWS_ENDPOINT_URL_SESV2',
  cognitoIdentityProvider: 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  s3: 'AWS_ENDPOINT_URL_S3',
} as const satisfies Record<keyof AwsEndpoints, string>;

/**
 * How long a call to Cognito, Secrets Manager, SES or S3 may take. The SDK
 * sets no time limit of its own: a service that never answers would hold the
 * request until API Gateway gives up at 29 s and answers its own 504. These
 * bounds turn a hang into the api's 504 with a message well before that.
 */
export interface DependencyTiming {
  /** Time to open a connection. */
  connectionTimeoutMs: number;
  /**
   * Time the connection may stay silent, no byte sent or received: a service
   * that never answers is caught, a large upload still moving is not cut.
   */
  idleTimeoutMs: number;
  /** Attempts per call, the first included (the SDK retries 5xx, throttling, resets and timeouts). */
  maxAttempts: number;
}

/** Two attempts of at most 5 s of silence each (plus the SDK's back-off): a hang answers within about 11 s. */
export const DEPENDENCY_TIMING: DependencyTiming = {
  connectionTimeoutMs: 2_000,
  idleTimeoutMs: 5_000,
  maxAttempts: 2,
};

/** The limits a function's configuration sets (AWS_CONNECT_TIMEOUT_MS, AWS_IDLE_TIMEOUT_MS, AWS_MAX_ATTEMPTS). */
export function dependencyTimingOf(config: {
  AWS_CONNECT_TIMEOUT_MS: number;
  AWS_IDLE_TIMEOUT_MS: number;
  AWS_MAX_ATTEMPTS: number;
}): DependencyTiming {
  return {
    connectionTimeoutMs: config.AWS_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: config.AWS_IDLE_TIMEOUT_MS,
    maxAttempts: config.AWS_MAX_ATTEMPTS,
  };
}

export interface AwsSetup {
  region: string;
  endpoints?: AwsEndpoints;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Default: DEPENDENCY_TIMING. */
  timing?: DependencyTiming;
  /**
   * The SDK's HTTP handler for a service at `endpoint`, in place of node's
   * http: the local runtime passes one that reaches its own emulators in
   * process. Undefined keeps node's (always so in Lambda).
   */
  requestHandlerFor?: (service: keyof AwsEndpoints, endpoint: string) => object | undefined;
  /** The same for the services json-client.ts calls (the Data API, Secrets Manager). */
  exchangeFor?: (service: JsonService, endpoint: string) => Exchange | undefined;
}

/** The services called through json-client.ts instead of an SDK client (decision 087). */
export type JsonService = 'rdsData' | 'secretsManager';

/** The name each service signs its requests with (SigV4's service). */
const SIGNING_NAMES: Record<JsonService, string> = {
  rdsData: 'rds-data',
  secretsManager: 'secretsmanager',
};

/**
 * json-client.ts's options for one service: the Data API as the SDK's
 * defaults leave it (see clientConfig), Secrets Manager with the api's time
 * limits and attempts.
 */
export function jsonClientSetup(setup: AwsSetup, service: JsonService) {
  const endpoint = setup.endpoints?.[service];
  const exchange = endpoint ? setup.exchangeFor?.(service, endpoint) : undefined;
  const timing = setup.timing ?? DEPENDENCY_TIMING;
  return {
    dependency: service,
    service: SIGNING_NAMES[service],
    region: setup.region,
    ...(endpoint ? { endpoint } : {}),
    ...(setup.credentials ? { credentials: setup.credentials } : {}),
    ...(exchange ? { exchange } : {}),
    ...(service === 'rdsData'
      ? {}
      : {
          maxAttempts: timing.maxAttempts,
          timing: {
            connectionTimeoutMs: timing.connectionTimeoutMs,
            idleTimeoutMs: timing.idleTimeoutMs,
          },
        }),
  };
}

/** The client configuration for one service called through its SDK client. */
export function clientConfig(setup: AwsSetup, service: Exclude<keyof AwsEndpoints, JsonService>) {
  const endpoint = setup.endpoints?.[service];
  const timing = setup.timing ?? DEPENDENCY_TIMING;
  const handler = endpoint ? setup.requestHandlerFor?.(service, endpoint) : undefined;
  return {
    region: setup.region,
    ...(endpoint ? { endpoint } : {}),
    ...(setup.credentials ? { credentials: setup.credentials } : {}),
    maxAttempts: timing.maxAttempts,
    requestHandler: handler ?? {
      connectionTimeout: timing.connectionTimeoutMs,
      socketTimeout: timing.idleTimeoutMs,
    },
  };
}
