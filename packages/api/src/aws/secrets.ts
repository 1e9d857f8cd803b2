import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type SecretReader, createSecretReader } from '../secrets';
import { type AwsSetup, clientConfig } from './setup';

/** The container's secret reader: each secret read at most once per container. */
export function createSecretsManagerReader(setup: AwsSetup): SecretReader {
  return createSecretReader(new SecretsManagerClient(clientConfig(setup, 'secretsManager')));
}
