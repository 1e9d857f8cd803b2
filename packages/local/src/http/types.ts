import type { Dict } from '@cpe/shared/dict';

/**
 * The shape every emulated service speaks: a buffered request in, a buffered
 * response out. The one HTTP server adapts node's streams to this, and tests
 * can drive a service without a socket when that is the clearer test.
 */
export interface HttpRequest {
  method: string;
  /** Path below the service's mount point, e.g. `/Execute` for `/_aws/rds-data/Execute`. */
  path: string;
  /** Full path as received, without the query string. */
  rawPath: string;
  query: URLSearchParams;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Dict<string>;
  body: Buffer;
  sourceIp: string;
}

export interface HttpResponse {
  status: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export type HttpService = (request: HttpRequest) => Promise<HttpResponse>;

export function json(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(value),
  };
}
