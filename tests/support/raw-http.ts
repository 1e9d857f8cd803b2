/**
 * Plain node:http requests, for what fetch will not send: a forged Host
 * header, a body without Content-Length, a kept-alive socket to reuse.
 */
import { type Agent, request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    /** Send the body in chunks without a Content-Length. */
    chunked?: boolean;
    agent?: Agent;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    // A server may answer and close before the whole body is sent: that is an answer, not a failure.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (options.body !== undefined) {
      const body = Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
      if (options.chunked) {
        for (let i = 0; i < body.length; i += 1024 * 1024)
          req.write(body.subarray(i, i + 1024 * 1024));
      } else {
        req.setHeader('content-length', String(body.length));
        req.write(body);
      }
    }
    req.end();
  });
}
