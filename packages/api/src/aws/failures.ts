/**
 * An AWS SDK client's failures, read once for every call it makes: a service that
 * answered 5xx or throttled after the retries, a refused or reset
 * connection, or a call past the client's time limits (setup.ts) becomes a
 * typed error that http/respond.ts answers as 503 or 504 with a message.
 * Every other error (NotAuthorizedException, NoSuchKey, a Data API
 * DatabaseErrorException...) passes unchanged, for the adapter to read.
 */
import { type Dependency, DependencyTimeoutError, DependencyUnavailableError } from '../errors';

/** Node's codes for a connection refused or cut (the SDK names these errors TimeoutError too). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

interface SdkErrorShape {
  name?: unknown;
  code?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  $retryable?: { throttling?: unknown };
}

/** The typed error a dependency's failure becomes, or undefined when it is not a failure of the service. */
export function dependencyFailure(
  dependency: Dependency,
  error: unknown,
): DependencyUnavailableError | DependencyTimeoutError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const shape = error as SdkErrorShape;
  const code = typeof shape.code === 'string' ? shape.code : undefined;
  if (code !== undefined && CONNECTION_CODES.has(code))
    return new DependencyUnavailableError(dependency, { cause: error });
  if (shape.name === 'TimeoutError' || code === 'ETIMEDOUT')
    return new DependencyTimeoutError(dependency, { cause: error });
  const status = shape.$metadata?.httpStatusCode;
  if (
    shape.$fault === 'server' ||
    (typeof status === 'number' && status >= 500) ||
    shape.$retryable?.throttling === true
  )
    return new DependencyUnavailableError(dependency, { cause: error });
  return undefined;
}

type Next = (args: unknown) => Promise<unknown>;
type Step = 'initialize' | 'deserialize';

/** The one member of a client's middleware stack used here, kept generic over the service's types. */
interface MiddlewareStack {
  add(
    middleware: (next: Next) => Next,
    options: { step: Step; name: string; priority?: 'high' | 'low' },
  ): void;
}

/**
 * Node's own errors (a reset socket) come from Node's realm; where code runs
 * in another one (jest's module sandbox) the SDK's retry step no longer
 * recognises them as errors and replaces them with a bare Error, losing
 * their name and code. A copy made here, in the client's realm, keeps both.
 */
function inThisRealm(error: unknown): unknown {
  if (error instanceof Error || typeof error !== 'object' || error === null) return error;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return Object.assign(new Error(typeof message === 'string' ? message : 'Request failed'), {
    ...(typeof name === 'string' ? { name } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  });
}

/**
 * Adds the mapping to `client`, outermost (the initialize step), so it sees
 * what is left once the SDK's retries are spent.
 */
export function reportingFailures<C extends { middlewareStack: object }>(
  client: C,
  dependency: Dependency,
): C {
  // Each client's stack is typed with its own input and output unions; these middlewares read neither.
  const stack = client.middlewareStack as MiddlewareStack;
  stack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw inThisRealm(error);
      }
    },
    { step: 'deserialize', name: 'sameRealmErrors', priority: 'low' },
  );
  stack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw dependencyFailure(dependency, error) ?? error;
      }
    },
    { step: 'initialize', name: 'dependencyFailures' },
  );
  return client;
}
