import { type Dict, dict } from '@cpe/shared/dict';
import type { HttpResponse } from '../http/types';
import type { ObjectMeta } from './store';

export function xmlResponse(
  status: number,
  document: string,
  headers: Record<string, string> = {},
): HttpResponse {
  const body = Buffer.from(document, 'utf8');
  return {
    status,
    headers: {
      'content-type': 'application/xml',
      'content-length': String(body.length),
      ...headers,
    },
    body,
  };
}

export const emptyResponse = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers,
});

/** S3's Last-Modified: an HTTP date. */
export const httpDate = (iso: string) => new Date(iso).toUTCString();

/**
 * The headers GetObject and HeadObject answer for a stored object. Checksums
 * are sent only when the caller asked for them (x-amz-checksum-mode: ENABLED),
 * as S3 does; the SDK then verifies the body against them.
 */
export function objectHeaders(meta: ObjectMeta, options: { withChecksums: boolean }): Dict<string> {
  const headers = dict<string>();
  Object.assign(headers, {
    'content-type': meta.contentType,
    'content-length': String(meta.size),
    etag: meta.etag,
    'last-modified': httpDate(meta.lastModified),
    'accept-ranges': 'bytes',
    // S3 encrypts every object at rest (SSE-S3) and says so.
    'x-amz-server-side-encryption': 'AES256',
  });
  for (const [name, value] of meta.headers) headers[name] = value;
  for (const [name, value] of meta.metadata) headers[`x-amz-meta-${name}`] = value;
  if (options.withChecksums && meta.checksums.length > 0) {
    for (const [algorithm, value] of meta.checksums) headers[`x-amz-checksum-${algorithm}`] = value;
    headers['x-amz-checksum-type'] = 'FULL_OBJECT';
  }
  return headers;
}
