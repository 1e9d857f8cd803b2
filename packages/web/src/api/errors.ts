/**
 * How API failures reach the pages. Kept apart from the client, which carries
 * the route table, so the first route can know an ApiError without loading it.
 */
export type FieldErrors = Record<string, string>;

/** A rule a refused renewal did not meet, in words with its figures. */
export interface UnmetRule {
  id: string;
  message: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    options?: { cause?: unknown; unmet?: readonly UnmetRule[]; current?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.unmet = options?.unmet ?? [];
    this.current = options?.current;
  }

  /** A refused renewal (409): the rules of the body the cycle does not meet yet. */
  readonly unmet: readonly UnmetRule[];
  /** A stale save (409): the record as it is stored now; undefined for any other failure. */
  readonly current: unknown;
}

/** A save refused because the record changed since it was read: the record as stored now. */
export function staleRecord(error: unknown): unknown {
  return error instanceof ApiError && error.status === 409 ? error.current : undefined;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
