/** What GetObject and HeadObject share: finding the object and the headers of the answer. */
import { servedSafely } from './served';
import type { HttpResponse } from '../http/types';
import { checkPreconditions, parseRange } from './conditions';
import { messages, s3Error } from './errors';
import { emptyResponse, httpDate, objectHeaders } from './response';
import type { S3Request, Services } from './services';

/** Query parameters a signed GET may use to choose the answer's headers (e.g. a download's file name). */
const OVERRIDES = [
  ['response-content-type', 'content-type'],
  ['response-content-language', 'content-language'],
  ['response-expires', 'expires'],
  ['response-cache-control', 'cache-control'],
  ['response-content-disposition', 'content-disposition'],
  ['response-content-encoding', 'content-encoding'],
] as const;

export function readObject(
  services: Pick<Services, 'store'>,
  request: S3Request,
  withBody: boolean,
): HttpResponse {
  const { http } = request;
  const stored = withBody
    ? services.store.get(request.bucket, request.key)
    : services.store.head(request.bucket, request.key);
  if (!stored) throw s3Error('NoSuchKey', messages.noSuchKey(), [['Key', request.key]]);
  const meta = 'meta' in stored ? stored.meta : stored;

  if (checkPreconditions(http.headers, meta).outcome === 'not-modified')
    return emptyResponse(304, { etag: meta.etag, 'last-modified': httpDate(meta.lastModified) });
  const range = parseRange(http.headers.range, meta.size);
  const headers = objectHeaders(meta, {
    // A part of the object cannot be checked against the whole object's checksum.
    withChecksums: range === undefined && http.headers['x-amz-checksum-mode'] === 'ENABLED',
  });
  for (const [parameter, header] of OVERRIDES) {
    const value = http.query.get(parameter);
    if (value !== null) headers[header] = value;
  }
  Object.assign(headers, servedSafely(headers['content-type'], headers['content-disposition']));
  const body = 'body' in stored ? stored.body : undefined;
  if (range === undefined) return { status: 200, headers, ...(body ? { body } : {}) };
  const [start, end] = range;
  headers['content-length'] = String(end - start + 1);
  headers['content-range'] = `bytes ${start}-${end}/${meta.size}`;
  return { status: 206, headers, ...(body ? { body: body.subarray(start, end + 1) } : {}) };
}
