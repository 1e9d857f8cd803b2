import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRequest, HttpResponse } from './types';

const MAX_BODY_BYTES = 12 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** Buffers a node request into an HttpRequest; `mount` is stripped from the path. */
export async function readRequest(req: IncomingMessage, mount = ''): Promise<HttpRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError('request body too large');
    chunks.push(chunk);
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
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
