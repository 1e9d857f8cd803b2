/**
 * SigV4 for the emulated JSON services (Data API, Secrets Manager, SES,
 * Cognito's signed operations), verified as their AWS front ends verify it:
 * the Authorization header's credential scope (the runtime's region, the
 * service's signing name), a key the runtime knows, the request's date
 * within 5 minutes of the runtime's clock, and the signature over the
 * canonical request. The canonical request, string to sign and signing key
 * come from @smithy/signature-v4, the signer the SDK itself uses; this module
 * rebuilds from what arrived the request the client signed and compares
 * signatures in constant time. S3 verifies its own (s3/sigv4.ts), with its
 * own errors and its unescaped paths, using the same primitives.
 */
import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import { getCanonicalHeaders, SignatureV4 } from '@smithy/signature-v4';
import { dict } from '@cpe/shared/dict';
import type { Clock } from '../clock';
import type { HttpRequest } from './types';

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const TERMINATOR = 'aws4_request';
/** Services other than S3 refuse a signature dated more than 5 minutes from their clock. */
export const MAX_SIGNATURE_AGE_MS = 5 * 60 * 1000;

/** node:crypto behind the hash interface the signer takes (an HMAC when given a key). */
export class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = NodeSha256.create(secret);
  }
  private static create(secret?: string | ArrayBuffer | ArrayBufferView): Hash | Hmac {
    if (secret === undefined) return createHash('sha256');
    const key =
      typeof secret === 'string'
        ? Buffer.from(secret, 'utf8')
        : ArrayBuffer.isView(secret)
          ? Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength)
          : Buffer.from(secret);
    return createHmac('sha256', key);
  }
  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = NodeSha256.create(this.secret);
  }
}

export type SignableRequest = Parameters<SignatureV4['presign']>[0];
export type HeaderBag = SignableRequest['headers'];
export type QueryBag = NonNullable<SignableRequest['query']>;

/** Exposes the signer's canonical request and string to sign, which it keeps protected. */
export class Verifier extends SignatureV4 {
  canonicalRequestOf(request: SignableRequest, headers: HeaderBag, payloadHash: string): string {
    return this.createCanonicalRequest(request, headers, payloadHash);
  }
  stringToSignOf(longDate: string, scope: string, canonicalRequest: string): Promise<string> {
    return this.createStringToSign(longDate, scope, canonicalRequest, ALGORITHM);
  }
}

/** `AKID/YYYYMMDD/region/service/aws4_request`, the credential scope of every SigV4 signature. */
export interface CredentialScope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

/** `YYYYMMDDTHHMMSSZ` as a Date; undefined when it is not one. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, ...number[]];
  const date = new Date(Date.UTC(y!, mo! - 1, d, h, mi, s));
  return date.getUTCDate() === d && date.getUTCMonth() === mo! - 1 ? date : undefined;
}

export function parseCredential(value: string): CredentialScope | undefined {
  const parts = value.split('/');
  if (parts.length !== 5) return undefined;
  const [accessKeyId, date, region, service, terminator] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (!accessKeyId || terminator !== TERMINATOR || !parseAmzDate(`${date}T000000Z`))
    return undefined;
  return { accessKeyId, date, region, service };
}

/** The scope's day, which derives the signing key (parseCredential admits only real days). */
export function signingDateOf(scope: CredentialScope): Date {
  const day = parseAmzDate(`${scope.date}T000000Z`);
  if (!day) throw new Error(`sigv4: credential scope date ${scope.date} was not validated`);
  return day;
}

export function sameSignature(expected: string, provided: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(provided, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The query string as the signer takes it: repeated names become lists. */
export function queryBagOf(request: HttpRequest): QueryBag {
  const query = dict<string | string[]>();
  for (const [name, value] of request.query) {
    const existing = query[name];
    if (existing === undefined) query[name] = value;
    else query[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

/** `Credential=..., SignedHeaders=..., Signature=...` of an Authorization header, by name. */
export function authorizationComponents(value: string): Map<string, string> {
  const components = new Map<string, string>();
  for (const part of value.slice(ALGORITHM.length + 1).split(',')) {
    const trimmed = part.trim();
    const equals = trimmed.indexOf('=');
    if (equals > 0) components.set(trimmed.slice(0, equals), trimmed.slice(equals + 1));
  }
  return components;
}

/** The signer's canonical request and signature for what arrived, signed as the client signed it. */
export async function expectedSignature(
  verifier: Verifier,
  input: {
    scope: CredentialScope;
    longDate: string;
    request: HttpRequest;
    signedHeaders: ReadonlySet<string>;
    query: QueryBag;
    payloadHash: string;
  },
): Promise<{ canonicalRequest: string; stringToSign: string; signature: string }> {
  const { scope, request } = input;
  const headers = dict<string>();
  for (const name of input.signedHeaders) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const signable: SignableRequest = {
    method: request.method,
    protocol: 'http:',
    hostname: request.headers.host ?? '',
    path: request.rawPath,
    query: input.query,
    headers,
  };
  const canonicalHeaders = getCanonicalHeaders(signable, undefined, new Set(input.signedHeaders));
  const canonicalRequest = verifier.canonicalRequestOf(
    signable,
    canonicalHeaders,
    input.payloadHash,
  );
  const credentialScope = `${scope.date}/${scope.region}/${scope.service}/${TERMINATOR}`;
  const stringToSign = await verifier.stringToSignOf(
    input.longDate,
    credentialScope,
    canonicalRequest,
  );
  const signature = await verifier.sign(stringToSign, {
    signingDate: signingDateOf(scope),
    signingRegion: scope.region,
    signingService: scope.service,
  });
  return { canonicalRequest, stringToSign, signature };
}

/** Why a JSON service refuses a request's signature: AWS's exception type, status and wording. */
export interface SignatureRefusal {
  status: number;
  type:
    | 'MissingAuthenticationTokenException'
    | 'IncompleteSignatureException'
    | 'InvalidSignatureException'
    | 'UnrecognizedClientException';
  message: string;
}

/**
 * AWS's wordings for a refused signature. UNCONFIRMED where marked: the
 * statuses (403 from the REST services' front end; JSON 1.1 services may
 * answer 400) and the exact text of a malformed header's refusal.
 */
export const signatureMessages = {
  missing: () => 'Missing Authentication Token',
  // UNCONFIRMED: AWS names the first missing component.
  incomplete: (component: string) =>
    `Authorization header requires '${component}' parameter. Authorization=${ALGORITHM}`,
  unknownKey: () => 'The security token included in the request is invalid.',
  mismatch: () =>
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
  wrongRegion: (region: string) =>
    `Credential should be scoped to a valid region, not '${region}'.`,
  wrongService: (service: string) =>
    `Credential should be scoped to correct service: '${service}'.`,
  missingDate: () =>
    "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
  hostNotSigned: () => "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.",
  expired: (signed: string, earliest: string, now: string) =>
    `Signature expired: ${signed} is now earlier than ${earliest} (${now} - 5 min.)`,
  notYetCurrent: (signed: string, latest: string, now: string) =>
    `Signature not yet current: ${signed} is still later than ${latest} (${now} + 5 min.)`,
};

const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface RequestVerifierOptions {
  region: string;
  /** accessKeyId -> secretAccessKey: the keys whose signatures verify. */
  credentials: ReadonlyMap<string, string>;
  /** Judges the signature's age. */
  clock: Clock;
}

export interface RequestVerifier {
  /**
   * The refusal AWS would answer, or undefined when the request carries a
   * valid signature for `service` (its signing name, e.g. `rds-data`).
   */
  verify(request: HttpRequest, service: string): Promise<SignatureRefusal | undefined>;
}

/** Verifies header-signed requests of the services whose paths are escaped twice (all but S3). */
export function createRequestVerifier(options: RequestVerifierOptions): RequestVerifier {
  const verifiers = new Map<string, Verifier>();
  const refuse = (
    type: SignatureRefusal['type'],
    message: string,
    status = 403,
  ): SignatureRefusal => ({ status, type, message });

  function verifierFor(scope: CredentialScope): Verifier {
    const id = `${scope.accessKeyId}/${scope.service}`;
    let verifier = verifiers.get(id);
    if (!verifier) {
      verifier = new Verifier({
        service: scope.service,
        region: options.region,
        credentials: {
          accessKeyId: scope.accessKeyId,
          secretAccessKey: options.credentials.get(scope.accessKeyId) ?? '',
        },
        sha256: NodeSha256,
        uriEscapePath: true,
        applyChecksum: false,
      });
      verifiers.set(id, verifier);
    }
    return verifier;
  }

  return {
    async verify(request, service) {
      const authorization = request.headers.authorization;
      if (authorization === undefined || !authorization.startsWith(`${ALGORITHM} `))
        return refuse('MissingAuthenticationTokenException', signatureMessages.missing());
      const components = authorizationComponents(authorization);
      for (const component of ['Credential', 'SignedHeaders', 'Signature'])
        if (!components.get(component))
          return refuse('IncompleteSignatureException', signatureMessages.incomplete(component));
      const scope = parseCredential(components.get('Credential') ?? '');
      if (!scope)
        return refuse('IncompleteSignatureException', signatureMessages.incomplete('Credential'));
      if (scope.region !== options.region)
        return refuse('InvalidSignatureException', signatureMessages.wrongRegion(scope.region));
      if (scope.service !== service)
        return refuse('InvalidSignatureException', signatureMessages.wrongService(service));
      if (!options.credentials.has(scope.accessKeyId))
        return refuse('UnrecognizedClientException', signatureMessages.unknownKey());

      const longDate = request.headers['x-amz-date'];
      const date = parseAmzDate(longDate);
      if (!date || !longDate)
        return refuse('IncompleteSignatureException', signatureMessages.missingDate());
      const signedHeaders = new Set((components.get('SignedHeaders') ?? '').split(';'));
      if (!signedHeaders.has('host'))
        return refuse('InvalidSignatureException', signatureMessages.hostNotSigned());

      const body = request.body;
      const { signature } = await expectedSignature(verifierFor(scope), {
        scope,
        longDate,
        request,
        signedHeaders,
        query: queryBagOf(request),
        payloadHash: createHash('sha256').update(body).digest('hex'),
      });
      // The date is part of what is signed: judge its age only once the signature holds.
      if (!sameSignature(signature, components.get('Signature') ?? ''))
        return refuse('InvalidSignatureException', signatureMessages.mismatch());
      const now = options.clock.now();
      if (date.getTime() < now.getTime() - MAX_SIGNATURE_AGE_MS)
        return refuse(
          'InvalidSignatureException',
          signatureMessages.expired(
            longDate,
            amzDate(new Date(now.getTime() - MAX_SIGNATURE_AGE_MS)),
            amzDate(now),
          ),
        );
      if (date.getTime() > now.getTime() + MAX_SIGNATURE_AGE_MS)
        return refuse(
          'InvalidSignatureException',
          signatureMessages.notYetCurrent(
            longDate,
            amzDate(new Date(now.getTime() + MAX_SIGNATURE_AGE_MS)),
            amzDate(now),
          ),
        );
      return undefined;
    },
  };
}
