import { createHash } from 'node:crypto';
import type { HttpRequest } from '../http/types';
import { S3Error } from './errors';
import { decodeAwsChunked, hasIntegrityHeader, readPayload } from './payload';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function request(headers: Record<string, string>, body: Buffer | string): HttpRequest {
  return {
    method: 'PUT',
    rawPath: '/b/k',
    path: '/b/k',
    query: new URLSearchParams(),
    headers,
    body: Buffer.from(body),
    sourceIp: '127.0.0.1',
  };
}

function refusal(run: () => unknown): S3Error {
  try {
    run();
  } catch (error) {
    if (error instanceof S3Error) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('payload', () => {
  it('a signed SHA-256 must be the body’s', () => {
    const body = 'hello';

    expect(readPayload(request({}, body), sha256(body)).bytes.toString()).toBe('hello');
    const error = refusal(() => readPayload(request({}, 'HELLO'), sha256(body)));
    expect([error.type, error.status]).toEqual(['XAmzContentSHA256Mismatch', 400]);
  });

  it('decodes aws-chunked framing and verifies its trailing checksum', () => {
    const framed = '5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:DUoRhQ==\r\n\r\n';

    const payload = readPayload(
      request(
        {
          'content-encoding': 'aws-chunked',
          'x-amz-decoded-content-length': '11',
          'x-amz-trailer': 'x-amz-checksum-crc32',
        },
        framed,
      ),
      'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
    );

    expect(payload.bytes.toString()).toBe('hello world');
    expect(payload.checksums.get('crc32')).toBe('DUoRhQ==');
    expect(payload.contentEncoding).toBeUndefined();
  });

  it('a wrong checksum is BadDigest; an unreadable one is InvalidRequest; one the emulator cannot compute is NotImplemented', () => {
    const wrong = refusal(() =>
      readPayload(request({ 'x-amz-checksum-crc32': 'AAAAAA==' }, 'hello'), 'UNSIGNED-PAYLOAD'),
    );
    const unreadable = refusal(() =>
      readPayload(request({ 'x-amz-checksum-sha256': 'short' }, 'hello'), 'UNSIGNED-PAYLOAD'),
    );
    const crc32c = refusal(() =>
      readPayload(request({ 'x-amz-checksum-crc32c': 'AAAAAA==' }, 'hello'), 'UNSIGNED-PAYLOAD'),
    );

    expect([wrong.type, wrong.message]).toEqual([
      'BadDigest',
      'The CRC32 you specified did not match the calculated checksum.',
    ]);
    expect(unreadable.type).toBe('InvalidRequest');
    expect([crc32c.type, [...crc32c.details]]).toEqual([
      'NotImplemented',
      [['Header', 'x-amz-checksum-crc32c']],
    ]);
  });

  it('Content-MD5 is checked: InvalidDigest when unreadable, BadDigest when different', () => {
    const md5 = createHash('md5').update('hello').digest('base64');

    expect(() =>
      readPayload(request({ 'content-md5': md5 }, 'hello'), 'UNSIGNED-PAYLOAD'),
    ).not.toThrow();
    expect(
      refusal(() => readPayload(request({ 'content-md5': 'x' }, 'hello'), 'UNSIGNED-PAYLOAD')).type,
    ).toBe('InvalidDigest');
    expect(
      refusal(() => readPayload(request({ 'content-md5': md5 }, 'HELLO'), 'UNSIGNED-PAYLOAD')).type,
    ).toBe('BadDigest');
  });

  it('streaming payloads with signed chunks are refused by name; other declarations are invalid', () => {
    const signed = refusal(() =>
      readPayload(request({}, ''), 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD'),
    );
    const nonsense = refusal(() => readPayload(request({}, ''), 'whatever'));

    expect([signed.type, signed.status]).toEqual(['NotImplemented', 501]);
    expect([nonsense.type, nonsense.status]).toEqual(['InvalidArgument', 400]);
  });

  it('truncated aws-chunked framing is IncompleteBody', () => {
    expect(refusal(() => decodeAwsChunked(Buffer.from('a\r\nhello'))).type).toBe('IncompleteBody');
    expect(refusal(() => decodeAwsChunked(Buffer.from('zz\r\n'))).type).toBe('IncompleteBody');
  });

  it('knows which requests carry an integrity check', () => {
    expect(hasIntegrityHeader(request({ 'content-md5': 'x' }, ''))).toBe(true);
    expect(hasIntegrityHeader(request({ 'x-amz-checksum-crc32': 'x' }, ''))).toBe(true);
    expect(hasIntegrityHeader(request({ 'x-amz-checksum-mode': 'ENABLED' }, ''))).toBe(false);
  });
});
