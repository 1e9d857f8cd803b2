/** What PutObject and PostObject share: S3's limits on a new object and how its metadata is kept. */
import { createHash } from 'node:crypto';
import { messages, s3Error } from './errors';
import type { ChecksumAlgorithm } from './payload';
import type { ObjectMeta } from './store';

/** REST headers S3 stores with an object and answers on every read. */
export const STORED_HEADERS = [
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'expires',
] as const;

/** What S3 records when the uploader names no type. */
export const DEFAULT_CONTENT_TYPE = 'binary/octet-stream';
/** User metadata: the UTF-8 bytes of every name and value together. */
export const MAX_METADATA_BYTES = 2048;
export const MAX_KEY_BYTES = 1024;
const META_PREFIX = 'x-amz-meta-';

export function checkObjectSize(size: number, maxObjectBytes: number): void {
  if (size > maxObjectBytes)
    throw s3Error('EntityTooLarge', messages.entityTooLarge(), [
      ['ProposedSize', String(size)],
      ['MaxSizeAllowed', String(maxObjectBytes)],
    ]);
}

export function checkKey(key: string): void {
  const size = Buffer.byteLength(key, 'utf8');
  if (size > MAX_KEY_BYTES)
    throw s3Error('KeyTooLongError', messages.keyTooLong(), [
      ['Size', String(size)],
      ['MaxSizeAllowed', String(MAX_KEY_BYTES)],
    ]);
}

/** The `x-amz-meta-*` entries among headers or form fields, names lower-cased, within S3's 2 KB. */
export function userMetadata(
  entries: Iterable<readonly [string, string]>,
): Array<[string, string]> {
  const metadata: Array<[string, string]> = [];
  let size = 0;
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    if (!name.startsWith(META_PREFIX)) continue;
    const short = name.slice(META_PREFIX.length);
    size += Buffer.byteLength(short, 'utf8') + Buffer.byteLength(value, 'utf8');
    metadata.push([short, value]);
  }
  if (size > MAX_METADATA_BYTES)
    throw s3Error('MetadataTooLarge', messages.metadataTooLarge(), [
      ['MaxSizeAllowed', String(MAX_METADATA_BYTES)],
    ]);
  return metadata;
}

/** The stored REST headers among headers or form fields. */
export function storedHeaders(
  lookup: (name: (typeof STORED_HEADERS)[number]) => string | undefined,
): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const name of STORED_HEADERS) {
    const value = lookup(name);
    if (value !== undefined && value !== '') headers.push([name, value]);
  }
  return headers;
}

export function newObjectMeta(input: {
  key: string;
  bytes: Buffer;
  contentType: string | undefined;
  headers: ReadonlyArray<readonly [string, string]>;
  metadata: ReadonlyArray<readonly [string, string]>;
  checksums: ReadonlyArray<readonly [ChecksumAlgorithm, string]>;
  now: Date;
}): ObjectMeta {
  // S3 keeps whole seconds, so Last-Modified and a listing's LastModified agree.
  const lastModified = new Date(Math.floor(input.now.getTime() / 1000) * 1000).toISOString();
  return {
    key: input.key,
    size: input.bytes.length,
    etag: `"${createHash('md5').update(input.bytes).digest('hex')}"`,
    lastModified,
    contentType: input.contentType || DEFAULT_CONTENT_TYPE,
    headers: input.headers,
    metadata: input.metadata,
    checksums: input.checksums,
  };
}
