import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DependencyTimeoutError, DependencyUnavailableError } from '../errors';
import { dependencyFailure, reportingFailures } from './failures';

/** An error shaped as the SDK's service exceptions are. */
function serviceError(name: string, status: number, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(name), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
    ...extra,
  });
}

describe('dependencyFailure', () => {
  it('reads a service error status, throttling and a refused or reset connection as unavailable', () => {
    for (const error of [
      serviceError('InternalErrorException', 500),
      serviceError('ServiceUnavailable', 503),
      serviceError('ThrottlingException', 400, { $retryable: { throttling: true } }),
      // The SDK names Node's connection errors TimeoutError; their code says what happened.
      Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' }),
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ]) {
      const failure = dependencyFailure('s3', error);
      expect(failure).toBeInstanceOf(DependencyUnavailableError);
      expect(failure).toMatchObject({ status: 503, dependency: 's3', cause: error });
    }
  });

  it('reads a call past the time limits as a timeout', () => {
    for (const error of [
      Object.assign(new Error('exceeded requestTimeout'), {
        name: 'TimeoutError',
        code: 'ETIMEDOUT',
      }),
      Object.assign(new Error('socket timed out'), { name: 'TimeoutError' }),
    ]) {
      expect(dependencyFailure('cognitoIdentityProvider', error)).toBeInstanceOf(
        DependencyTimeoutError,
      );
    }
  });

  it("leaves the service's answers about the request alone", () => {
    for (const error of [
      serviceError('NotAuthorizedException', 400),
      serviceError('NoSuchKey', 404),
      serviceError('DatabaseResumingException', 400),
      new Error('anything else'),
      'a string',
      undefined,
    ]) {
      expect(dependencyFailure('rdsData', error)).toBeUndefined();
    }
  });
});

describe('reportingFailures', () => {
  it("turns what is left after the client's retries into the typed error", async () => {
    const added: Array<{ step: string; middleware: (next: unknown) => unknown }> = [];
    const client = {
      middlewareStack: {
        add(middleware: (next: unknown) => unknown, options: { step: string }) {
          added.push({ step: options.step, middleware });
        },
      },
    };
    reportingFailures(client, 'secretsManager');
    const outer = added.find((a) => a.step === 'initialize')?.middleware as (
      next: () => Promise<unknown>,
    ) => (args: unknown) => Promise<unknown>;

    const failing = outer(() => Promise.reject(serviceError('InternalServiceError', 500)));
    await expect(failing(new GetUserCommand({ AccessToken: 'x' }))).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    const refused = serviceError('ResourceNotFoundException', 400);
    await expect(outer(() => Promise.reject(refused))({})).rejects.toBe(refused);
    await expect(outer(() => Promise.resolve('answer'))({})).resolves.toBe('answer');
  });
});
