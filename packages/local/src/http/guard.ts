/**
 * The local runtime's front door. Everything it serves is reachable from any
 * web page the developer opens: a `text/plain` no-cors POST from another
 * origin, or a DNS-rebinding page whose host name resolves to 127.0.0.1.
 * So the runtime answers only requests addressed to one of its own host
 * names, and its emulated AWS services only requests shaped like the SDK's
 * (a SigV4 Authorization header, the service's content type), which a page
 * cannot send without a CORS preflight the runtime never grants.
 */
import type { HttpRequest, HttpResponse, HttpService } from './types';

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
  /** The SDK signs every call with SigV4 (Amplify does not sign Cognito's public operations). */
  signed: boolean;
  /** Methods that carry no body (GETs of public documents, CORS preflights) pass without checks. */
  openMethods?: readonly string[];
  refuse: AwsRefusal;
}

const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]?.trim().toLowerCase();

/** Wraps an emulated service so it answers only requests that look like the AWS SDK's. */
export function requireSdkShape(service: HttpService, shape: SdkShape): HttpService {
  return async (request) => {
    if (shape.openMethods?.includes(request.method)) return service(request);
    if (shape.signed && !/^AWS4-HMAC-SHA256 /.test(request.headers.authorization ?? '')) {
      return shape.refuse(
        403,
        'MissingAuthenticationTokenException',
        'Missing Authentication Token',
      );
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
