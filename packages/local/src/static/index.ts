/**
 * CloudFront + S3 stand-in: serves the built SPA with the production security
 * headers, falls back to index.html for client routes, and serves precompressed
 * files when the browser accepts them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { HttpRequest, HttpResponse } from '../http/types';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

interface CachedFile {
  mtimeMs: number;
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

export function createStaticSite(options: { root: string; headers: Record<string, string> }) {
  const root = path.resolve(options.root);
  const cache = new Map<string, CachedFile>();

  /** Files are read once and re-read when they change, so a rebuild of the web app shows without a restart. */
  function load(file: string): CachedFile | null {
    if (!file.startsWith(root + path.sep)) return null;
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      cache.delete(file);
      return null;
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === stat.mtimeMs) return cached;
    const entry: CachedFile = { mtimeMs: stat.mtimeMs, body: readFileSync(file) };
    if (existsSync(`${file}.gz`)) entry.gzip = readFileSync(`${file}.gz`);
    if (existsSync(`${file}.br`)) entry.brotli = readFileSync(`${file}.br`);
    cache.set(file, entry);
    return entry;
  }

  function respond(
    file: string,
    entry: CachedFile,
    request: HttpRequest,
    status = 200,
  ): HttpResponse {
    const ext = path.extname(file);
    const immutable = request.rawPath.startsWith('/assets/');
    const headers: Record<string, string> = {
      ...options.headers,
      'content-type':
        (Object.hasOwn(TYPES, ext) ? TYPES[ext] : undefined) ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    const accepts = request.headers['accept-encoding'] ?? '';
    let body = entry.body;
    if (entry.brotli && /\bbr\b/.test(accepts)) {
      body = entry.brotli;
      headers['content-encoding'] = 'br';
    } else if (entry.gzip && /\bgzip\b/.test(accepts)) {
      body = entry.gzip;
      headers['content-encoding'] = 'gzip';
    }
    return { status, headers, body: request.method === 'HEAD' ? '' : body };
  }

  function serve(request: HttpRequest): HttpResponse {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return { status: 405, headers: { ...options.headers, allow: 'GET, HEAD' }, body: '' };
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(request.rawPath);
    } catch {
      decoded = '/';
    }
    const file = path.join(root, path.normalize(decoded));
    const entry = decoded.endsWith('/') ? null : load(file);
    if (entry) return respond(file, entry, request);
    // Client routes fall back to the SPA; a missing asset is a real 404.
    if (path.extname(decoded) !== '' && !decoded.endsWith('.html')) {
      return {
        status: 404,
        headers: { ...options.headers, 'content-type': 'text/plain' },
        body: 'Not found',
      };
    }
    const index = path.join(root, 'index.html');
    const indexEntry = load(index);
    if (!indexEntry) {
      return {
        status: 503,
        headers: { ...options.headers, 'content-type': 'text/plain; charset=utf-8' },
        body: 'The web app is not built yet: run `pnpm --filter @cpe/web build`.',
      };
    }
    return respond(index, indexEntry, request);
  }

  return (request: HttpRequest): Promise<HttpResponse> => Promise.resolve(serve(request));
}
