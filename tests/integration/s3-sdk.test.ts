/**
 * Conformance of the S3 emulator, driven through the real @aws-sdk/client-s3,
 * its presigners (@aws-sdk/s3-request-presigner, @aws-sdk/s3-presigned-post)
 * and browser-style multipart POSTs over HTTP. Each test gets its own
 * emulator (in memory unless it tests storage) and a manual clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectTaggingCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { exchangeFor, inProcessRequestHandler } from '@cpe/local/http';
import {
  errorDocumentOf,
  failureOf,
  postForm,
  presignPost,
  S3_BUCKET,
  startS3,
  temporaryDirectory,
  type S3Harness,
} from '../support/s3-emulator';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048)]);
const md5 = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;

describe('S3 emulator through the SDK', () => {
  let s3: S3Harness;

  beforeEach(async () => {
    s3 = await startS3();
  });

  afterEach(async () => {
    await s3.close();
  });

  const put = (key: string, body: Uint8Array | string = PDF, extra: object = {}) =>
    s3.client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: key, Body: body, ...extra }));

  /** A client that sends no checksum of its own, as older SDKs and other clients do. */
  const checksumlessClient = () =>
    new S3Client({
      region: 'ap-southeast-2',
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });

  const exists = async (key: string) => {
    try {
      await s3.client.send(new HeadObjectCommand({ Bucket: S3_BUCKET, Key: key }));
      return true;
    } catch (error) {
      if ((error as Error).name === 'NotFound') return false;
      throw error;
    }
  };

  it('answers the same through the in-process request handler the local runtime gives its handlers', async () => {
    const direct = new S3Client({
      region: 'ap-southeast-2',
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
      requestHandler: inProcessRequestHandler(exchangeFor(s3.emulator.handle, '/_aws/s3')),
    });
    try {
      const key = 'users/u1/Proof (final) €+%.pdf';
      await direct.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: key, Body: PDF }));
      const listed = await direct.send(
        new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: 'users/u1/Proof (final)' }),
      );
      const head = await direct.send(new HeadObjectCommand({ Bucket: S3_BUCKET, Key: key }));
      const read = await direct.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }));
      const body = Buffer.from(await read.Body!.transformToByteArray());
      const overHttp = await s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }));
      const missing = await failureOf(
        direct.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/none.pdf' })),
      );

      expect(listed.Contents?.map((o) => o.Key)).toEqual([key]);
      expect(head.ContentLength).toBe(PDF.length);
      expect(body.equals(PDF)).toBe(true);
      expect(Buffer.from(await overHttp.Body!.transformToByteArray()).equals(PDF)).toBe(true);
      expect(missing.name).toBe('NoSuchKey');
    } finally {
      direct.destroy();
    }
  });

  describe('objects', () => {
    it('GetObject returns the bytes, type, ETag and metadata PutObject stored', async () => {
      const bytes = randomBytes(1024 * 1024);

      const stored = await put('users/u1/proof.pdf', bytes, {
        ContentType: 'application/pdf',
        ContentDisposition: 'inline; filename="proof.pdf"',
        Metadata: { 'original-name': 'Proof of attendance.pdf' },
      });
      const read = await s3.client.send(
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/proof.pdf' }),
      );
      const body = Buffer.from(await read.Body!.transformToByteArray());

      expect(stored.ETag).toBe(md5(bytes));
      expect(body.equals(bytes)).toBe(true);
      expect(read).toMatchObject({
        ContentType: 'application/pdf',
        ContentLength: bytes.length,
        ContentDisposition: 'inline; filename="proof.pdf"',
        ETag: md5(bytes),
        Metadata: { 'original-name': 'Proof of attendance.pdf' },
      });
      expect(read.LastModified?.getTime()).toBe(Math.floor(s3.clock.now().getTime() / 1000) * 1000);
    });

    it('HeadObject answers ContentLength, ContentType, ETag and LastModified', async () => {
      await put('users/u1/a.png', PDF, { ContentType: 'image/png' });

      const head = await s3.client.send(
        new HeadObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/a.png' }),
      );

      expect(head).toMatchObject({
        ContentLength: PDF.length,
        ContentType: 'image/png',
        ETag: md5(PDF),
      });
      expect(head.LastModified).toBeInstanceOf(Date);
    });

    it('HeadObject of a missing key answers 404 with no body', async () => {
      const error = await failureOf(
        s3.client.send(new HeadObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/none' })),
      );
      const url = new URL(
        await getSignedUrl(
          s3.client,
          new HeadObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/none' }),
        ),
      );
      const raw = await s3.emulator.handle({
        method: 'HEAD',
        rawPath: url.pathname,
        path: url.pathname.slice('/_aws/s3'.length),
        query: url.searchParams,
        headers: { host: url.host },
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      });

      expect(error.name).toBe('NotFound');
      expect(error.$metadata.httpStatusCode).toBe(404);
      expect(raw.status).toBe(404);
      expect(raw.body).toBeUndefined();
    });

    it('GetObject of a missing key answers NoSuchKey naming the key', async () => {
      const error = await failureOf(
        s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/none.pdf' })),
      );

      expect(error.name).toBe('NoSuchKey');
      expect(error.$metadata.httpStatusCode).toBe(404);
      expect(error.Key).toBe('users/u1/none.pdf');
      expect(error.RequestId).toBe(error.$metadata.requestId);
    });

    it('keys may hold any character and are stored, listed and deleted exactly', async () => {
      const keys = [
        'users/u1/ü ñ+%20#?&=;:@$,"\'<>{}|\\^`[]~*!.pdf',
        'users/u1//double/slash',
        'users/u1/line\nbreak\ttab',
        'users/u1/日本語/証明書.pdf',
      ];

      for (const [i, key] of keys.entries()) await put(key, `body ${i}`);
      const bodies = await Promise.all(
        keys.map(async (key) =>
          (
            await s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }))
          ).Body!.transformToString(),
        ),
      );
      const listed = await s3.client.send(
        new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: 'users/u1/' }),
      );
      const deleted = await s3.client.send(
        new DeleteObjectsCommand({
          Bucket: S3_BUCKET,
          Delete: { Objects: keys.map((Key) => ({ Key })) },
        }),
      );

      expect(bodies).toEqual(keys.map((_, i) => `body ${i}`));
      expect(listed.Contents?.map((o) => o.Key).sort()).toEqual([...keys].sort());
      expect(deleted.Deleted?.map((d) => d.Key).sort()).toEqual([...keys].sort());
      expect(await Promise.all(keys.map(exists))).toEqual(keys.map(() => false));
    });

    it('a key with dot segments is refused, never stored under the key its path normalises to', async () => {
      const error = await failureOf(put('users/u1/../u2/planted.pdf'));

      // The HTTP layer resolves `..` before the emulator sees the path, so the signature fails.
      expect(error.name).toBe('SignatureDoesNotMatch');
      expect(await exists('users/u2/planted.pdf')).toBe(false);
      expect((await s3.client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET }))).KeyCount).toBe(
        0,
      );
    });

    it('GetObject answers a byte range with 206, and the conditions of a cached copy with 304 or 412', async () => {
      const stored = await put('users/u1/range.pdf', PDF);

      const part = await s3.client.send(
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/range.pdf', Range: 'bytes=9-18' }),
      );
      const beyond = await failureOf(
        s3.client.send(
          new GetObjectCommand({
            Bucket: S3_BUCKET,
            Key: 'users/u1/range.pdf',
            Range: 'bytes=99999-',
          }),
        ),
      );
      const cached = await failureOf(
        s3.client.send(
          new GetObjectCommand({
            Bucket: S3_BUCKET,
            Key: 'users/u1/range.pdf',
            IfNoneMatch: stored.ETag,
          }),
        ),
      );
      const changed = await failureOf(
        s3.client.send(
          new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/range.pdf', IfMatch: '"0"' }),
        ),
      );

      expect(part.$metadata.httpStatusCode).toBe(206);
      expect(part.ContentRange).toBe(`bytes 9-18/${PDF.length}`);
      expect(Buffer.from(await part.Body!.transformToByteArray()).equals(PDF.subarray(9, 19))).toBe(
        true,
      );
      expect([beyond.name, beyond.$metadata.httpStatusCode]).toEqual(['InvalidRange', 416]);
      expect(cached.$metadata.httpStatusCode).toBe(304);
      expect([changed.name, changed.$metadata.httpStatusCode]).toEqual(['PreconditionFailed', 412]);
    });

    it('PutObject with If-None-Match: * creates but never overwrites', async () => {
      const created = await put('users/u1/once.pdf', 'first', { IfNoneMatch: '*' });
      const again = await failureOf(put('users/u1/once.pdf', 'second', { IfNoneMatch: '*' }));
      const read = await s3.client.send(
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/once.pdf' }),
      );

      expect(created.$metadata.httpStatusCode).toBe(200);
      expect([again.name, again.$metadata.httpStatusCode]).toEqual(['PreconditionFailed', 412]);
      expect(await read.Body!.transformToString()).toBe('first');
    });

    it('DeleteObject answers 204 whether or not the key exists', async () => {
      await put('users/u1/gone.pdf');

      const first = await s3.client.send(
        new DeleteObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/gone.pdf' }),
      );
      const second = await s3.client.send(
        new DeleteObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/gone.pdf' }),
      );

      expect(first.$metadata.httpStatusCode).toBe(204);
      expect(second.$metadata.httpStatusCode).toBe(204);
      expect(await exists('users/u1/gone.pdf')).toBe(false);
    });

    it('DeleteObjects deletes the listed keys, reports each unless quiet, and keeps the rest', async () => {
      for (const key of ['users/u2/a', 'users/u2/b&<c>', 'users/u2/keep']) await put(key);

      const loud = await s3.client.send(
        new DeleteObjectsCommand({
          Bucket: S3_BUCKET,
          Delete: {
            Objects: [{ Key: 'users/u2/a' }, { Key: 'users/u2/b&<c>' }, { Key: 'users/u2/never' }],
          },
        }),
      );
      await put('users/u2/a');
      const quiet = await s3.client.send(
        new DeleteObjectsCommand({
          Bucket: S3_BUCKET,
          Delete: { Objects: [{ Key: 'users/u2/a' }], Quiet: true },
        }),
      );

      expect(loud.Deleted?.map((d) => d.Key)).toEqual([
        'users/u2/a',
        'users/u2/b&<c>',
        'users/u2/never',
      ]);
      expect(loud.Errors).toBeUndefined();
      expect(quiet.Deleted).toBeUndefined();
      expect(await exists('users/u2/a')).toBe(false);
      expect(await exists('users/u2/b&<c>')).toBe(false);
      expect(await exists('users/u2/keep')).toBe(true);
    });

    it('ListObjectsV2 pages through a prefix with max-keys and continuation tokens, in key order', async () => {
      const mine = ['users/u3/e', 'users/u3/a', 'users/u3/c', 'users/u3/b', 'users/u3/d'];
      for (const key of [...mine, 'users/u30/x', 'users/u4/a']) await put(key, key);

      const pages: ListObjectsV2CommandOutput[] = [];
      let token: string | undefined;
      do {
        const page = await s3.client.send(
          new ListObjectsV2Command({
            Bucket: S3_BUCKET,
            Prefix: 'users/u3/',
            MaxKeys: 2,
            ContinuationToken: token,
          }),
        );
        pages.push(page);
        token = page.NextContinuationToken;
      } while (token);

      expect(pages.map((p) => p.Contents?.map((o) => o.Key))).toEqual([
        ['users/u3/a', 'users/u3/b'],
        ['users/u3/c', 'users/u3/d'],
        ['users/u3/e'],
      ]);
      expect(pages.map((p) => [p.KeyCount, p.IsTruncated])).toEqual([
        [2, true],
        [2, true],
        [1, false],
      ]);
      expect(pages[0]?.Contents?.[0]).toMatchObject({
        Size: 'users/u3/a'.length,
        ETag: md5(Buffer.from('users/u3/a')),
        StorageClass: 'STANDARD',
      });
    });

    it('ListObjectsV2 with a delimiter groups keys into common prefixes', async () => {
      for (const key of ['users/u5/a', 'users/u6/a', 'users/u6/b', 'top']) await put(key);

      const listed = await s3.client.send(
        new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: 'users/', Delimiter: '/' }),
      );

      expect(listed.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['users/u5/', 'users/u6/']);
      expect(listed.Contents).toBeUndefined();
      expect(listed.KeyCount).toBe(2);
    });

    it('a streamed body (aws-chunked, trailing CRC32) is stored as the bytes sent', async () => {
      const bytes = randomBytes(300_000);

      await s3.client.send(
        new PutObjectCommand({
          Bucket: S3_BUCKET,
          Key: 'reports/r1.csv',
          Body: Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]),
          ContentLength: bytes.length,
          ContentType: 'text/csv',
        }),
      );
      const read = await s3.client.send(
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'reports/r1.csv' }),
      );

      expect(Buffer.from(await read.Body!.transformToByteArray()).equals(bytes)).toBe(true);
      expect(read.ContentType).toBe('text/csv');
      expect(read.ContentEncoding).toBeUndefined();
    });

    it.each([['CRC32C' as const], ['CRC64NVME' as const], ['CRC32' as const], ['SHA256' as const]])(
      'a %s checksum the SDK computes is verified, stored and returned for the SDK to check the read',
      async (algorithm) => {
        const bytes = randomBytes(200_000);
        const key = `users/u1/${algorithm}.bin`;
        const member = `Checksum${algorithm}` as const;

        const stored = await put(key, bytes, { ChecksumAlgorithm: algorithm });
        const read = await s3.client.send(
          new GetObjectCommand({ Bucket: S3_BUCKET, Key: key, ChecksumMode: 'ENABLED' }),
        );
        const body = Buffer.from(await read.Body!.transformToByteArray());
        const head = await s3.client.send(
          new HeadObjectCommand({ Bucket: S3_BUCKET, Key: key, ChecksumMode: 'ENABLED' }),
        );

        expect(stored[member]).toMatch(/^[A-Za-z0-9+/]+=*$/);
        expect(stored.ChecksumType).toBe('FULL_OBJECT');
        expect(read[member]).toBe(stored[member]);
        expect(head[member]).toBe(stored[member]);
        expect(body.equals(bytes)).toBe(true);
      },
    );

    it.each([
      ['CRC32C', 'x-amz-checksum-crc32c', 'AAAAAA=='],
      ['CRC64NVME', 'x-amz-checksum-crc64nvme', 'AAAAAAAAAAA='],
    ])(
      'a wrong %s checksum is refused with BadDigest and nothing is stored',
      async (name, header, value) => {
        const client = checksumlessClient();
        client.middlewareStack.add(
          (next) => async (args) => {
            (args.request as { headers: Record<string, string> }).headers[header] = value;
            return next(args);
          },
          { step: 'build', priority: 'low', name: 'wrongChecksum' },
        );
        try {
          const error = await failureOf(
            client.send(
              new PutObjectCommand({
                Bucket: S3_BUCKET,
                Key: `users/u1/wrong-${name}`,
                Body: Buffer.from('hello'),
              }),
            ),
          );
          expect([error.name, error.$metadata.httpStatusCode, error.message]).toEqual([
            'BadDigest',
            400,
            `The ${name} you specified did not match the calculated checksum.`,
          ]);
          expect(await exists(`users/u1/wrong-${name}`)).toBe(false);
        } finally {
          client.destroy();
        }
      },
    );

    it("gives an object uploaded without a checksum S3's default CRC64NVME, and the SDK checks reads against it", async () => {
      const plain = checksumlessClient();
      try {
        const bytes = Buffer.from('123456789');
        const stored = await plain.send(
          new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/plain.txt', Body: bytes }),
        );
        // The catalogue's check value of CRC-64/NVME over "123456789".
        const check = Buffer.from('ae8b14860a799888', 'hex').toString('base64');
        expect([stored.ChecksumCRC64NVME, stored.ChecksumType]).toEqual([check, 'FULL_OBJECT']);

        const read = await s3.client.send(
          new GetObjectCommand({
            Bucket: S3_BUCKET,
            Key: 'users/u1/plain.txt',
            ChecksumMode: 'ENABLED',
          }),
        );
        expect(read.ChecksumCRC64NVME).toBe(check);
        expect(Buffer.from(await read.Body!.transformToByteArray()).toString()).toBe('123456789');

        // A browser form carries no checksum either: the object gets the default too.
        const post = await presignPost(s3.client, {
          key: 'users/u1/form.pdf',
          contentType: 'application/pdf',
        });
        expect(
          (await postForm(post.url, post.fields, { bytes: PDF, type: 'application/pdf' })).status,
        ).toBe(204);
        const head = await s3.client.send(
          new HeadObjectCommand({
            Bucket: S3_BUCKET,
            Key: 'users/u1/form.pdf',
            ChecksumMode: 'ENABLED',
          }),
        );
        expect(head.ChecksumCRC64NVME).toMatch(/^[A-Za-z0-9+/]{11}=$/);
      } finally {
        plain.destroy();
      }
    });

    it('a read whose bytes do not match the stored checksum fails in the SDK', async () => {
      const dir = await temporaryDirectory();
      const onDisk = await startS3({ dataDir: dir.path, clock: s3.clock });
      try {
        await onDisk.client.send(
          new PutObjectCommand({
            Bucket: S3_BUCKET,
            Key: 'users/u1/kept.bin',
            Body: Buffer.from('the bytes as stored'),
            ChecksumAlgorithm: 'CRC64NVME',
          }),
        );
        // Flip the stored bytes behind the emulator's back.
        const folder = join(dir.path, 's3', S3_BUCKET);
        const files = await readdir(folder, { recursive: true });
        const data = files.map(String).find((f) => f.endsWith('.data'));
        expect(data).toBeDefined();
        const path = join(folder, data!);
        const stored = await readFile(path);
        stored[0] = stored[0]! ^ 0xff;
        await writeFile(path, stored);

        const read = await onDisk.client.send(
          new GetObjectCommand({
            Bucket: S3_BUCKET,
            Key: 'users/u1/kept.bin',
            ChecksumMode: 'ENABLED',
          }),
        );
        await expect(read.Body!.transformToByteArray()).rejects.toThrow(/Checksum mismatch/);
      } finally {
        await onDisk.close();
        await dir.remove();
      }
    });

    it('a body changed after signing is refused with XAmzContentSHA256Mismatch and not stored', async () => {
      s3.client.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { body?: unknown };
          if (Buffer.isBuffer(request.body) || request.body instanceof Uint8Array)
            request.body = Buffer.from('HELLO');
          return next(args);
        },
        { step: 'finalizeRequest', priority: 'low', name: 'tamperAfterSigning' },
      );

      const error = await failureOf(put('users/u1/tampered', Buffer.from('hello')));
      s3.client.middlewareStack.remove('tamperAfterSigning');

      expect(error.name).toBe('XAmzContentSHA256Mismatch');
      expect(error.$metadata.httpStatusCode).toBe(400);
      expect(await exists('users/u1/tampered')).toBe(false);
    });

    it('an object above maxObjectBytes is refused with EntityTooLarge', async () => {
      const small = await startS3({ maxObjectBytes: 1024 });
      try {
        const error = await failureOf(
          small.client.send(
            new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'big', Body: randomBytes(1025) }),
          ),
        );

        expect(error.name).toBe('EntityTooLarge');
        expect(error.$metadata.httpStatusCode).toBe(400);
        expect(error.MaxSizeAllowed).toBe('1024');
      } finally {
        await small.close();
      }
    });
  });

  describe('request signatures', () => {
    it('an unsigned request is refused with AccessDenied and changes nothing', async () => {
      const get = await fetch(`${s3.url}/${S3_BUCKET}/users/u1/a.pdf`);
      const putUnsigned = await fetch(`${s3.url}/${S3_BUCKET}/users/u1/a.pdf`, {
        method: 'PUT',
        body: 'x',
      });

      expect(await errorDocumentOf(get)).toMatchObject({
        status: 403,
        code: 'AccessDenied',
        message: 'Access Denied',
      });
      expect((await errorDocumentOf(putUnsigned)).code).toBe('AccessDenied');
      expect(await exists('users/u1/a.pdf')).toBe(false);
    });

    it('an unknown access key is refused with InvalidAccessKeyId', async () => {
      const stranger = s3.clientWith({ accessKeyId: 'AKIASTRANGER', secretAccessKey: 'local' });

      const error = await failureOf(
        stranger.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'x' })),
      );

      expect(error.name).toBe('InvalidAccessKeyId');
      expect(error.$metadata.httpStatusCode).toBe(403);
      expect(error.AWSAccessKeyId).toBe('AKIASTRANGER');
    });

    it('a wrong secret key is refused with SignatureDoesNotMatch', async () => {
      const wrong = s3.clientWith({ accessKeyId: 'local', secretAccessKey: 'not-local' });

      const error = await failureOf(
        wrong.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/w', Body: 'x' })),
      );

      expect(error.name).toBe('SignatureDoesNotMatch');
      expect(error.$metadata.httpStatusCode).toBe(403);
      expect(String(error.StringToSign)).toMatch(/^AWS4-HMAC-SHA256\n/);
      expect(await exists('users/u1/w')).toBe(false);
    });

    it('a request dated more than 15 minutes from the server clock is refused with RequestTimeTooSkewed', async () => {
      s3.clock.advance(16 * 60 * 1000);

      const error = await failureOf(
        s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'x' })),
      );

      expect(error.name).toBe('RequestTimeTooSkewed');
      expect(error.$metadata.httpStatusCode).toBe(403);
    });
  });

  describe('presigned GET', () => {
    it('a presigned URL downloads the object byte-identical, with the file name it asked for', async () => {
      await put('users/u1/cert.pdf', PDF, { ContentType: 'application/pdf' });
      const url = await getSignedUrl(
        s3.client,
        new GetObjectCommand({
          Bucket: S3_BUCKET,
          Key: 'users/u1/cert.pdf',
          ResponseContentDisposition: 'attachment; filename="CISSP proof.pdf"',
        }),
        { expiresIn: 60 },
      );

      const response = await fetch(url);

      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="CISSP proof.pdf"',
      );
    });

    it('a presigned URL works until it expires, then answers "Request has expired"', async () => {
      await put('users/u1/cert.pdf');
      // X-Amz-Date has whole seconds: sign on one so the expiry instant is exact.
      s3.clock.set(new Date(Math.floor(s3.clock.now().getTime() / 1000) * 1000));
      const url = await getSignedUrl(
        s3.client,
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/cert.pdf' }),
        { expiresIn: 60, signingDate: s3.clock.now() },
      );

      s3.clock.advance(60_000);
      const lastMoment = await fetch(url);
      s3.clock.advance(1_000);
      const expired = await fetch(url);

      expect(lastMoment.status).toBe(200);
      expect(await errorDocumentOf(expired)).toMatchObject({
        status: 403,
        code: 'AccessDenied',
        message: 'Request has expired',
      });
    });

    it('a tampered presigned URL is refused with SignatureDoesNotMatch', async () => {
      await put('users/u1/mine.pdf');
      await put('users/u2/theirs.pdf');
      const url = await getSignedUrl(
        s3.client,
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/mine.pdf' }),
        { expiresIn: 60 },
      );
      const otherKey = url.replace('users/u1/mine.pdf', 'users/u2/theirs.pdf');
      const longer = url.replace('X-Amz-Expires=60', 'X-Amz-Expires=604800');
      const renamed = `${url}&response-content-disposition=attachment`;
      const forged = url.replace(
        /X-Amz-Signature=([0-9a-f])/,
        (_, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
      );

      const answers = await Promise.all(
        [otherKey, longer, renamed, forged].map(async (u) => errorDocumentOf(await fetch(u))),
      );

      expect(answers.map((a) => [a.status, a.code])).toEqual([
        [403, 'SignatureDoesNotMatch'],
        [403, 'SignatureDoesNotMatch'],
        [403, 'SignatureDoesNotMatch'],
        [403, 'SignatureDoesNotMatch'],
      ]);
    });
  });

  describe('presigned POST (browser upload)', () => {
    const key = 'users/u1/evidence/2b1d-cert.pdf';

    it('a valid upload answers 204 and HeadObject then sees the file with its type and size', async () => {
      const post = await presignPost(s3.client, { key, contentType: 'application/pdf' });

      const response = await postForm(post.url, post.fields, { bytes: PDF, filename: 'cert.pdf' });
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: S3_BUCKET, Key: key }));
      const read = await s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }));

      expect(response.status).toBe(204);
      expect(response.headers.get('etag')).toBe(md5(PDF));
      expect(head).toMatchObject({ ContentLength: PDF.length, ContentType: 'application/pdf' });
      expect(Buffer.from(await read.Body!.transformToByteArray()).equals(PDF)).toBe(true);
    });

    it('keeps the tags of the form (fixed by the policy); GetObjectTagging reads and DeleteObjectTagging removes them', async () => {
      const tagging =
        '<Tagging><TagSet><Tag><Key>cpe-upload</Key><Value>pending</Value></Tag></TagSet></Tagging>';
      const post = await presignPost(s3.client, {
        key,
        contentType: 'application/pdf',
        extraConditions: [{ tagging }],
        extraFields: { tagging },
      });

      expect((await postForm(post.url, post.fields, { bytes: PDF })).status).toBe(204);
      const tagged = await s3.client.send(
        new GetObjectTaggingCommand({ Bucket: S3_BUCKET, Key: key }),
      );
      await s3.client.send(new DeleteObjectTaggingCommand({ Bucket: S3_BUCKET, Key: key }));
      const untagged = await s3.client.send(
        new GetObjectTaggingCommand({ Bucket: S3_BUCKET, Key: key }),
      );
      const read = await s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }));
      const missing = await failureOf(
        s3.client.send(new DeleteObjectTaggingCommand({ Bucket: S3_BUCKET, Key: `${key}.gone` })),
      );
      // A form without the tag is not what the policy signed.
      const untaggedPost = await postForm(
        post.url,
        Object.fromEntries(Object.entries(post.fields).filter(([name]) => name !== 'tagging')),
        { bytes: PDF },
      );

      expect(tagged.TagSet).toEqual([{ Key: 'cpe-upload', Value: 'pending' }]);
      expect(untagged.TagSet ?? []).toEqual([]);
      expect(Buffer.from(await read.Body!.transformToByteArray()).equals(PDF)).toBe(true);
      expect(missing.name).toBe('NoSuchKey');
      expect(await errorDocumentOf(untaggedPost)).toMatchObject({
        status: 403,
        code: 'AccessDenied',
      });
    });

    it('refuses a malformed tagging field with MalformedXML', async () => {
      const tagging = '<Tagging><TagSet><Tag><Key>a</Key>';
      const post = await presignPost(s3.client, {
        key,
        contentType: 'application/pdf',
        extraConditions: [{ tagging }],
        extraFields: { tagging },
      });

      expect(
        await errorDocumentOf(await postForm(post.url, post.fields, { bytes: PDF })),
      ).toMatchObject({
        status: 400,
        code: 'MalformedXML',
      });
      expect(await exists(key)).toBe(false);
    });

    it('success_action_status 201 answers the PostResponse document', async () => {
      const post = await presignPost(s3.client, {
        key,
        contentType: 'application/pdf',
        extraConditions: [{ success_action_status: '201' }],
        extraFields: { success_action_status: '201' },
      });

      const response = await postForm(post.url, post.fields, { bytes: PDF });
      const text = await response.text();

      expect(response.status).toBe(201);
      expect(text).toContain(`<Bucket>${S3_BUCKET}</Bucket>`);
      expect(text).toContain(`<Key>${key}</Key>`);
      expect(text).toContain(`<ETag>&quot;${md5(PDF).slice(1, -1)}&quot;</ETag>`);
    });

    it('an expired policy is refused and nothing is stored', async () => {
      const post = await presignPost(s3.client, {
        key,
        contentType: 'application/pdf',
        expiresSeconds: 60,
      });

      s3.clock.advance(61_000);
      const response = await postForm(post.url, post.fields, { bytes: PDF });

      expect(await errorDocumentOf(response)).toMatchObject({
        status: 403,
        code: 'AccessDenied',
        message: 'Invalid according to Policy: Policy expired.',
      });
      expect(await exists(key)).toBe(false);
    });

    it('a tampered policy (a larger size limit) is refused with SignatureDoesNotMatch', async () => {
      const post = await presignPost(s3.client, {
        key,
        contentType: 'application/pdf',
        maxBytes: 1000,
      });
      const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8')) as {
        conditions: unknown[];
      };
      policy.conditions[0] = ['content-length-range', 1, 10 * 1024 * 1024];
      const tampered = Buffer.from(JSON.stringify(policy)).toString('base64');

      const response = await postForm(
        post.url,
        { ...post.fields, Policy: tampered },
        { bytes: PDF },
      );

      expect(await errorDocumentOf(response)).toMatchObject({
        status: 403,
        code: 'SignatureDoesNotMatch',
      });
      expect(await exists(key)).toBe(false);
    });

    it('a wrong signature is refused with SignatureDoesNotMatch', async () => {
      const post = await presignPost(s3.client, { key, contentType: 'application/pdf' });
      const signature = post.fields['X-Amz-Signature']!;
      const wrong = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;

      const response = await postForm(
        post.url,
        { ...post.fields, 'X-Amz-Signature': wrong },
        { bytes: PDF },
      );

      const error = await errorDocumentOf(response);
      expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
      expect(error.details.get('StringToSign')).toBe(post.fields.Policy);
      expect(await exists(key)).toBe(false);
    });

    it('a policy signed with the wrong secret key, or an unknown key, is refused', async () => {
      const wrongSecret = await presignPost(
        s3.clientWith({ accessKeyId: 'local', secretAccessKey: 'guess' }),
        { key, contentType: 'application/pdf' },
      );
      const unknownKey = await presignPost(
        s3.clientWith({ accessKeyId: 'AKIASTRANGER', secretAccessKey: 'local' }),
        { key, contentType: 'application/pdf' },
      );

      const bySecret = await postForm(wrongSecret.url, wrongSecret.fields, { bytes: PDF });
      const byKey = await postForm(unknownKey.url, unknownKey.fields, { bytes: PDF });

      expect(await errorDocumentOf(bySecret)).toMatchObject({
        status: 403,
        code: 'SignatureDoesNotMatch',
      });
      expect(await errorDocumentOf(byKey)).toMatchObject({
        status: 403,
        code: 'InvalidAccessKeyId',
      });
      expect(await exists(key)).toBe(false);
    });

    it('a file above the content-length-range is EntityTooLarge, one below is EntityTooSmall', async () => {
      const post = await presignPost(s3.client, {
        key,
        contentType: 'application/pdf',
        minBytes: 100,
        maxBytes: 1000,
      });

      const large = await errorDocumentOf(
        await postForm(post.url, post.fields, { bytes: randomBytes(1001) }),
      );
      const small = await errorDocumentOf(
        await postForm(post.url, post.fields, { bytes: randomBytes(99) }),
      );
      const edges = await Promise.all(
        [100, 1000].map(async (size) => {
          const response = await postForm(post.url, post.fields, { bytes: randomBytes(size) });
          return response.status;
        }),
      );

      expect(large).toMatchObject({ status: 400, code: 'EntityTooLarge' });
      expect(large.details.get('MaxSizeAllowed')).toBe('1000');
      expect(large.details.get('ProposedSize')).toBe('1001');
      expect(small).toMatchObject({ status: 400, code: 'EntityTooSmall' });
      expect(small.details.get('MinSizeAllowed')).toBe('100');
      expect(edges).toEqual([204, 204]);
    });

    it('a content type outside the policy is refused with AccessDenied naming the condition', async () => {
      const post = await presignPost(s3.client, { key, contentType: 'application/pdf' });

      const response = await postForm(
        post.url,
        { ...post.fields, 'Content-Type': 'text/html' },
        { bytes: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
      );

      expect(await errorDocumentOf(response)).toMatchObject({
        status: 403,
        code: 'AccessDenied',
        message:
          'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "application/pdf"]',
      });
      expect(await exists(key)).toBe(false);
    });

    it('the presigned POST of one key cannot upload another key', async () => {
      const post = await presignPost(s3.client, { key, contentType: 'application/pdf' });
      const othersKey = 'users/u2/evidence/planted.pdf';

      const response = await postForm(post.url, { ...post.fields, key: othersKey }, { bytes: PDF });

      expect(await errorDocumentOf(response)).toMatchObject({
        status: 403,
        code: 'AccessDenied',
        message: `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${key}"]`,
      });
      expect(await exists(othersKey)).toBe(false);
      expect(await exists(key)).toBe(false);
    });

    it('a field the policy does not list is refused as an extra input field', async () => {
      const post = await presignPost(s3.client, { key, contentType: 'application/pdf' });

      const response = await postForm(
        post.url,
        { ...post.fields, 'x-amz-meta-owner': 'someone-else' },
        { bytes: PDF },
      );
      const ignored = await postForm(
        post.url,
        { ...post.fields, 'x-ignore-note': 'fine' },
        { bytes: PDF },
      );

      expect(await errorDocumentOf(response)).toMatchObject({
        status: 403,
        code: 'AccessDenied',
        message: 'Invalid according to Policy: Extra input fields: x-amz-meta-owner',
      });
      expect(ignored.status).toBe(204);
    });

    it('a form with no signature is refused with AccessDenied', async () => {
      const response = await postForm(
        `${s3.url}/${S3_BUCKET}`,
        { key, 'Content-Type': 'application/pdf' },
        { bytes: PDF },
      );

      expect(await errorDocumentOf(response)).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(await exists(key)).toBe(false);
    });

    it('a body that is not multipart/form-data is refused as MalformedPOSTRequest', async () => {
      const response = await fetch(`${s3.url}/${S3_BUCKET}`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: 'this is not a form',
      });

      expect(await errorDocumentOf(response)).toMatchObject({
        status: 400,
        code: 'MalformedPOSTRequest',
      });
    });
  });

  describe('buckets and operations', () => {
    it('an unknown bucket answers NoSuchBucket naming it, to the SDK and to a form', async () => {
      const error = await failureOf(
        s3.client.send(new PutObjectCommand({ Bucket: 'not-a-bucket', Key: 'k', Body: 'x' })),
      );
      const post = await postForm(`${s3.url}/not-a-bucket`, { key: 'k' }, { bytes: PDF });

      expect(error.name).toBe('NoSuchBucket');
      expect(error.$metadata.httpStatusCode).toBe(404);
      expect(error.BucketName).toBe('not-a-bucket');
      expect(await errorDocumentOf(post)).toMatchObject({ status: 404, code: 'NoSuchBucket' });
    });

    it('an operation the emulator lacks is refused with NotImplemented naming it', async () => {
      const commands = [
        new CreateBucketCommand({ Bucket: 'new-bucket' }),
        new ListBucketsCommand({}),
        new PutObjectTaggingCommand({ Bucket: S3_BUCKET, Key: 'k', Tagging: { TagSet: [] } }),
        new CopyObjectCommand({ Bucket: S3_BUCKET, Key: 'k2', CopySource: `${S3_BUCKET}/k` }),
      ];

      const errors = await Promise.all(
        commands.map((command) => failureOf(s3.client.send(command as never))),
      );

      expect(errors.map((e) => [e.name, e.$metadata.httpStatusCode, e.message])).toEqual([
        ['NotImplemented', 501, 'CreateBucket is not implemented by the local S3 emulator.'],
        ['NotImplemented', 501, 'ListBuckets is not implemented by the local S3 emulator.'],
        ['NotImplemented', 501, 'PutObjectTagging is not implemented by the local S3 emulator.'],
        ['NotImplemented', 501, 'CopyObject is not implemented by the local S3 emulator.'],
      ]);
      expect(s3.emulator.calls.byOperation).toMatchObject({
        CreateBucket: 1,
        ListBuckets: 1,
        PutObjectTagging: 1,
        CopyObject: 1,
      });
    });

    it('counts calls by operation for budget assertions', async () => {
      await put('users/u1/x');
      await s3.client.send(new HeadObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/x' }));

      expect(s3.emulator.calls.total).toBe(2);
      expect(s3.emulator.calls.byOperation).toEqual({ PutObject: 1, HeadObject: 1 });
      s3.emulator.calls.reset();
      expect(s3.emulator.calls.total).toBe(0);
    });
  });
});

describe('S3 emulator storage', () => {
  let dir: { path: string; remove(): Promise<void> };

  beforeEach(async () => {
    dir = await temporaryDirectory();
  });

  afterEach(async () => {
    await dir.remove();
  });

  const bucketDir = () => join(dir.path, 's3', S3_BUCKET);

  it('objects survive a re-created emulator over the same dataDir', async () => {
    const first = await startS3({ dataDir: dir.path });
    await first.client.send(
      new PutObjectCommand({
        Bucket: S3_BUCKET,
        Key: 'users/u1/kept.pdf',
        Body: PDF,
        ContentType: 'application/pdf',
        Metadata: { note: 'kept' },
      }),
    );
    await first.client.send(
      new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/replaced', Body: 'old' }),
    );
    await first.client.send(
      new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/replaced', Body: 'new' }),
    );
    await first.client.send(
      new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/deleted', Body: 'x' }),
    );
    await first.client.send(
      new DeleteObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/deleted' }),
    );
    await first.close();

    const second = await startS3({ dataDir: dir.path });
    try {
      const kept = await second.client.send(
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/kept.pdf' }),
      );
      const replaced = await second.client.send(
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'users/u1/replaced' }),
      );
      const listed = await second.client.send(
        new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: 'users/u1/' }),
      );

      expect(Buffer.from(await kept.Body!.transformToByteArray()).equals(PDF)).toBe(true);
      expect(kept).toMatchObject({ ContentType: 'application/pdf', Metadata: { note: 'kept' } });
      expect(await replaced.Body!.transformToString()).toBe('new');
      expect(listed.Contents?.map((o) => o.Key)).toEqual([
        'users/u1/kept.pdf',
        'users/u1/replaced',
      ]);
      // Two objects: two metadata files and two data files, nothing left of the old or deleted ones.
      expect((await readdir(bucketDir())).length).toBe(4);
    } finally {
      await second.close();
    }
  });

  it('keys never become paths: every file is named by a hash inside the bucket directory', async () => {
    const s3 = await startS3({ dataDir: dir.path });
    try {
      for (const key of ['..\\..\\escape', '/etc/passwd', '~/.ssh/id_rsa', 'CON', 'x'.repeat(1000)])
        await s3.client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: key, Body: key }));

      const names = await readdir(bucketDir());

      expect(await readdir(dir.path)).toEqual(['s3']);
      expect(await readdir(join(dir.path, 's3'))).toEqual([S3_BUCKET]);
      expect(names).toHaveLength(10);
      for (const name of names)
        expect(name).toMatch(/^[0-9a-f]{64}(\.json|\.[0-9a-f-]{36}\.data)$/);
    } finally {
      await s3.close();
    }
  });

  it('a truncated metadata file is moved aside with a warning naming it, and the emulator starts', async () => {
    const first = await startS3({ dataDir: dir.path });
    await first.client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'broken', Body: 'b' }));
    await first.client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: 'intact', Body: 'i' }));
    await first.close();
    const brokenMeta = join(
      bucketDir(),
      `${createHash('sha256').update('broken').digest('hex')}.json`,
    );
    const text = await readFile(brokenMeta, 'utf8');
    await writeFile(brokenMeta, text.slice(0, Math.floor(text.length / 2)));

    const warnings: string[] = [];
    const second = await startS3({ dataDir: dir.path, log: (line) => warnings.push(line) });
    try {
      const intact = await second.client.send(
        new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'intact' }),
      );
      const broken = await failureOf(
        second.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'broken' })),
      );
      const names = await readdir(bucketDir());

      expect(await intact.Body!.transformToString()).toBe('i');
      expect(broken.name).toBe('NoSuchKey');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(brokenMeta);
      expect(names.some((name) => name.startsWith(`${brokenMeta.split('/').pop()}.corrupt-`))).toBe(
        true,
      );
    } finally {
      await second.close();
    }
  });
});
