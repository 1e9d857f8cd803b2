import { createHash } from 'node:crypto';
import type { HttpRequest } from '../http/types';
import { S3Error } from './errors';
import { decodeAwsChunked, defaultChecksum, hasIntegrityHeader, readPayload } from './payload';

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

async function refusal(run: () => unknown): Promise<S3Error> {
  try {
    await run();
  } catch (error) {
    if (error instanceof S3Error) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The catalogue's check values (the checksum of the ASCII digits 123456789), not another implementation's output. */
const CHECK_INPUT = '123456789';
const CRC32C_CHECK = Buffer.from('e3069283', 'hex').toString('base64');
const CRC64NVME_CHECK = Buffer.from('ae8b14860a799888', 'hex').toString('base64');

describe('payload', () => {
  it('a signed SHA-256 must be the body’s', async () => {
    const body = 'hello';

    expect((await readPayload(request({}, body), sha256(body))).bytes.toString()).toBe('hello');
    const error = await refusal(() => readPayload(request({}, 'HELLO'), sha256(body)));
    expect([error.type, error.status]).toEqual(['XAmzContentSHA256Mismatch', 400]);
  });

  it('decodes aws-chunked framing and verifies its trailing checksum', async () => {
    const framed = '5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:DUoRhQ==\r\n\r\n';

    const payload = await readPayload(
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

  it('a wrong checksum is BadDigest; an unreadable one is InvalidRequest', async () => {
    const wrong = await refusal(() =>
      readPayload(request({ 'x-amz-checksum-crc32': 'AAAAAA==' }, 'hello'), 'UNSIGNED-PAYLOAD'),
    );
    const unreadable = await refusal(() =>
      readPayload(request({ 'x-amz-checksum-sha256': 'short' }, 'hello'), 'UNSIGNED-PAYLOAD'),
    );

    expect([wrong.type, wrong.message]).toEqual([
      'BadDigest',
      'The CRC32 you specified did not match the calculated checksum.',
    ]);
    expect(unreadable.type).toBe('InvalidRequest');
  });

  it.each([
    ['crc32c', CRC32C_CHECK, 'CRC32C'],
    ['crc64nvme', CRC64NVME_CHECK, 'CRC64NVME'],
  ])(
    'verifies %s against its catalogue check value, and refuses another',
    async (algorithm, check, name) => {
      const header = `x-amz-checksum-${algorithm}`;
      const payload = await readPayload(
        request({ [header]: check }, CHECK_INPUT),
        'UNSIGNED-PAYLOAD',
      );
      expect([...payload.checksums]).toEqual([[algorithm, check]]);

      const wrong = await refusal(() =>
        readPayload(request({ [header]: check }, '123456780'), 'UNSIGNED-PAYLOAD'),
      );
      expect([wrong.type, wrong.message]).toEqual([
        'BadDigest',
        `The ${name} you specified did not match the calculated checksum.`,
      ]);
    },
  );

  it("computes S3's default checksum, a CRC64NVME, for an upload that sent none", async () => {
    expect(await defaultChecksum(Buffer.from(CHECK_INPUT))).toEqual(['crc64nvme', CRC64NVME_CHECK]);
  });

  it('refuses two checksums in one upload', async () => {
    const two = await refusal(() =>
      readPayload(
        request(
          { 'x-amz-checksum-crc32c': CRC32C_CHECK, 'x-amz-checksum-crc64nvme': CRC64NVME_CHECK },
          CHECK_INPUT,
        ),
        'UNSIGNED-PAYLOAD',
      ),
    );
    expect([two.type, two.message]).toEqual([
      'InvalidRequest',
      'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.',
    ]);
  });

  it('Content-MD5 is checked: InvalidDigest when unreadable, BadDigest when different', async () => {
    const md5 = createHash('md5').update('hello').digest('base64');

    await expect(
      readPayload(request({ 'content-md5': md5 }, 'hello'), 'UNSIGNED-PAYLOAD'),
    ).resolves.toBeDefined();
    expect(
      (
        await refusal(() =>
          readPayload(request({ 'content-md5': 'x' }, 'hello'), 'UNSIGNED-PAYLOAD'),
        )
      ).type,
    ).toBe('InvalidDigest');
    expect(
      (
        await refusal(() =>
          readPayload(request({ 'content-md5': md5 }, 'HELLO'), 'UNSIGNED-PAYLOAD'),
        )
      ).type,
    ).toBe('BadDigest');
  });

  it('streaming payloads with signed chunks are refused by name; other declarations are invalid', async () => {
    const signed = await refusal(() =>
      readPayload(request({}, ''), 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD'),
    );
    const nonsense = await refusal(() => readPayload(request({}, ''), 'whatever'));

    expect([signed.type, signed.status]).toEqual(['NotImplemented', 501]);
    expect([nonsense.type, nonsense.status]).toEqual(['InvalidArgument', 400]);
  });

  it('truncated aws-chunked framing is IncompleteBody', async () => {
    expect((await refusal(() => decodeAwsChunked(Buffer.from('a\r\nhello')))).type).toBe(
      'IncompleteBody',
    );
    expect((await refusal(() => decodeAwsChunked(Buffer.from('zz\r\n')))).type).toBe(
      'IncompleteBody',
    );
  });

  it('knows which requests carry an integrity check', () => {
    expect(hasIntegrityHeader(request({ 'content-md5': 'x' }, ''))).toBe(true);
    expect(hasIntegrityHeader(request({ 'x-amz-checksum-crc32': 'x' }, ''))).toBe(true);
    expect(hasIntegrityHeader(request({ 'x-amz-checksum-mode': 'ENABLED' }, ''))).toBe(false);
  });
});
