/**
 * The buckets' CORS configuration, answered as S3 answers it: preflight
 * OPTIONS requests are matched against the rules without authentication, and
 * every other request that carries an Origin a rule allows gets the
 * Access-Control-* headers (errors included, so a page can read why an
 * upload was refused). Without it a page on another origin could upload but
 * never learn whether the upload worked.
 */
import type { HttpRequest, HttpResponse } from '../http/types';
import { messages, s3Error } from './errors';

/** One CORSRule of a bucket's CORS configuration. */
export interface CorsRule {
  /** Origins, each with at most one `*` wildcard, or `*` for any. */
  allowedOrigins: readonly string[];
  allowedMethods: ReadonlyArray<'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD'>;
  /** Request headers a preflight may ask for; `*` allows any. */
  allowedHeaders?: readonly string[];
  exposeHeaders?: readonly string[];
  maxAgeSeconds?: number;
}

export interface Cors {
  /** The answer to an OPTIONS request; throws the S3 error S3 would answer. */
  preflight(
    request: HttpRequest,
    bucketExists: boolean,
    resource: 'BUCKET' | 'OBJECT',
  ): HttpResponse;
  /** The headers to add to the answer of any other request; empty when no rule allows it. */
  headersFor(request: HttpRequest): Record<string, string>;
}

const VARY = 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method';

function originMatcher(pattern: string): (origin: string) => boolean {
  if (pattern === '*') return () => true;
  const [head = '', tail] = pattern.split('*', 2);
  if (tail === undefined) return (origin) => origin === pattern;
  return (origin) =>
    origin.length > head.length + tail.length && origin.startsWith(head) && origin.endsWith(tail);
}

const requestedHeaders = (request: HttpRequest) =>
  (request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');

export function createCors(rules: readonly CorsRule[] | undefined): Cors {
  const compiled = (rules ?? []).map((rule) => ({
    rule,
    origins: rule.allowedOrigins.map(originMatcher),
    headers: (rule.allowedHeaders ?? []).map((name) => name.toLowerCase()),
  }));

  function match(request: HttpRequest, method: string) {
    const origin = request.headers.origin ?? '';
    const asked = requestedHeaders(request);
    return compiled.find(
      ({ rule, origins, headers }) =>
        (rule.allowedMethods as readonly string[]).includes(method) &&
        origins.some((allows) => allows(origin)) &&
        asked.every((name) => headers.includes('*') || headers.includes(name)),
    );
  }

  function headersOf(request: HttpRequest, rule: CorsRule): Record<string, string> {
    const wildcard = rule.allowedOrigins.includes('*');
    const headers: Record<string, string> = {
      'access-control-allow-origin': wildcard ? '*' : (request.headers.origin ?? ''),
      'access-control-allow-methods': rule.allowedMethods.join(', '),
      vary: VARY,
    };
    if (!wildcard) headers['access-control-allow-credentials'] = 'true';
    const asked = requestedHeaders(request);
    if (asked.length > 0) headers['access-control-allow-headers'] = asked.join(', ');
    if (rule.exposeHeaders?.length)
      headers['access-control-expose-headers'] = rule.exposeHeaders.join(', ');
    if (rule.maxAgeSeconds !== undefined)
      headers['access-control-max-age'] = String(rule.maxAgeSeconds);
    return headers;
  }

  return {
    preflight(request, bucketExists, resource) {
      if (request.headers.origin === undefined)
        throw s3Error('BadRequest', messages.corsOriginNeeded());
      const method = request.headers['access-control-request-method'];
      if (method === undefined) throw s3Error('BadRequest', messages.corsMethodNeeded());
      const details: Array<[string, string]> = [['Method', method]];
      if (!bucketExists)
        throw s3Error('AccessForbidden', messages.corsBucketNotFound(), [
          ...details,
          ['ResourceType', 'BUCKET'],
        ]);
      if (compiled.length === 0)
        throw s3Error('AccessForbidden', messages.corsNotEnabled(), [
          ...details,
          ['ResourceType', 'BUCKET'],
        ]);
      const found = match(request, method);
      if (!found)
        throw s3Error('AccessForbidden', messages.corsNotAllowed(), [
          ...details,
          ['ResourceType', resource],
        ]);
      return { status: 200, headers: headersOf(request, found.rule) };
    },
    headersFor(request) {
      if (request.headers.origin === undefined) return {};
      const found = match(request, request.method);
      return found ? headersOf(request, found.rule) : {};
    },
  };
}
