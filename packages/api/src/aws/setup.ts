/**
 * How the api's AWS SDK clients are made: in Lambda, from the function's
 * environment (env.ts; the SDK itself finds the role's credentials there);
 * in the local runtime's inline mode, its emulators on its own port, passed
 * explicitly (never through process.env), so two runtimes can live in one
 * process.
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
  /** Absent: the SDK's own provider (in Lambda, the role's credentials in the environment). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Default: DEPENDENCY_TIMING. */
  timing?: DependencyTiming;
}

/**
 * The client configuration for one service. The Data API keeps the SDK's
 * defaults: no time limit (a statement may run for up to its 45 s limit, the
 * api's own retry budget bounds a resuming cluster, and a write retried after
 * a client-side timeout could be applied twice) and three attempts. The
 * others get the api's time limits and attempts.
 */
export function clientConfig(setup: AwsSetup, service: keyof AwsEndpoints) {
  const endpoint = setup.endpoints?.[service];
  const timing = setup.timing ?? DEPENDENCY_TIMING;
  return {
    region: setup.region,
    ...(endpoint ? { endpoint } : {}),
    ...(setup.credentials ? { credentials: setup.credentials } : {}),
    ...(service === 'rdsData'
      ? {}
      : {
          maxAttempts: timing.maxAttempts,
          requestHandler: {
            connectionTimeout: timing.connectionTimeoutMs,
            socketTimeout: timing.idleTimeoutMs,
          },
        }),
  };
}
