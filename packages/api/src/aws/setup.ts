/**
 * How the api's AWS SDK clients are made: in Lambda, the SDK's defaults (the
 * region's endpoints, the function role's credentials); locally, the local
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

export interface AwsSetup {
  region: string;
  endpoints?: AwsEndpoints;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The client configuration for one service. */
export function clientConfig(setup: AwsSetup, service: keyof AwsEndpoints) {
  const endpoint = setup.endpoints?.[service];
  return {
    region: setup.region,
    ...(endpoint ? { endpoint } : {}),
    ...(setup.credentials ? { credentials: setup.credentials } : {}),
  };
}
