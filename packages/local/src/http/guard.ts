/**
 * The local runtime's front door. Everything it serves is reachable from any
 * web page the developer opens: a `text/plain` no-cors POST from another
 * origin, or a DNS-rebinding page whose host name resolves to 127.0.0.1.
 * So the runtime answers only requests addressed to one of its own host
 * names; its emulated AWS services only requests signed with the data
 * folder's key (which no page can know: credentials.ts) and of the service's
 * content type; and its developer endpoints (`/_dev/*`) and the contact
 * form only requests from its own pages.
 */
import type { RequestVerifier } from './sigv4';
import type { HttpRequest, HttpResponse, HttpService } from './types';
import { json } from './types';

/** Host names (without port) the runtime answers to, besides any configured ones. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** `localhost:3000` -> `localhost`; `[::1]:3000` -> `[::1]`. Lower-cased. */
export function hostName(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? undefined : host.slice(0, end + 1);
  }
  return host.split(':')[0];
}

export function createHostCheck(extraHosts: readonly string[] = []) {
  const allowed = new Set<string>([...LOOPBACK_HOSTS, ...extraHosts.map((h) => h.toLowerCase())]);
  return {
    allowed: [...allowed],
    /** True when the request names one of the runtime's own hosts. */
    isOwn(request: Pick<HttpRequest, 'headers'>): boolean {
      const name = hostName(request.headers.host);
      return name !== undefined && allowed.has(name);
    },
  };
}

export type AwsRefusal = (status: number, type: string, message: string) => HttpResponse;

/** How each protocol frames an error: JSON 1.1 puts `__type` in the body, REST-JSON in a header. */
export const refusals = {
  json11: (status, type, message) => ({
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message }),
  }),
  restJson: (status, type, message) => ({
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
    body: JSON.stringify({ message }),
  }),
} satisfies Record<string, AwsRefusal>;

export interface SdkShape {
  /** Content types the SDK sends to this service (media type only, without parameters). */
  contentTypes: readonly string[];
  /**
   * The service's SigV4 signing name and the key that verifies: every call
   * must carry a valid signature, except those `unsigned` admits (Cognito's
   * public operations, which Amplify and the SDK call unsigned, as in AWS).
   */
  signature?: {
    verifier: RequestVerifier;
    signingName: string;
    unsigned?: (request: HttpRequest) => boolean;
  };
  /** Methods that carry no body (GETs of public documents, CORS preflights) pass without checks. */
  openMethods?: readonly string[];
  refuse: AwsRefusal;
}

/** `application/json; charset=utf-8` -> `application/json`; empty when absent. */
export const mediaType = (value: string | undefined) =>
  (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Wraps an emulated service so it answers only requests signed and shaped as the AWS SDK sends them. */
export function requireSdkShape(service: HttpService, shape: SdkShape): HttpService {
  return async (request) => {
    if (shape.openMethods?.includes(request.method)) return service(request);
    const signature = shape.signature;
    if (signature && !signature.unsigned?.(request)) {
      const refused = await signature.verifier.verify(request, signature.signingName);
      if (refused) return shape.refuse(refused.status, refused.type, refused.message);
    }
    const type = mediaType(request.headers['content-type']);
    if (!type || !shape.contentTypes.includes(type)) {
      return shape.refuse(
        415,
        'UnsupportedMediaTypeException',
        `Unsupported content type ${type || '(none)'}: this service accepts ${shape.contentTypes.join(', ')}`,
      );
    }
    return service(request);
  };
}

/**
 * Why a request to an endpoint only the runtime's own pages may use
 * (`/_dev/*`, the contact form) is refused, or undefined when it may go on.
 * Browsers say where a request comes from: `Sec-Fetch-Site` (anything but
 * `same-origin`, or `none` for an address typed by the user, is another
 * page's, a page on another port of localhost included) and `Origin` on every
 * POST, which must be the runtime's own origin as the request addressed it.
 * Tools that send neither (curl, the SDK, tests) are not browsers a page can
 * drive, and pass.
 */
export function foreignPageRefusal(request: HttpRequest): HttpResponse | undefined {
  const site = request.headers['sec-fetch-site']?.trim().toLowerCase();
  const origin = request.headers.origin?.trim().toLowerCase();
  const own = `http://${(request.headers.host ?? '').trim().toLowerCase()}`;
  const foreign =
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (origin !== undefined && origin !== own);
  if (!foreign) return undefined;
  return json(403, {
    message: `${request.rawPath} answers only pages of this runtime; a request from ${origin ?? `a ${site} page`} is refused.`,
  });
}

/**
 * A body that is not JSON: the content types a page can send without a CORS
 * preflight (text/plain, forms) are refused, so no other page can post here.
 * A request without a body and without a type passes (POST with nothing to say).
 */
export function jsonBodyRefusal(request: HttpRequest): HttpResponse | undefined {
  const type = mediaType(request.headers['content-type']);
  if (type === '' && request.body.length === 0) return undefined;
  if (type === 'application/json') return undefined;
  return json(415, {
    message: `Unsupported content type ${type || '(none)'}: ${request.rawPath} accepts application/json`,
  });
}
