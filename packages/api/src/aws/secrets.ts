import { type SecretReader, type SecretsSender, createSecretReader } from '../secrets';
import { createJsonClient } from './json-client';
import { type AwsSetup, jsonClientSetup } from './setup';

const GET_SECRET_VALUE = {
  path: '/',
  headers: {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': 'secretsmanager.GetSecretValue',
  },
};

/** GetSecretValue over json-client.ts; JSON 1.1 carries SecretBinary as base64. */
export function secretsManagerSender(setup: AwsSetup): SecretsSender {
  const call = createJsonClient(jsonClientSetup(setup, 'secretsManager'));
  return {
    async getSecretValue(secretId) {
      const out = await call({ ...GET_SECRET_VALUE, input: { SecretId: secretId } });
      return {
        ...(typeof out.SecretString === 'string' ? { SecretString: out.SecretString } : {}),
        ...(typeof out.SecretBinary === 'string'
          ? { SecretBinary: Buffer.from(out.SecretBinary, 'base64') }
          : {}),
      };
    },
  };
}

/** The container's secret reader: each secret read at most once per container. */
export function createSecretsManagerReader(setup: AwsSetup): SecretReader {
  return createSecretReader(secretsManagerSender(setup));
}
