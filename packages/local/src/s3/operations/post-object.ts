import type { HttpResponse } from '../../http/types';
import { messages, s3Error } from '../errors';
import { parseForm } from '../form';
import { checkKey, checkObjectSize, newObjectMeta, storedHeaders, userMetadata } from '../objects';
import { defaultChecksum } from '../payload';
import { checkPolicy } from '../post-policy';
import { emptyResponse, xmlResponse } from '../response';
import type { S3Request, Services } from '../services';
import { ALGORITHM, parseCredential } from '../sigv4';
import { parseTagging } from '../tagging';
import { element, xmlDocument } from '../xml';

/** The SigV4 fields of a POST, by lower-case name, with the name S3 uses when one is missing. */
const SIGNATURE_FIELDS = [
  ['policy', 'Policy'],
  ['x-amz-algorithm', 'X-Amz-Algorithm'],
  ['x-amz-credential', 'X-Amz-Credential'],
  ['x-amz-date', 'X-Amz-Date'],
  ['x-amz-signature', 'X-Amz-Signature'],
] as const;

const invalidArgument = (message: string, name: string, value: string) =>
  s3Error('InvalidArgument', message, [
    ['ArgumentName', name],
    ['ArgumentValue', value],
  ]);

/** Proves the form was signed by a known key: the signature is over the base64 policy, with the credential's signing key. */
async function authenticate(
  services: Pick<Services, 'sigv4' | 'region'>,
  fields: ReadonlyMap<string, string>,
): Promise<void> {
  if (fields.has('awsaccesskeyid') || fields.has('signature'))
    throw s3Error('InvalidRequest', messages.v2Unsupported());
  // No signature at all is an anonymous write, which a private bucket refuses.
  if (!SIGNATURE_FIELDS.some(([field]) => fields.has(field)))
    throw s3Error('AccessDenied', messages.accessDenied());
  const missing = SIGNATURE_FIELDS.find(([field]) => !fields.has(field));
  if (missing) throw invalidArgument(messages.postMissingField(missing[1]), missing[1], '');
  const get = (field: (typeof SIGNATURE_FIELDS)[number][0]) => fields.get(field) ?? '';

  if (get('x-amz-algorithm') !== ALGORITHM)
    throw invalidArgument(messages.postAlgorithm(), 'x-amz-algorithm', get('x-amz-algorithm'));
  // UNCONFIRMED: S3's code for a POST credential it cannot use; the wording is the query string's.
  const scope = parseCredential(get('x-amz-credential'));
  if (!scope)
    throw invalidArgument(
      messages.queryCredentialMalformed(),
      'x-amz-credential',
      get('x-amz-credential'),
    );
  if (scope.region !== services.region)
    throw invalidArgument(
      messages.queryWrongRegion(scope.region, services.region),
      'x-amz-credential',
      get('x-amz-credential'),
    );
  if (scope.service !== 's3')
    throw invalidArgument(
      messages.queryWrongService(scope.service),
      'x-amz-credential',
      get('x-amz-credential'),
    );
  services.sigv4.requireKnownKey(scope.accessKeyId);
  await services.sigv4.verifyPolicy(scope, get('policy'), get('x-amz-signature'));
}

/** S3 appends what was stored to the redirect target. */
function redirectTo(target: string, bucket: string, key: string, etag: string): HttpResponse {
  const separator = target.includes('?') ? '&' : '?';
  const query = new URLSearchParams({ bucket, key, etag }).toString();
  return emptyResponse(303, { location: `${target}${separator}${query}` });
}

/** PostObject: the browser upload of a presigned POST, authorised by its signed policy alone. */
export async function postObject(
  services: Pick<Services, 'store' | 'clock' | 'limits' | 'sigv4' | 'region'>,
  request: S3Request,
): Promise<HttpResponse> {
  const form = await parseForm(request.http);
  const fields = new Map<string, string>();
  for (const [name, value] of form.fields) {
    const field = name.toLowerCase();
    if (!fields.has(field)) fields.set(field, value);
  }
  if (form.files !== 1 || !form.file)
    throw invalidArgument(messages.postOneFile(), 'file', String(form.files));
  const rawKey = fields.get('key');
  if (!rawKey) throw invalidArgument(messages.postMissingField('key'), 'key', '');
  const key = rawKey.replaceAll('${filename}', form.file.filename);
  fields.set('key', key);
  checkKey(key);

  await authenticate(services, fields);
  const bytes = form.file.bytes;
  checkPolicy({
    policy: fields.get('policy') ?? '',
    bucket: request.bucket,
    fields,
    fieldNames: form.fields.map(([name]) => name),
    size: bytes.length,
    now: services.clock.now(),
  });
  checkObjectSize(bytes.length, services.limits.maxObjectBytes);

  const tagging = fields.get('tagging');
  const meta = newObjectMeta({
    key,
    bytes,
    contentType: fields.get('content-type'),
    headers: storedHeaders((name) => fields.get(name)),
    metadata: userMetadata(fields.entries()),
    // A browser form carries no checksum: S3 stores its default.
    checksums: [await defaultChecksum(bytes)],
    now: services.clock.now(),
  });
  if (tagging !== undefined) meta.tags = parseTagging(tagging);
  services.store.put(request.bucket, meta, bytes);

  const redirect = fields.get('success_action_redirect') ?? fields.get('redirect');
  if (redirect) return redirectTo(redirect, request.bucket, key, meta.etag);
  const location = `http://${request.http.headers.host ?? 'localhost'}${request.http.rawPath.replace(/\/$/, '')}/${encodeURIComponent(key)}`;
  const headers = { etag: meta.etag, location };
  switch (fields.get('success_action_status')) {
    case '200':
      return emptyResponse(200, headers);
    case '201':
      return xmlResponse(
        201,
        xmlDocument(
          'PostResponse',
          element('Location', location) +
            element('Bucket', request.bucket) +
            element('Key', key) +
            element('ETag', meta.etag),
          false,
        ),
        headers,
      );
    default:
      return emptyResponse(204, headers);
  }
}
