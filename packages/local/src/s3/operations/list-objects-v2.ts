import { messages, s3Error } from '../errors';
import { xmlResponse } from '../response';
import type { S3Request, Services } from '../services';
import type { ObjectMeta } from '../store';
import { element, xmlDocument } from '../xml';

const MAX_KEYS = 1000;

/**
 * Where a listing resumes. S3's tokens are opaque; this one is the last key
 * (or common prefix) answered, so a listing continues correctly across
 * writes and restarts.
 */
interface Marker {
  after: string;
  /** The marker was a common prefix: skip every key below it too. */
  prefix: boolean;
}

function encodeToken(marker: Marker): string {
  return Buffer.from(JSON.stringify([marker.after, marker.prefix]), 'utf8').toString('base64');
}

function decodeToken(token: string): Marker {
  const invalid = () =>
    s3Error('InvalidArgument', messages.continuationToken(), [
      ['ArgumentName', 'continuation-token'],
      ['ArgumentValue', token],
    ]);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 2 ||
    typeof decoded[0] !== 'string' ||
    typeof decoded[1] !== 'boolean'
  )
    throw invalid();
  return { after: decoded[0], prefix: decoded[1] };
}

const utf8Greater = (a: string, b: string) =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) > 0;

function parseMaxKeys(value: string | null): number {
  if (value === null) return MAX_KEYS;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw s3Error('InvalidArgument', messages.maxKeys(), [
      ['ArgumentName', 'max-keys'],
      ['ArgumentValue', value],
    ]);
  return Math.min(Number(value), MAX_KEYS);
}

export function listObjectsV2(services: Pick<Services, 'store'>, request: S3Request) {
  const query = request.http.query;
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const startAfter = query.get('start-after') ?? '';
  const token = query.get('continuation-token');
  const encodingType = query.get('encoding-type');
  if (encodingType !== null && encodingType !== 'url')
    throw s3Error('InvalidArgument', messages.encodingType(), [
      ['ArgumentName', 'encoding-type'],
      ['ArgumentValue', encodingType],
    ]);
  const maxKeys = parseMaxKeys(query.get('max-keys'));
  const marker: Marker = token !== null ? decodeToken(token) : { after: startAfter, prefix: false };
  // With encoding-type=url S3 percent-encodes every key and prefix it answers.
  const encode = (text: string) => (encodingType === 'url' ? encodeURIComponent(text) : text);

  const contents: ObjectMeta[] = [];
  const commonPrefixes: string[] = [];
  let truncated = false;
  let last: Marker | undefined;
  for (const meta of services.store.list(request.bucket)) {
    if (!meta.key.startsWith(prefix)) continue;
    if (marker.after !== '' && !utf8Greater(meta.key, marker.after)) continue;
    if (marker.prefix && meta.key.startsWith(marker.after)) continue;
    let commonPrefix: string | undefined;
    if (delimiter !== '') {
      const at = meta.key.indexOf(delimiter, prefix.length);
      if (at >= 0) commonPrefix = meta.key.slice(0, at + delimiter.length);
    }
    if (commonPrefix !== undefined && commonPrefix === commonPrefixes.at(-1)) continue;
    if (contents.length + commonPrefixes.length >= maxKeys) {
      truncated = maxKeys > 0;
      break;
    }
    if (commonPrefix !== undefined) {
      commonPrefixes.push(commonPrefix);
      last = { after: commonPrefix, prefix: true };
    } else {
      contents.push(meta);
      last = { after: meta.key, prefix: false };
    }
  }

  const body = [
    element('Name', request.bucket),
    element('Prefix', encode(prefix)),
    element('Delimiter', delimiter === '' ? undefined : encode(delimiter)),
    element('MaxKeys', maxKeys),
    element('EncodingType', encodingType ?? undefined),
    element('KeyCount', contents.length + commonPrefixes.length),
    element('IsTruncated', truncated),
    element('ContinuationToken', token ?? undefined),
    element('NextContinuationToken', truncated && last ? encodeToken(last) : undefined),
    element('StartAfter', startAfter === '' ? undefined : encode(startAfter)),
    ...contents.map(
      (meta) =>
        `<Contents>${element('Key', encode(meta.key))}${element('LastModified', meta.lastModified)}${element('ETag', meta.etag)}${element('Size', meta.size)}${element('StorageClass', 'STANDARD')}</Contents>`,
    ),
    ...commonPrefixes.map(
      (p) => `<CommonPrefixes>${element('Prefix', encode(p))}</CommonPrefixes>`,
    ),
  ].join('');
  return Promise.resolve(xmlResponse(200, xmlDocument('ListBucketResult', body)));
}
