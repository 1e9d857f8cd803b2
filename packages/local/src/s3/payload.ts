/**
 * The bytes a signed request carries, checked as S3 checks them: the
 * declared SHA-256 (x-amz-content-sha256), the aws-chunked framing the SDK
 * uses for streamed bodies, and the integrity checksums (Content-MD5,
 * x-amz-checksum-*) sent as headers or trailers. An object uploaded without
 * a checksum gets S3's default, a CRC64NVME of its bytes.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Crc32c, Crc64Nvme } from '@aws-sdk/checksums/crc';
import type { HttpRequest } from '../http/types';
import { messages, s3Error } from './errors';
import { UNSIGNED_PAYLOAD } from './sigv4';

const STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';
/** Streaming payloads whose every chunk is signed: valid S3, not emulated. */
const STREAMING_SIGNED = /^STREAMING-AWS4-(HMAC-SHA256|ECDSA-P256-SHA256)-PAYLOAD(-TRAILER)?$/;

/** The checksum algorithms S3 accepts: each one's name, its size in bytes, and how it is computed (base64). */
const CHECKSUMS = {
  crc32: { name: 'CRC32', bytes: 4, compute: (data: Buffer) => Promise.resolve(crc32Of(data)) },
  crc32c: { name: 'CRC32C', bytes: 4, compute: (data: Buffer) => checksumOf(new Crc32c(), data) },
  crc64nvme: {
    name: 'CRC64NVME',
    bytes: 8,
    compute: (data: Buffer) => checksumOf(new Crc64Nvme(), data),
  },
  sha1: {
    name: 'SHA1',
    bytes: 20,
    compute: (data: Buffer) => Promise.resolve(digest('sha1', data)),
  },
  sha256: {
    name: 'SHA256',
    bytes: 32,
    compute: (data: Buffer) => Promise.resolve(digest('sha256', data)),
  },
} as const;

/** The checksum S3 computes and stores for an object uploaded without one. */
export const DEFAULT_CHECKSUM: ChecksumAlgorithm = 'crc64nvme';

export type ChecksumAlgorithm = keyof typeof CHECKSUMS;

export interface Payload {
  bytes: Buffer;
  /** Checksums the client sent and the emulator verified, base64, by algorithm. */
  checksums: Map<ChecksumAlgorithm, string>;
  /** Content-Encoding without the transport's `aws-chunked`, as S3 stores it. */
  contentEncoding: string | undefined;
}

function digest(algorithm: 'sha1' | 'sha256', data: Buffer): string {
  return createHash(algorithm).update(data).digest('base64');
}

/** A checksum of the SDK's checksum package (the same Smithy interface the SDK computes with). */
async function checksumOf(
  checksum: { update(chunk: Uint8Array): void; digest(): Promise<Uint8Array> },
  data: Buffer,
): Promise<string> {
  checksum.update(data);
  return Buffer.from(await checksum.digest()).toString('base64');
}

function crc32Of(data: Buffer): string {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(crc32(data) >>> 0);
  return value.toString('base64');
}

const isChecksumAlgorithm = (name: string): name is ChecksumAlgorithm =>
  Object.hasOwn(CHECKSUMS, name);

/** Decodes `aws-chunked` framing without chunk signatures; trailers are returned as headers. */
export function decodeAwsChunked(body: Buffer): { bytes: Buffer; trailers: Map<string, string> } {
  const chunks: Buffer[] = [];
  const trailers = new Map<string, string>();
  let offset = 0;
  const lineEnd = () => {
    const end = body.indexOf('\r\n', offset);
    if (end < 0) throw s3Error('IncompleteBody', messages.incompleteBody());
    const line = body.subarray(offset, end).toString('latin1');
    offset = end + 2;
    return line;
  };
  for (;;) {
    const header = lineEnd();
    const size = Number.parseInt(header.split(';')[0] ?? '', 16);
    if (!Number.isSafeInteger(size) || size < 0 || !/^[0-9a-fA-F]+/.test(header))
      throw s3Error('IncompleteBody', messages.incompleteBody());
    if (size === 0) break;
    if (offset + size + 2 > body.length) throw s3Error('IncompleteBody', messages.incompleteBody());
    chunks.push(body.subarray(offset, offset + size));
    offset += size;
    if (body.subarray(offset, offset + 2).toString('latin1') !== '\r\n')
      throw s3Error('IncompleteBody', messages.incompleteBody());
    offset += 2;
  }
  while (offset < body.length) {
    const line = lineEnd();
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon > 0)
      trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { bytes: Buffer.concat(chunks), trailers };
}

/** The body as the object's bytes, after checking what the signature declared about it. */
function decodeBody(
  request: HttpRequest,
  payloadHash: string,
): { bytes: Buffer; trailers: Map<string, string> } {
  if (payloadHash === UNSIGNED_PAYLOAD) return { bytes: request.body, trailers: new Map() };
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    const computed = createHash('sha256').update(request.body).digest('hex');
    if (computed !== payloadHash)
      throw s3Error('XAmzContentSHA256Mismatch', messages.contentSha256Mismatch(), [
        ['ClientComputedContentSHA256', payloadHash],
        ['S3ComputedContentSHA256', computed],
      ]);
    return { bytes: request.body, trailers: new Map() };
  }
  if (payloadHash === STREAMING_UNSIGNED_TRAILER) {
    const decoded = decodeAwsChunked(request.body);
    const declared = request.headers['x-amz-decoded-content-length'];
    if (declared !== undefined && Number(declared) !== decoded.bytes.length)
      throw s3Error('IncompleteBody', messages.incompleteBody());
    return decoded;
  }
  if (STREAMING_SIGNED.test(payloadHash))
    throw s3Error('NotImplemented', messages.headerNotImplemented(), [
      ['Header', 'x-amz-content-sha256'],
    ]);
  throw s3Error('InvalidArgument', messages.invalidContentSha256(), [
    ['ArgumentName', 'x-amz-content-sha256'],
    ['ArgumentValue', payloadHash],
  ]);
}

async function verifyChecksum(
  algorithm: ChecksumAlgorithm,
  value: string,
  bytes: Buffer,
): Promise<string> {
  const spec = CHECKSUMS[algorithm];
  const header = `x-amz-checksum-${algorithm}`;
  const decoded = Buffer.from(value, 'base64');
  if (decoded.length !== spec.bytes || decoded.toString('base64') !== value)
    throw s3Error('InvalidRequest', messages.invalidChecksumHeader(header));
  if ((await spec.compute(bytes)) !== value)
    throw s3Error('BadDigest', messages.badChecksum(spec.name));
  return value;
}

/** S3's default checksum of an object's bytes, as it stores it when the upload carried none. */
export async function defaultChecksum(bytes: Buffer): Promise<[ChecksumAlgorithm, string]> {
  return [DEFAULT_CHECKSUM, await CHECKSUMS[DEFAULT_CHECKSUM].compute(bytes)];
}

function verifyContentMd5(value: string, bytes: Buffer): void {
  const decoded = Buffer.from(value, 'base64');
  if (decoded.length !== 16 || decoded.toString('base64') !== value)
    throw s3Error('InvalidDigest', messages.invalidDigest(), [['Content-MD5', value]]);
  if (!createHash('md5').update(bytes).digest().equals(decoded))
    throw s3Error('BadDigest', messages.badDigest(), [
      ['ExpectedDigest', decoded.toString('hex')],
      ['CalculatedDigest', createHash('md5').update(bytes).digest('hex')],
    ]);
}

/**
 * Decodes and verifies a signed request's body. `payloadHash` is what the
 * signature declared (x-amz-content-sha256, or UNSIGNED-PAYLOAD).
 */
export async function readPayload(request: HttpRequest, payloadHash: string): Promise<Payload> {
  const { bytes, trailers } = decodeBody(request, payloadHash);
  const sent: Array<[ChecksumAlgorithm, string]> = [];
  const sources = [...Object.entries(request.headers), ...trailers.entries()];
  for (const [name, value] of sources) {
    if (!name.startsWith('x-amz-checksum-')) continue;
    const algorithm = name.slice('x-amz-checksum-'.length);
    // x-amz-checksum-type and -mode are not checksums.
    if (isChecksumAlgorithm(algorithm)) sent.push([algorithm, value]);
  }
  // One object has one full-object checksum: S3 takes one algorithm per upload.
  if (sent.length > 1) throw s3Error('InvalidRequest', messages.multipleChecksums());
  const checksums = new Map<ChecksumAlgorithm, string>();
  for (const [algorithm, value] of sent)
    checksums.set(algorithm, await verifyChecksum(algorithm, value, bytes));
  const md5 = request.headers['content-md5'];
  if (md5 !== undefined) verifyContentMd5(md5, bytes);
  const encodings = (request.headers['content-encoding'] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '' && value !== 'aws-chunked');
  return {
    bytes,
    checksums,
    contentEncoding: encodings.length > 0 ? encodings.join(', ') : undefined,
  };
}

/** Whether the request carries any integrity check S3 accepts for operations that require one. */
export function hasIntegrityHeader(request: HttpRequest): boolean {
  return (
    request.headers['content-md5'] !== undefined ||
    Object.keys(request.headers).some(
      (name) => name.startsWith('x-amz-checksum-') && isChecksumAlgorithm(name.slice(15)),
    ) ||
    (request.headers['x-amz-trailer'] ?? '').startsWith('x-amz-checksum-')
  );
}
