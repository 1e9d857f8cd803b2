/**
 * API Gateway + Lambda stand-in. Routes only from the shared route table:
 * unknown routes answer 403 "Missing Authentication Token" as API Gateway does,
 * protected routes go through the Cognito authorizer, and a handler result
 * that is not a valid proxy result answers 502. Lambda's own failures answer
 * as API Gateway does (docs/aws-fidelity.md): a function error, timeout or
 * crash 502, and no answer within the integration timeout (29 s) 504.
 */
import { dict } from '@cpe/shared/dict';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  APIS,
  type ApiName,
  BINARY_MEDIA_TYPES,
  type RouteDef,
  compilePath,
  routes,
} from '@cpe/shared';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { HttpRequest, HttpResponse } from '../http/types';
import { json } from '../http/types';
import { InvokeError } from '../lambda/pool';
import { buildProxyEvent } from './event';

export type ProxyHandler = (event: APIGatewayProxyEvent) => Promise<unknown>;
export type Authorizer = (
  authorization: string | undefined,
) => Promise<Record<string, string> | null>;

export interface GatewayOptions {
  loadHandler(group: RouteDef['group']): Promise<ProxyHandler>;
  authorize: Authorizer;
  clock?: Clock;
  /** API Gateway's integration timeout (29 s); tests shrink it. */
  integrationTimeoutMs?: number;
  /** Called after each handled request (benchmarks and tests read the Data API counter around it). */
  onRequest?: (route: RouteDef, status: number) => void;
}

interface CompiledRoute {
  route: RouteDef;
  api: ApiName;
  matcher: RegExp;
}

const MISSING_TOKEN = json(403, { message: 'Missing Authentication Token' });
const UNAUTHORIZED = json(401, { message: 'Unauthorized' });
const BAD_GATEWAY = json(502, { message: 'Internal server error' });
const TIMED_OUT = json(504, { message: 'Endpoint request timed out' });
/** API Gateway's maximum integration timeout for REST APIs. */
export const INTEGRATION_TIMEOUT_MS = 29_000;

class IntegrationTimeout extends Error {
  override name = 'IntegrationTimeout';
  constructor(ms: number) {
    super(`no answer within the integration timeout (${ms} ms)`);
  }
}

/** Settles with the work, or rejects with IntegrationTimeout once `ms` pass. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IntegrationTimeout(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** What API Gateway answers when the integration gives no proxy result. */
function failureResponse(error: unknown): HttpResponse {
  if (error instanceof IntegrationTimeout) return TIMED_OUT;
  return BAD_GATEWAY;
}

export function createGateway(options: GatewayOptions) {
  const clock = options.clock ?? systemClock;
  const integrationTimeoutMs = options.integrationTimeoutMs ?? INTEGRATION_TIMEOUT_MS;
  const compiled: CompiledRoute[] = (routes as readonly RouteDef[]).map((route) => ({
    route,
    api: route.api,
    matcher: compilePath(route.path),
  }));

  /** `/beta/submit` -> the "contact" API's `/submit`; `/api/...` -> the "api" API. */
  function split(rawPath: string): { api: ApiName; path: string } {
    const contactPrefix = APIS.contact.publicPrefix;
    if (rawPath === contactPrefix || rawPath.startsWith(`${contactPrefix}/`)) {
      return { api: 'contact', path: rawPath.slice(contactPrefix.length) || '/' };
    }
    return { api: 'api', path: rawPath };
  }

  function match(request: HttpRequest) {
    const { api, path } = split(request.rawPath);
    for (const entry of compiled) {
      if (entry.api !== api || entry.route.method !== request.method) continue;
      const found = entry.matcher.exec(path);
      if (found) return { entry, path, params: found.groups ? { ...found.groups } : null };
    }
    return undefined;
  }

  return async function handle(request: HttpRequest): Promise<HttpResponse> {
    const matched = match(request);
    if (!matched) return MISSING_TOKEN;
    const { route } = matched.entry;

    let claims: Record<string, string> | null = null;
    if (route.auth) {
      claims = await options.authorize(request.headers.authorization);
      if (!claims) return UNAUTHORIZED;
    }

    const event = buildProxyEvent({
      request,
      resource: route.path,
      path: matched.path,
      stage: APIS[route.api].stage,
      apiId: `local-${route.api}`,
      pathParameters: matched.params,
      claims,
      now: clock.now(),
    });

    let response: HttpResponse;
    try {
      const invoke = async () => (await options.loadHandler(route.group))(event);
      response = toHttpResponse(await within(invoke(), integrationTimeoutMs), {
        decodeBase64: route.api === 'api' && acceptsBinary(request.headers.accept),
      });
    } catch (error) {
      // A Lambda that throws is a 502 at API Gateway; log it as CloudWatch would
      // (a container has logged its own stack already).
      console.error(
        `[gateway] ${route.operation} failed:`,
        error instanceof InvokeError || error instanceof IntegrationTimeout ? error.message : error,
      );
      response = failureResponse(error);
    }
    options.onRequest?.(route, response.status);
    return response;
  };
}

/**
 * API Gateway decodes a base64 body from a Lambda proxy only when the
 * request's first Accept type is one of the API's binaryMediaTypes; otherwise
 * the client receives the base64 text as it is.
 */
export function acceptsBinary(accept: string | undefined): boolean {
  const first = (accept ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return (BINARY_MEDIA_TYPES as readonly string[]).includes(first);
}

/** Validates a Lambda proxy result the way API Gateway does; anything else is a 502. */
export function toHttpResponse(
  result: unknown,
  options: { decodeBase64: boolean } = { decodeBase64: true },
): HttpResponse {
  if (typeof result !== 'object' || result === null) return BAD_GATEWAY;
  const r = result as Record<string, unknown>;
  const status = r.statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    return BAD_GATEWAY;
  }
  if (r.body !== undefined && r.body !== null && typeof r.body !== 'string') return BAD_GATEWAY;
  const headers = dict<string | string[]>();
  if (r.headers !== undefined && r.headers !== null) {
    if (typeof r.headers !== 'object') return BAD_GATEWAY;
    for (const [name, value] of Object.entries(r.headers)) {
      if (['string', 'number', 'boolean'].includes(typeof value))
        headers[name.toLowerCase()] = String(value);
      else return BAD_GATEWAY;
    }
  }
  if (r.multiValueHeaders !== undefined && r.multiValueHeaders !== null) {
    if (typeof r.multiValueHeaders !== 'object') return BAD_GATEWAY;
    for (const [name, values] of Object.entries(r.multiValueHeaders)) {
      if (!Array.isArray(values)) return BAD_GATEWAY;
      headers[name.toLowerCase()] = values.map(String);
    }
  }
  const text = typeof r.body === 'string' ? r.body : '';
  const body =
    r.isBase64Encoded === true && options.decodeBase64 ? Buffer.from(text, 'base64') : text;
  return { status, headers, body };
}
export {
  createCognitoAuthorizer,
  type CognitoAuthorizer,
  type AuthorizerClaims,
} from './authorizer';
