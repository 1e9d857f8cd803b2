import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type SecretReader, createSecretReader } from '../secrets';
import { reportingFailures } from './failures';
import { type AwsSetup, clientConfig } from './setup';

/** The container's secret reader: each secret read at most once per container. */
export function createSecretsManagerReader(setup: AwsSetup): SecretReader {
  const client = reportingFailures(
    new SecretsManagerClient(clientConfig(setup, 'secretsManager')),
    'secretsManager',
  );
  return createSecretReader({
    getSecretValue: (secretId) => client.send(new GetSecretValueCommand({ SecretId: secretId })),
  });
}
