import { SecretFormatError, type SecretsSender, createSecretReader } from './secrets';

const ARN = 'arn:aws:secretsmanager:ap-southeast-2:123456789012:secret:openai-AbCdEf';
const OTHER_ARN = 'arn:aws:secretsmanager:ap-southeast-2:123456789012:secret:db-GhIjKl';

type Answer = Awaited<ReturnType<SecretsSender['getSecretValue']>> | Error;

/** Secrets Manager answering each read with the next of `answers` for its id (the last one repeats). */
function setup(answers: Record<string, Answer[]>) {
  const calls: string[] = [];
  const sender: SecretsSender = {
    getSecretValue(secretId) {
      calls.push(secretId);
      const queue = answers[secretId] ?? [];
      const answer = queue.length > 1 ? queue.shift() : queue[0];
      if (answer === undefined) return Promise.reject(new Error(`no answer for ${secretId}`));
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve(answer);
    },
  };
  return { calls, reader: createSecretReader(sender) };
}

function notFound(): Error {
  return Object.assign(new Error("Secrets Manager can't find the specified secret."), {
    name: 'ResourceNotFoundException',
  });
}

describe('createSecretReader', () => {
  it('answers the secret string parsed as JSON', async () => {
    const { calls, reader } = setup({ [ARN]: [{ SecretString: '{"apiKey":"sk-1"}' }] });

    const value = await reader.getSecretJson(ARN);

    expect(value).toEqual({ apiKey: 'sk-1' });
    expect(calls).toEqual([ARN]);
  });

  it('reads a binary secret as UTF-8 JSON', async () => {
    const { reader } = setup({ [ARN]: [{ SecretBinary: Buffer.from('{"apiKey":"sk-bin"}') }] });

    await expect(reader.getSecretJson(ARN)).resolves.toEqual({ apiKey: 'sk-bin' });
  });

  it('calls Secrets Manager once per secret, even for concurrent first reads', async () => {
    const { calls, reader } = setup({
      [ARN]: [{ SecretString: '{"apiKey":"sk-1"}' }],
      [OTHER_ARN]: [{ SecretString: '{"password":"p"}' }],
    });

    const first = await Promise.all([reader.getSecretJson(ARN), reader.getSecretJson(ARN)]);
    const later = await reader.getSecretJson(ARN);
    const other = await reader.getSecretJson(OTHER_ARN);

    expect(first).toEqual([{ apiKey: 'sk-1' }, { apiKey: 'sk-1' }]);
    expect(later).toEqual({ apiKey: 'sk-1' });
    expect(other).toEqual({ password: 'p' });
    expect(calls).toEqual([ARN, OTHER_ARN]);
  });

  it('answers undefined for a missing secret and remembers that it is missing', async () => {
    const { calls, reader } = setup({ [ARN]: [notFound()] });

    const first = await reader.getSecretJson(ARN);
    const second = await reader.getSecretJson(ARN);

    expect(first).toBeUndefined();
    expect(second).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('does not cache a transient failure: the next read tries again', async () => {
    const { calls, reader } = setup({
      [ARN]: [new Error('try later'), { SecretString: '{"apiKey":"sk-2"}' }],
    });

    await expect(reader.getSecretJson(ARN)).rejects.toThrow('try later');
    const retried = await reader.getSecretJson(ARN);
    const cached = await reader.getSecretJson(ARN);

    expect(retried).toEqual({ apiKey: 'sk-2' });
    expect(cached).toEqual({ apiKey: 'sk-2' });
    expect(calls).toHaveLength(2);
  });

  it('rejects a value that is not JSON without putting the value in the error', async () => {
    const { calls, reader } = setup({ [ARN]: [{ SecretString: 'sk-plain-text-key' }] });

    const error: unknown = await reader.getSecretJson(ARN).catch((e: unknown) => e);
    await reader.getSecretJson(ARN).catch(() => undefined);

    expect(error).toBeInstanceOf(SecretFormatError);
    expect(String((error as Error).message)).not.toContain('sk-plain-text-key');
    expect(calls).toHaveLength(1);
  });
});
