/**
 * Typed errors carrying what the client should see. They become HTTP in
 * exactly one place: http/respond.ts.
 */
import { API_MESSAGES } from '@cpe/shared/messages';

export abstract class AppError extends Error {
  readonly headers: Record<string, string> = {};
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.retryAfterSeconds !== undefined) {
      this.headers['Retry-After'] = String(options.retryAfterSeconds);
    }
  }
}

/** Missing, malformed or someone else's: all answer the same. */
export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message = 'Not found') {
    super(message, 404);
  }
}

/** The value, or a 404 when a lookup found nothing. */
export function orNotFound<T>(value: T | undefined): T {
  if (value === undefined) throw new NotFoundError();
  return value;
}

export class ValidationError extends AppError {
  override name = 'ValidationError';
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message, 400);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  /** What the client may show besides the message (a refused renewal's unmet rules). */
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message, 409);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  constructor(message: string, retryAfterSeconds: number) {
    super(message, 429, { retryAfterSeconds });
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(message = 'Unauthorized') {
    super(message, 401);
  }
}

/** The database stayed unavailable (e.g. still resuming) past the retry budget. */
export class ServiceUnavailableError extends AppError {
  override name = 'ServiceUnavailableError';
  constructor(message: string, retryAfterSeconds: number, options?: { cause?: unknown }) {
    super(message, 503, { retryAfterSeconds, cause: options?.cause });
  }
}

/** What the api calls besides its own code: the AWS services its SDK clients reach. */
export type Dependency = 'rdsData' | 'secretsManager' | 'sesv2' | 'cognitoIdentityProvider' | 's3';

/** Seconds a client should wait before trying a failed dependency again. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** A service the api depends on failed (5xx, throttling, a refused or reset connection) after the SDK's retries. */
export class DependencyUnavailableError extends AppError {
  override name = 'DependencyUnavailableError';
  constructor(
    readonly dependency: Dependency,
    options: { cause: unknown },
  ) {
    super(API_MESSAGES.dependencyUnavailable, 503, {
      retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
      cause: options.cause,
    });
  }
}

/** A service the api depends on did not answer within the SDK client's time limits. */
export class DependencyTimeoutError extends AppError {
  override name = 'DependencyTimeoutError';
  constructor(
    readonly dependency: Dependency,
    options: { cause: unknown },
  ) {
    super(API_MESSAGES.dependencyTimeout, 504, {
      retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
      cause: options.cause,
    });
  }
}
