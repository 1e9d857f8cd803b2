import {
  GetSecretValueCommand,
  InternalServiceError,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { SecretFormatError, createSecretReader } from './secrets';

const ARN = 'arn:aws:secretsmanager:ap-southeast-2:123456789012:secret:openai-AbCdEf';
const OTHER_ARN = 'arn:aws:secretsmanager:ap-southeast-2:123456789012:secret:db-GhIjKl';

function setup() {
  const client = new SecretsManagerClient({
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const mock = mockClient(client);
  return { mock, reader: createSecretReader(client) };
}

function notFound(): ResourceNotFoundException {
  return new ResourceNotFoundException({
    message: "Secrets Manager can't find the specified secret.",
    $metadata: {},
  });
}

describe('createSecretReader', () => {
  it('answers the secret string parsed as JSON', async () => {
    const { mock, reader } = setup();
    mock
      .on(GetSecretValueCommand, { SecretId: ARN })
      .resolves({ SecretString: '{"apiKey":"sk-1"}' });

    const value = await reader.getSecretJson(ARN);

    expect(value).toEqual({ apiKey: 'sk-1' });
    expect(mock.commandCalls(GetSecretValueCommand)[0]?.args[0].input).toEqual({ SecretId: ARN });
  });

  it('reads a binary secret as UTF-8 JSON', async () => {
    const { mock, reader } = setup();
    mock.on(GetSecretValueCommand).resolves({ SecretBinary: Buffer.from('{"apiKey":"sk-bin"}') });

    await expect(reader.getSecretJson(ARN)).resolves.toEqual({ apiKey: 'sk-bin' });
  });

  it('calls Secrets Manager once per secret, even for concurrent first reads', async () => {
    const { mock, reader } = setup();
    mock
      .on(GetSecretValueCommand, { SecretId: ARN })
      .resolves({ SecretString: '{"apiKey":"sk-1"}' })
      .on(GetSecretValueCommand, { SecretId: OTHER_ARN })
      .resolves({ SecretString: '{"password":"p"}' });

    const first = await Promise.all([reader.getSecretJson(ARN), reader.getSecretJson(ARN)]);
    const later = await reader.getSecretJson(ARN);
    const other = await reader.getSecretJson(OTHER_ARN);

    expect(first).toEqual([{ apiKey: 'sk-1' }, { apiKey: 'sk-1' }]);
    expect(later).toEqual({ apiKey: 'sk-1' });
    expect(other).toEqual({ password: 'p' });
    expect(mock.commandCalls(GetSecretValueCommand, { SecretId: ARN })).toHaveLength(1);
    expect(mock.commandCalls(GetSecretValueCommand, { SecretId: OTHER_ARN })).toHaveLength(1);
  });

  it('answers undefined for a missing secret and remembers that it is missing', async () => {
    const { mock, reader } = setup();
    mock.on(GetSecretValueCommand).rejects(notFound());

    const first = await reader.getSecretJson(ARN);
    const second = await reader.getSecretJson(ARN);

    expect(first).toBeUndefined();
    expect(second).toBeUndefined();
    expect(mock.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('does not cache a transient failure: the next read tries again', async () => {
    const { mock, reader } = setup();
    mock
      .on(GetSecretValueCommand)
      .rejectsOnce(new InternalServiceError({ message: 'try later', $metadata: {} }))
      .resolves({ SecretString: '{"apiKey":"sk-2"}' });

    await expect(reader.getSecretJson(ARN)).rejects.toThrow('try later');
    const retried = await reader.getSecretJson(ARN);
    const cached = await reader.getSecretJson(ARN);

    expect(retried).toEqual({ apiKey: 'sk-2' });
    expect(cached).toEqual({ apiKey: 'sk-2' });
    expect(mock.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('rejects a value that is not JSON without putting the value in the error', async () => {
    const { mock, reader } = setup();
    mock.on(GetSecretValueCommand).resolves({ SecretString: 'sk-plain-text-key' });

    const error: unknown = await reader.getSecretJson(ARN).catch((e: unknown) => e);
    await reader.getSecretJson(ARN).catch(() => undefined);

    expect(error).toBeInstanceOf(SecretFormatError);
    expect(String((error as Error).message)).not.toContain('sk-plain-text-key');
    expect(mock.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });
});
