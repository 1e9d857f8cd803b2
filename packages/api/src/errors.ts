/**
 * Typed errors carrying what the client should see. They become HTTP in
 * exactly one place: http/respond.ts.
 */
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
  constructor(message: string) {
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
