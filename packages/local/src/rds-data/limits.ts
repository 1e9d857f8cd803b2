/**
 * The Data API's documented limits, which the emulator enforces so that a
 * query that would fail in AWS fails locally first: a request of at most
 * 4 MiB, rows of at most 64 KB, a response of at most 1 MiB (10 MB for
 * formatRecordsAs JSON), and 45 s per call (StatementTimeoutException).
 */
import type { SqlResult } from './backend';
import { DataApiError, messages } from './errors';

export const DATA_API_LIMITS = {
  requestBytes: 4 * 1024 * 1024,
  rowBytes: 64 * 1024,
  responseBytes: 1024 * 1024,
  jsonResultBytes: 10 * 1024 * 1024,
  statementTimeoutMs: 45_000,
} as const;

export type DataApiLimits = { -readonly [K in keyof typeof DATA_API_LIMITS]: number };

/** Refuses a result with a row over the row limit. */
export function checkRows(result: SqlResult, limits: DataApiLimits): void {
  for (const row of result.rows) {
    let bytes = 0;
    for (const value of row) if (value !== null) bytes += Buffer.byteLength(value, 'utf8');
    if (bytes > limits.rowBytes)
      throw new DataApiError('BadRequestException', messages.rowTooLarge());
  }
}

/** Refuses a response body over the limit for its format. */
export function checkResponse(body: object, json: boolean, limits: DataApiLimits): void {
  const formatted = (body as { formattedRecords?: unknown }).formattedRecords;
  const bytes =
    json && typeof formatted === 'string'
      ? Buffer.byteLength(formatted, 'utf8')
      : Buffer.byteLength(JSON.stringify(body), 'utf8');
  if (bytes > (json ? limits.jsonResultBytes : limits.responseBytes))
    throw new DataApiError('BadRequestException', messages.responseTooLarge());
}

/** Runs `work`, answering StatementTimeoutException when it takes longer than the limit. */
export async function withinStatementTimeout<T>(
  work: Promise<T>,
  limits: DataApiLimits,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DataApiError('StatementTimeoutException', messages.statementTimeout())),
      limits.statementTimeoutMs,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
