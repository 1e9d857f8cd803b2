/**
 * SigV4 verification for S3: the Authorization header the SDK sends, the
 * query string of a presigned URL, and the policy of a browser POST.
 *
 * The canonical request, string to sign and signing key come from
 * @smithy/signature-v4, the signer the SDK itself uses; this module only
 * rebuilds, from what arrived, the request the client signed (the headers it
 * names in SignedHeaders, the query without X-Amz-Signature, the path as
 * sent) and compares signatures in constant time.
 */
import type { Clock } from '../clock';
import {
  ALGORITHM,
  authorizationComponents,
  type CredentialScope,
  expectedSignature,
  NodeSha256,
  parseAmzDate,
  parseCredential,
  type QueryBag,
  queryBagOf,
  sameSignature,
  signingDateOf,
  Verifier,
} from '../http/sigv4';
import type { HttpRequest } from '../http/types';
import { messages, s3Error } from './errors';

export { ALGORITHM, parseAmzDate, parseCredential, type CredentialScope } from '../http/sigv4';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const SERVICE = 's3';
/** S3 refuses header-signed requests dated more than 15 minutes from its clock. */
export const MAX_SKEW_MS = 15 * 60 * 1000;
/** A presigned URL lives at most a week. */
const MAX_PRESIGN_SECONDS = 604_800;
const QUERY_PARAMETERS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Signature',
  'X-Amz-Date',
  'X-Amz-SignedHeaders',
  'X-Amz-Expires',
] as const;

/** What a verified request proved: who signed it, and how it declared its payload. */
export interface Principal {
  accessKeyId: string;
  /** x-amz-content-sha256 as signed, or UNSIGNED-PAYLOAD for a presigned URL. */
  payloadHash: string;
  via: 'header' | 'query';
}

export interface SigV4Options {
  region: string;
  /** accessKeyId -> secretAccessKey */
  credentials: ReadonlyMap<string, string>;
  clock: Clock;
}

export interface SigV4 {
  /** Verifies the Authorization header or the presigned query; throws the S3 error S3 would answer. */
  authenticate(request: HttpRequest): Promise<Principal>;
  /** Verifies a POST policy's signature (hex HMAC of the base64 policy with the scope's signing key). */
  verifyPolicy(scope: CredentialScope, policy: string, signature: string): Promise<void>;
  /** The key's secret, or InvalidAccessKeyId. */
  requireKnownKey(accessKeyId: string): void;
}

const hexBytes = (text: string) =>
  Buffer.from(text, 'utf8')
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');

function parseAuthorizationHeader(value: string): {
  credential: string;
  signedHeaders: string;
  signature: string;
} {
  if (/^AWS /.test(value)) throw s3Error('InvalidRequest', messages.v2Unsupported());
  if (!value.startsWith(`${ALGORITHM} `))
    throw s3Error('InvalidArgument', 'Unsupported Authorization Type', [
      ['ArgumentName', 'Authorization'],
      ['ArgumentValue', value],
    ]);
  const components = authorizationComponents(value);
  const credential = components.get('Credential');
  const signedHeaders = components.get('SignedHeaders');
  const signature = components.get('Signature');
  if (!credential || !signedHeaders || !signature)
    throw s3Error('AuthorizationHeaderMalformed', messages.authorizationHeaderMalformed());
  return { credential, signedHeaders, signature };
}

export function createSigV4(options: SigV4Options): SigV4 {
  const verifiers = new Map<string, Verifier>();

  function requireKnownKey(accessKeyId: string): void {
    if (!options.credentials.has(accessKeyId))
      throw s3Error('InvalidAccessKeyId', messages.invalidAccessKeyId(), [
        ['AWSAccessKeyId', accessKeyId],
      ]);
  }

  function verifierFor(accessKeyId: string): Verifier {
    requireKnownKey(accessKeyId);
    let verifier = verifiers.get(accessKeyId);
    if (!verifier) {
      verifier = new Verifier({
        service: SERVICE,
        region: options.region,
        credentials: { accessKeyId, secretAccessKey: options.credentials.get(accessKeyId) ?? '' },
        sha256: NodeSha256,
        // S3 signs the path as sent, without the second escaping other services use.
        uriEscapePath: false,
        applyChecksum: false,
      });
      verifiers.set(accessKeyId, verifier);
    }
    return verifier;
  }

  /** S3 wants every x-amz-* header it receives covered by the signature, and the host always. */
  function requireSigned(request: HttpRequest, signed: ReadonlySet<string>, ignore: string[]) {
    const missing = Object.keys(request.headers).filter(
      (name) => name.startsWith('x-amz-') && !signed.has(name) && !ignore.includes(name),
    );
    if (!signed.has('host')) missing.unshift('host');
    if (missing.length > 0)
      throw s3Error('AccessDenied', messages.headersNotSigned(), [
        ['HeadersNotSigned', missing.join(', ')],
      ]);
  }

  async function compare(
    scope: CredentialScope,
    longDate: string,
    request: HttpRequest,
    signedHeaderList: string,
    query: QueryBag,
    payloadHash: string,
    provided: string,
  ): Promise<void> {
    const {
      canonicalRequest,
      stringToSign,
      signature: expected,
    } = await expectedSignature(verifierFor(scope.accessKeyId), {
      scope,
      longDate,
      request,
      signedHeaders: new Set(signedHeaderList.split(';')),
      query,
      payloadHash,
    });
    if (!sameSignature(expected, provided))
      throw s3Error('SignatureDoesNotMatch', messages.signatureDoesNotMatch(), [
        ['AWSAccessKeyId', scope.accessKeyId],
        ['StringToSign', stringToSign],
        ['SignatureProvided', provided],
        ['StringToSignBytes', hexBytes(stringToSign)],
        ['CanonicalRequest', canonicalRequest],
        ['CanonicalRequestBytes', hexBytes(canonicalRequest)],
      ]);
  }

  async function fromHeader(request: HttpRequest, authorization: string): Promise<Principal> {
    const { credential, signedHeaders, signature } = parseAuthorizationHeader(authorization);
    const scope = parseCredential(credential);
    if (!scope) throw s3Error('AuthorizationHeaderMalformed', messages.credentialMalformed());
    if (scope.region !== options.region)
      throw s3Error(
        'AuthorizationHeaderMalformed',
        messages.wrongRegion(scope.region, options.region),
        [['Region', options.region]],
      );
    if (scope.service !== SERVICE)
      throw s3Error('AuthorizationHeaderMalformed', messages.wrongService(scope.service));
    const longDate = request.headers['x-amz-date'];
    const date = parseAmzDate(longDate);
    if (!date || !longDate) throw s3Error('AccessDenied', messages.missingAmzDate());
    if (longDate.slice(0, 8) !== scope.date)
      throw s3Error('AuthorizationHeaderMalformed', messages.credentialDateMismatch());
    requireKnownKey(scope.accessKeyId);
    const now = options.clock.now();
    if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS)
      throw s3Error('RequestTimeTooSkewed', messages.requestTimeTooSkewed(), [
        ['RequestTime', longDate],
        ['ServerTime', now.toISOString()],
        ['MaxAllowedSkewMilliseconds', String(MAX_SKEW_MS)],
      ]);
    const signed = new Set(signedHeaders.split(';'));
    requireSigned(request, signed, []);
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (payloadHash === undefined) throw s3Error('InvalidRequest', messages.missingContentSha256());
    await compare(
      scope,
      longDate,
      request,
      signedHeaders,
      queryBagOf(request),
      payloadHash,
      signature,
    );
    return { accessKeyId: scope.accessKeyId, payloadHash, via: 'header' };
  }

  async function fromQuery(request: HttpRequest): Promise<Principal> {
    const q = request.query;
    if (!QUERY_PARAMETERS.every((name) => q.has(name)))
      throw s3Error('AuthorizationQueryParametersError', messages.queryParametersMissing());
    const get = (name: (typeof QUERY_PARAMETERS)[number]) => q.get(name) ?? '';
    if (get('X-Amz-Algorithm') !== ALGORITHM)
      throw s3Error('AuthorizationQueryParametersError', messages.queryAlgorithm());
    const scope = parseCredential(get('X-Amz-Credential'));
    if (!scope)
      throw s3Error('AuthorizationQueryParametersError', messages.queryCredentialMalformed());
    if (scope.region !== options.region)
      throw s3Error(
        'AuthorizationQueryParametersError',
        messages.queryWrongRegion(scope.region, options.region),
        [['Region', options.region]],
      );
    if (scope.service !== SERVICE)
      throw s3Error('AuthorizationQueryParametersError', messages.queryWrongService(scope.service));
    const longDate = get('X-Amz-Date');
    const date = parseAmzDate(longDate);
    if (!date) throw s3Error('AuthorizationQueryParametersError', messages.queryDate());
    const expiresText = get('X-Amz-Expires');
    if (!/^-?\d+$/.test(expiresText))
      throw s3Error('AuthorizationQueryParametersError', messages.queryExpiresNumber());
    const expires = Number(expiresText);
    if (expires < 0)
      throw s3Error('AuthorizationQueryParametersError', messages.queryExpiresNegative());
    if (expires > MAX_PRESIGN_SECONDS)
      throw s3Error('AuthorizationQueryParametersError', messages.queryExpiresTooLong());
    requireKnownKey(scope.accessKeyId);
    const signedHeaders = get('X-Amz-SignedHeaders');
    // The SDK's presigner hoists its payload declaration into the query; it is not a header.
    requireSigned(request, new Set(signedHeaders.split(';')), ['x-amz-content-sha256']);
    const declared = [...q.keys()].find((name) => name.toLowerCase() === 'x-amz-content-sha256');
    const payloadHash = declared === undefined ? UNSIGNED_PAYLOAD : (q.get(declared) ?? '');
    await compare(
      scope,
      longDate,
      request,
      signedHeaders,
      queryBagOf(request),
      payloadHash,
      get('X-Amz-Signature'),
    );
    const now = options.clock.now().getTime();
    const expiresAt = date.getTime() + expires * 1000;
    if (now > expiresAt)
      throw s3Error('AccessDenied', messages.requestExpired(), [
        ['X-Amz-Expires', expiresText],
        ['Expires', new Date(expiresAt).toISOString()],
        ['ServerTime', new Date(now).toISOString()],
      ]);
    if (date.getTime() - now > MAX_SKEW_MS)
      throw s3Error('AccessDenied', messages.requestNotYetValid(), [
        ['X-Amz-Date', longDate],
        ['ServerTime', new Date(now).toISOString()],
      ]);
    return { accessKeyId: scope.accessKeyId, payloadHash, via: 'query' };
  }

  return {
    requireKnownKey,
    async authenticate(request) {
      const authorization = request.headers.authorization;
      const presigned = [...request.query.keys()].some(
        (name) => name === 'X-Amz-Algorithm' || name === 'X-Amz-Signature' || name === 'Signature',
      );
      if (authorization !== undefined && presigned)
        throw s3Error('InvalidArgument', messages.twoAuthMechanisms(), [
          ['ArgumentName', 'Authorization'],
          ['ArgumentValue', authorization],
        ]);
      if (authorization !== undefined) return fromHeader(request, authorization);
      if (request.query.has('Signature') || request.query.has('AWSAccessKeyId'))
        throw s3Error('InvalidRequest', messages.v2Unsupported());
      if (presigned || request.query.has('X-Amz-Credential')) return fromQuery(request);
      throw s3Error('AccessDenied', messages.accessDenied());
    },
    async verifyPolicy(scope, policy, signature) {
      const verifier = verifierFor(scope.accessKeyId);
      const expected = await verifier.sign(policy, {
        signingDate: signingDateOf(scope),
        signingRegion: scope.region,
        signingService: scope.service,
      });
      if (!sameSignature(expected, signature))
        throw s3Error('SignatureDoesNotMatch', messages.signatureDoesNotMatch(), [
          ['AWSAccessKeyId', scope.accessKeyId],
          ['StringToSign', policy],
          ['SignatureProvided', signature],
          ['StringToSignBytes', hexBytes(policy)],
        ]);
    },
  };
}
