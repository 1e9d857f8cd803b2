/**
 * How API failures reach the pages. Kept apart from the client, which carries
 * the route table and its schemas, so the first route can know an ApiError
 * without loading them.
 */
export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
