/**
 * What the hardening suites need beyond tests/support: the api's handlers
 * built with dependencies of the test's choosing (a clock, a configuration)
 * against a running runtime's emulators, and HTTP requests from another
 * loopback address, as a second client would send them.
 */
import { createS3Storage } from '@cpe/api/aws/s3';
import { request } from 'node:http';
import { createCognitoIdentity } from '@cpe/api/aws/cognito';
import { createDataApiDb } from '@cpe/api/aws/data-api';
import { createSecretsManagerReader } from '@cpe/api/aws/secrets';
import { createSesMailer } from '@cpe/api/aws/ses';
import type { AwsSetup } from '@cpe/api/aws/setup';
import { parseApiConfig } from '@cpe/api/config';
import type { HandlerDeps } from '@cpe/api/handlers';
import type { Clock, LocalRuntime } from '@cpe/local';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN } from './data-api';

export function awsFor(runtime: LocalRuntime): AwsSetup {
  return {
    region: 'ap-southeast-2',
    credentials: runtime.credentials,
    endpoints: {
      rdsData: `${runtime.url}/_aws/rds-data`,
      secretsManager: `${runtime.url}/_aws/secretsmanager`,
      sesv2: `${runtime.url}/_aws/ses`,
      cognitoIdentityProvider: `${runtime.url}/_aws/cognito-idp`,
      s3: `${runtime.url}/_aws/s3`,
    },
  };
}

/** Handler dependencies on `runtime`'s emulators, with configuration and clock of the test's choosing. */
export function handlerDeps(
  runtime: LocalRuntime,
  options: { config?: Record<string, string>; clock: Clock },
): HandlerDeps {
  const aws = awsFor(runtime);
  const config = parseApiConfig({
    DB_CLUSTER_ARN: LOCAL_CLUSTER_ARN,
    DB_SECRET_ARN: LOCAL_SECRET_ARN,
    DB_NAME: 'cpe',
    ...options.config,
  });
  return {
    config,
    clock: options.clock,
    db: createDataApiDb(aws, config),
    secrets: createSecretsManagerReader(aws),
    identity: createCognitoIdentity(aws),
    mailer: createSesMailer(aws),
    storage: createS3Storage(aws, config.EVIDENCE_BUCKET),
  };
}

/** POSTs JSON to `runtime` from `localAddress` (any 127.x.y.z: Linux routes all of 127/8 to loopback). */
export function postFrom(
  runtime: LocalRuntime,
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, runtime.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text === '' ? null : JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
