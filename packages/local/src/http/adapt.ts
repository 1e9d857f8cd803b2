import type { IncomingMessage, ServerResponse } from 'node:http';
import { dict } from '@cpe/shared/dict';
import type { HttpRequest, HttpResponse } from './types';

/** API Gateway's payload limit, the largest any service here accepts unless told otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/** The declared body size, when the client declared one. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const value = req.headers['content-length'];
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Buffers a node request into an HttpRequest; `mount` is stripped from the
 * path. A body over `maxBytes` stops the read with BodyTooLargeError (before
 * reading anything when Content-Length already says so).
 */
export async function readRequest(
  req: IncomingMessage,
  mount = '',
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<HttpRequest> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  // No prototype: a header named like an Object.prototype member is just a header.
  const headers = dict<string>();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const rawPath = url.pathname;
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    rawPath,
    path: rawPath.startsWith(mount) ? rawPath.slice(mount.length) || '/' : rawPath,
    query: url.searchParams,
    headers,
    body: Buffer.concat(chunks),
    sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
  };
}

export function writeResponse(res: ServerResponse, response: HttpResponse): void {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value);
  res.end(response.body ?? '');
}

/**
 * Answers a request whose body will not be read (too large), then closes the
 * connection: the unread rest of the body must not be parsed as the next
 * request on a kept-alive socket.
 */
export function writeAndClose(res: ServerResponse, response: HttpResponse): void {
  res.shouldKeepAlive = false;
  res.setHeader('connection', 'close');
  writeResponse(res, response);
  res.once('finish', () => res.socket?.destroySoon());
}
