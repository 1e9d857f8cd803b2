/**
 * An AWS SDK HTTP handler that hands each request to an emulator in process:
 * the SDK builds, signs and parses every call as usual (the clients are the
 * real ones, with their middleware, retries and deserializers), and only the
 * bytes skip the socket. The emulator suites use it to drive one emulator
 * through the real SDK client without starting a server; the runtime's own
 * handlers reach it over HTTP, as Lambdas reach AWS.
 */
import { Readable } from 'node:stream';
import { type Dict, dict } from '@cpe/shared/dict';
import type { HttpRequest, HttpResponse, HttpService } from './types';

/** A request as it would travel on the wire. Header names lower-cased. */
export interface WireRequest {
  method: string;
  /** Path and query, as on the request line. */
  target: string;
  headers: Dict<string>;
  body: Uint8Array;
}

export interface WireResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Dict<string>;
  body: Uint8Array;
}

/** Carries one request to the service and back. */
export type Exchange = (request: WireRequest) => Promise<WireResponse>;

/** The request the HTTP server would have read (readRequest), its path taken below `mount`. */
export function requestOfWire(wire: WireRequest, mount = ''): HttpRequest {
  const url = new URL(wire.target, 'http://localhost');
  const rawPath = url.pathname;
  const headers = dict<string>();
  for (const [name, value] of Object.entries(wire.headers)) headers[name] = value;
  return {
    method: wire.method.toUpperCase(),
    rawPath,
    path: mount && rawPath.startsWith(mount) ? rawPath.slice(mount.length) || '/' : rawPath,
    query: url.searchParams,
    headers,
    body: Buffer.from(wire.body.buffer, wire.body.byteOffset, wire.body.byteLength),
    sourceIp: '127.0.0.1',
  };
}

/** What the socket would have carried back: header names lower-cased, the length node's server adds. */
export function wireOfResponse(method: string, response: HttpResponse): WireResponse {
  const headers = dict<string>();
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const body =
    typeof response.body === 'string'
      ? Buffer.from(response.body, 'utf8')
      : (response.body ?? Buffer.alloc(0));
  const bodyless =
    method.toUpperCase() === 'HEAD' || response.status === 204 || response.status === 304;
  if (!bodyless && headers['content-length'] === undefined) {
    headers['content-length'] = String(body.length);
  }
  return { status: response.status, headers, body: bodyless ? new Uint8Array() : body };
}

/** One service mounted at `mount`, served in process (the runtime routes by its own mounts instead). */
export function exchangeFor(service: HttpService, mount = ''): Exchange {
  return async (wire) => wireOfResponse(wire.method, await service(requestOfWire(wire, mount)));
}

/** The parts of the SDK's HttpRequest read here (@smithy/protocol-http). */
interface SdkRequest {
  method: string;
  hostname: string;
  port?: number | undefined;
  path: string;
  query?: Record<string, string | Array<string | null> | null> | undefined;
  headers: Record<string, string>;
  body?: unknown;
}

/** RFC 3986 escaping, as the SDK's own query builder does. */
const escape = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function queryString(query: SdkRequest['query']): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value === null || value === undefined) {
      parts.push(escape(key));
      continue;
    }
    for (const one of Array.isArray(value) ? value : [value]) {
      parts.push(one === null ? escape(key) : `${escape(key)}=${escape(one)}`);
    }
  }
  return parts.join('&');
}

async function bodyBytes(body: unknown): Promise<Uint8Array> {
  if (body === undefined || body === null) return new Uint8Array();
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return body;
  if (ArrayBuffer.isView(body))
    return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof Readable || (typeof body === 'object' && Symbol.asyncIterator in body)) {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }
  throw new TypeError(`cannot send a request body of type ${typeof body}`);
}

/** An SDK request handler that sends through `exchange`. */
export function inProcessRequestHandler(exchange: Exchange) {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: SdkRequest) {
      const headers = dict<string>();
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name.toLowerCase()] = value;
      }
      headers.host ??= request.port ? `${request.hostname}:${request.port}` : request.hostname;
      const body = await bodyBytes(request.body);
      if (body.length > 0 && headers['content-length'] === undefined) {
        headers['content-length'] = String(body.length);
      }
      const query = queryString(request.query);
      const response = await exchange({
        method: request.method,
        target: query ? `${request.path}?${query}` : request.path,
        headers,
        body,
      });
      return {
        response: {
          statusCode: response.status,
          headers: response.headers,
          body: Readable.from([Buffer.from(response.body)], { objectMode: false }),
        },
      };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs() {
      return {};
    },
    destroy() {},
  };
}
