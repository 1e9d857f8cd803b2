/**
 * Conditional reads (If-Match, If-None-Match, If-Modified-Since,
 * If-Unmodified-Since) and single byte ranges, as GetObject and HeadObject
 * answer them.
 */
import { messages, s3Error } from './errors';
import type { ObjectMeta } from './store';

export type Precondition = { outcome: 'proceed' } | { outcome: 'not-modified' };

const etagList = (header: string) => header.split(',').map((tag) => tag.trim());

function parseHttpDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * RFC 9110's order, which S3 follows: If-Match, else If-Unmodified-Since,
 * decides 412; then If-None-Match, else If-Modified-Since, decides 304.
 */
export function checkPreconditions(
  headers: Record<string, string>,
  meta: ObjectMeta,
): Precondition {
  const modified = new Date(meta.lastModified).getTime();
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = etagList(ifMatch);
    if (!tags.includes('*') && !tags.includes(meta.etag))
      throw s3Error('PreconditionFailed', messages.preconditionFailed(), [
        ['Condition', 'If-Match'],
      ]);
  } else {
    const since = parseHttpDate(headers['if-unmodified-since']);
    if (since !== undefined && modified > since)
      throw s3Error('PreconditionFailed', messages.preconditionFailed(), [
        ['Condition', 'If-Unmodified-Since'],
      ]);
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = etagList(ifNoneMatch);
    if (tags.includes('*') || tags.includes(meta.etag)) return { outcome: 'not-modified' };
  } else {
    const since = parseHttpDate(headers['if-modified-since']);
    if (since !== undefined && modified <= since) return { outcome: 'not-modified' };
  }
  return { outcome: 'proceed' };
}

/**
 * The one range of `Range: bytes=...`, as [start, end] inclusive; undefined
 * for no header or one S3 ignores (not bytes, several ranges, unparsable),
 * in which case the whole object is answered.
 */
export function parseRange(header: string | undefined, size: number): [number, number] | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const unsatisfiable = () =>
    s3Error('InvalidRange', messages.invalidRange(), [
      ['RangeRequested', header],
      ['ActualObjectSize', String(size)],
    ]);
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) throw unsatisfiable();
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) throw unsatisfiable();
  return [start, end];
}
