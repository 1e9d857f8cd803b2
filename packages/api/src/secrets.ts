/**
 * JSON secrets from Secrets Manager, read at most once per secret per
 * container: every read is an HTTPS round trip (and billed), and the values
 * only change on rotation, which a new container picks up.
 */
/** Secrets Manager's GetSecretValue (aws/secrets.ts, the SDK client); tests pass a fake. */
export interface SecretsSender {
  getSecretValue(secretId: string): Promise<{ SecretString?: string; SecretBinary?: Uint8Array }>;
}

export interface SecretReader {
  /**
   * The secret's value parsed as JSON; undefined when the secret does not
   * exist. Rejects when it cannot be read (not cached: the next call tries
   * again) or is not JSON.
   */
  getSecretJson(arn: string): Promise<unknown>;
}

/** Never carries the secret's text: error messages end up in logs. */
export class SecretFormatError extends Error {
  override name = 'SecretFormatError';
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === 'ResourceNotFoundException';
}

export function createSecretReader(client: SecretsSender): SecretReader {
  // Promises, not values, so concurrent first reads share one call.
  const cache = new Map<string, Promise<unknown>>();

  async function load(arn: string): Promise<unknown> {
    let out: Awaited<ReturnType<SecretsSender['getSecretValue']>>;
    try {
      out = await client.getSecretValue(arn);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    const text =
      out.SecretString ??
      (out.SecretBinary ? Buffer.from(out.SecretBinary).toString('utf8') : undefined);
    if (text === undefined) throw new SecretFormatError(`Secret ${arn} has no value`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SecretFormatError(`Secret ${arn} is not JSON`);
    }
  }

  return {
    getSecretJson(arn) {
      const cached = cache.get(arn);
      if (cached) return cached;
      const value = load(arn);
      cache.set(arn, value);
      value.catch((error: unknown) => {
        // Throttling or a network fault: let a later request try again. A
        // malformed value stays cached: it cannot change without a rotation.
        if (!(error instanceof SecretFormatError) && cache.get(arn) === value) cache.delete(arn);
      });
      return value;
    },
  };
}
