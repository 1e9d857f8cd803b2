/**
 * An OpenAI-compatible server on loopback for the recommendation suites: it
 * records every request (method, path, authorization, JSON body) and answers
 * each one with the next reply queued by the test, or a completion when the
 * queue is empty. Replies play what a provider does: answers, error statuses
 * with retry headers, malformed bodies, and silence.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
  };
}

export type Reply = (res: ServerResponse) => void;

export const DEFAULT_COMPLETION_TEXT = 'Consider CISM next.';

export function completionBody(content: unknown, model = 'gpt-4o-mini') {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

export const reply = {
  completion: (content: unknown): Reply => json(200, completionBody(content)),
  json,
  /** An error status with OpenAI's error body. */
  error: (
    status: number,
    error: { message?: string; type?: string; code?: string | null },
    headers: Record<string, string> = {},
  ): Reply => json(status, { error }, headers),
  /** A body sent as is, under the given content type. */
  raw:
    (status: number, contentType: string, text: string): Reply =>
    (res) => {
      res.writeHead(status, { 'content-type': contentType });
      res.end(text);
    },
  /** Never answers: the client's timeout must end the wait. */
  silence: (): Reply => () => undefined,
};

export interface FakeOpenAi {
  /** Ends in /v1, as OpenAI's does. */
  baseURL: string;
  requests: ReceivedRequest[];
  /** Queues replies for the next requests, in order. */
  queue(...replies: Reply[]): void;
  /** Forgets the requests and the queued replies. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ReceivedRequest[] = [];
  const queued: Reply[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      requests.push({
        method: req.method,
        path: req.url,
        authorization: req.headers.authorization,
        body: raw ? (JSON.parse(raw) as ReceivedRequest['body']) : {},
      });
      (queued.shift() ?? reply.completion(DEFAULT_COMPLETION_TEXT))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    queue(...replies) {
      queued.push(...replies);
    },
    reset() {
      requests.length = 0;
      queued.length = 0;
    },
    async close() {
      // Silent replies hold their connections open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
