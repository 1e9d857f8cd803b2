import { messages, s3Error } from '../errors';
import { checkObjectSize, newObjectMeta, storedHeaders, userMetadata } from '../objects';
import { defaultChecksum, readPayload } from '../payload';
import { emptyResponse } from '../response';
import { principalOf, type S3Request, type Services } from '../services';

/**
 * Headers that ask S3 for behaviour the emulator does not have. S3 would act
 * on them; answering as if it had would hide a difference, so they are
 * refused by name.
 */
const UNSUPPORTED: ReadonlyArray<readonly [string, (value: string) => boolean]> = [
  ['x-amz-acl', () => true],
  ['x-amz-grant-full-control', () => true],
  ['x-amz-grant-read', () => true],
  ['x-amz-grant-read-acp', () => true],
  ['x-amz-grant-write-acp', () => true],
  ['x-amz-tagging', () => true],
  ['x-amz-object-lock-mode', () => true],
  ['x-amz-object-lock-retain-until-date', () => true],
  ['x-amz-object-lock-legal-hold', () => true],
  ['x-amz-website-redirect-location', () => true],
  ['x-amz-server-side-encryption-customer-algorithm', () => true],
  ['x-amz-server-side-encryption', (value) => value !== 'AES256'],
  ['x-amz-storage-class', (value) => value !== 'STANDARD'],
  ['if-match', () => true],
];

export async function putObject(
  services: Pick<Services, 'store' | 'clock' | 'limits'>,
  request: S3Request,
) {
  const { http } = request;
  for (const [header, unsupported] of UNSUPPORTED) {
    const value = http.headers[header];
    if (value !== undefined && unsupported(value))
      throw s3Error('NotImplemented', messages.headerNotImplemented(), [['Header', header]]);
  }
  const declared = Number(
    http.headers['x-amz-decoded-content-length'] ?? http.headers['content-length'] ?? NaN,
  );
  if (Number.isFinite(declared)) checkObjectSize(declared, services.limits.maxObjectBytes);

  const payload = await readPayload(http, principalOf(request).payloadHash);
  checkObjectSize(payload.bytes.length, services.limits.maxObjectBytes);
  // Conditional write: S3 refuses to overwrite when asked for If-None-Match: *.
  if (http.headers['if-none-match'] !== undefined) {
    if (http.headers['if-none-match'] !== '*')
      throw s3Error('NotImplemented', messages.headerNotImplemented(), [
        ['Header', 'If-None-Match'],
      ]);
    if (services.store.head(request.bucket, request.key))
      throw s3Error('PreconditionFailed', messages.preconditionFailed(), [
        ['Condition', 'If-None-Match'],
      ]);
  }
  const meta = newObjectMeta({
    key: request.key,
    bytes: payload.bytes,
    contentType: http.headers['content-type'],
    headers: storedHeaders((name) =>
      name === 'content-encoding' ? payload.contentEncoding : http.headers[name],
    ),
    metadata: userMetadata(Object.entries(http.headers)),
    // An upload without a checksum gets S3's default, which every read can then be checked against.
    checksums:
      payload.checksums.size > 0 ? [...payload.checksums] : [await defaultChecksum(payload.bytes)],
    now: services.clock.now(),
  });
  services.store.put(request.bucket, meta, payload.bytes);

  const headers: Record<string, string> = {
    etag: meta.etag,
    'x-amz-server-side-encryption': 'AES256',
  };
  for (const [algorithm, value] of meta.checksums) headers[`x-amz-checksum-${algorithm}`] = value;
  if (meta.checksums.length > 0) headers['x-amz-checksum-type'] = 'FULL_OBJECT';
  return emptyResponse(200, headers);
}
