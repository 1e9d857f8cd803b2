/**
 * The one place the SPA speaks HTTP to its own API. Paths come from the shared
 * route table, answers are parsed with its zod schemas, and failures become
 * an ApiError carrying the status and the server's per-field messages. A 503
 * that says when to come back (Retry-After: the database was still resuming)
 * is asked once more after that wait; every request reports to the request
 * activity, so a slow one is explained on screen.
 */
import * as z from 'zod/mini';
import {
  APIS,
  type OperationName,
  type Route,
  publicPath,
  routeByOperation,
} from '@cpe/shared/routes';
import { errorBody } from '@cpe/shared/schemas';
import type { RuntimeConfig } from '../config';
import type { RequestActivity } from './activity';
import { ApiError } from './errors';

const UNREACHABLE = 'Could not reach the server. Please check your connection.';

type RouteOf<Op extends OperationName> = Extract<Route, { operation: Op }>;

/** The parsed answer of an operation (undefined for 204 routes). */
export type ResponseOf<Op extends OperationName> =
  RouteOf<Op> extends {
    response: infer R extends z.ZodMiniType;
  }
    ? z.output<R>
    : undefined;

/** What a caller may send: the schema's input (form strings are fine where the schema coerces). */
export type BodyOf<Op extends OperationName> =
  RouteOf<Op> extends {
    body: infer B extends z.ZodMiniType;
  }
    ? z.input<B>
    : never;

export { ApiError, type FieldErrors, type UnmetRule, isNotFound } from './errors';

/** What a refused renewal carries besides its message. */
const refusal = z.object({
  unmet: z.optional(z.array(z.object({ id: z.string(), message: z.string() }))),
  /** A stale save's 409: the record as stored now (docs/decisions/096). */
  current: z.optional(z.unknown()),
});

export interface HttpDeps {
  config: Pick<RuntimeConfig, 'apiBase' | 'contactBase'>;
  /** The Cognito access token, or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Called when an authenticated route answers 401 (or there is no session). */
  onUnauthorized(): void;
  fetch?: typeof fetch;
  /** Told when each request starts and ends (the waking-up message). */
  activity?: Pick<RequestActivity, 'start'>;
  /** Waits before the retry of a 503; resolves early when `signal` aborts. Tests make it instant. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * The longest Retry-After honoured before the one retry of a 503. The API's
 * resuming database asks for 10 s; a longer wait is cut to this, since a user
 * watching a spinner would rather see the server's message than wait on.
 */
export const MAX_RETRY_AFTER_MS = 10_000;

export interface RequestOptions<Op extends OperationName> {
  params?: Record<string, string>;
  /** The query string, for routes that read one (the catalogue search). */
  query?: Record<string, string>;
  body?: BodyOf<Op>;
  /** Ends the request (a search superseded by the next keystroke): it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** A precondition the route reads (If-Match on the calendar feed's rotation). */
  ifMatch?: string;
}

/** Retry-After (seconds, or an HTTP date) in ms, capped; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

export type Requester = <Op extends OperationName>(
  operation: Op,
  options?: RequestOptions<Op>,
) => Promise<ResponseOf<Op>>;

/**
 * One exchange with the API, shared by the JSON and the file requesters: the
 * URL from the route table, the token, and the one retry of a 503 that says
 * when to come back.
 */
function createExchange(deps: HttpDeps) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const wait = deps.wait ?? waitFor;

  function urlOf(
    operation: OperationName,
    params: Record<string, string>,
    query: Record<string, string> | undefined,
  ): string {
    const route = routeByOperation(operation);
    const path = publicPath(route, params).slice(APIS[route.api].publicPrefix.length);
    const base = route.api === 'contact' ? deps.config.contactBase : deps.config.apiBase;
    const search = query ? new URLSearchParams(query).toString() : '';
    return `${base.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
  }

  /** One HTTP exchange: the token is read for each, as a retry may come after it was refreshed. */
  async function send<Op extends OperationName>(
    operation: Op,
    options: RequestOptions<Op>,
    accept: string,
  ): Promise<Response> {
    const route = routeByOperation(operation);
    const headers: Record<string, string> = { accept };
    if (route.auth) {
      let token: string | null;
      try {
        token = await deps.getAccessToken();
      } catch (cause) {
        // The session could not be refreshed for now (the pool out of reach): still signed in.
        throw new ApiError(0, UNREACHABLE, {}, { cause });
      }
      if (!token) {
        deps.onUnauthorized();
        throw new ApiError(401, 'You are signed out. Please log in again.');
      }
      headers.authorization = `Bearer ${token}`;
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.ifMatch !== undefined) headers['if-match'] = `"${options.ifMatch}"`;
    try {
      return await doFetch(urlOf(operation, options.params ?? {}, options.query), {
        method: route.method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (cause) {
      // Ended on purpose: the caller knows why, and no message is due.
      if (options.signal?.aborted) throw options.signal.reason;
      throw new ApiError(0, UNREACHABLE, {}, { cause });
    }
  }

  /** Sends, and once more after the wait a 503 asks for; reports to the request activity. */
  return async function exchange<Op extends OperationName, T>(
    operation: Op,
    options: RequestOptions<Op>,
    accept: string,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const ended = deps.activity?.start();
    try {
      let response = await send(operation, options, accept);
      // Statements are single and atomic, so a 503 wrote nothing and any request may be sent again.
      const retryAfter =
        response.status === 503 ? retryAfterMs(response.headers.get('retry-after')) : null;
      if (retryAfter !== null) {
        await wait(retryAfter, options.signal);
        if (options.signal?.aborted) throw options.signal.reason;
        response = await send(operation, options, accept);
      }
      return await read(response);
    } finally {
      ended?.();
    }
  };
}

/** A failed answer as an ApiError with the server's message and per-field messages. */
async function failure(
  deps: HttpDeps,
  route: { auth: boolean },
  response: Response,
): Promise<ApiError> {
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status === 401 && route.auth) deps.onUnauthorized();
  const parsed = errorBody.safeParse(json);
  const refused = response.status === 409 ? refusal.safeParse(json).data : undefined;
  return new ApiError(
    response.status,
    parsed.success ? parsed.data.message : `The server answered ${response.status}.`,
    parsed.success ? (parsed.data.errors ?? {}) : {},
    refused
      ? {
          ...(refused.unmet ? { unmet: refused.unmet } : {}),
          ...(refused.current !== undefined ? { current: refused.current } : {}),
        }
      : undefined,
  );
}

export function createRequester(deps: HttpDeps): Requester {
  const exchange = createExchange(deps);
  return function request<Op extends OperationName>(
    operation: Op,
    options: RequestOptions<Op> = {},
  ): Promise<ResponseOf<Op>> {
    return exchange(operation, options, 'application/json', (response) =>
      answerOf(operation, response),
    );
  };

  async function answerOf<Op extends OperationName>(
    operation: Op,
    response: Response,
  ): Promise<ResponseOf<Op>> {
    const route = routeByOperation(operation);
    if (!response.ok) throw await failure(deps, route, response);
    const text = await response.text();
    let json: unknown = undefined;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    if (!('response' in route) || !route.response) return undefined as ResponseOf<Op>;
    const parsed = route.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'The server sent an answer this page cannot read.',
        {},
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data as ResponseOf<Op>;
  }
}

/** A file the API answered: its bytes and the name Content-Disposition gives it. */
export type FileAnswer =
  { kind: 'file'; blob: Blob; fileName: string } | { kind: 'url'; url: string };

/**
 * `accept` names the file's type first: API Gateway turns a binary answer
 * back into bytes only when the request's first Accept type is one of its
 * binary media types (otherwise the client would get base64 text).
 */
export type FileRequester = <Op extends OperationName>(
  operation: Op,
  options?: RequestOptions<Op> & { accept?: string },
) => Promise<FileAnswer>;

/** The file name of a Content-Disposition header (RFC 6266: filename* first), or `fallback`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name, if any, follows.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || fallback;
}

/**
 * For routes that answer a file: the bytes with their name, or, when the
 * answer is JSON (a large file written to storage), the short-lived link it
 * carries.
 */
export function createFileRequester(deps: HttpDeps): FileRequester {
  const exchange = createExchange(deps);
  return function requestFile<Op extends OperationName>(
    operation: Op,
    options: RequestOptions<Op> & { accept?: string } = {},
  ): Promise<FileAnswer> {
    return exchange(
      operation,
      options,
      options.accept ?? '*/*',
      async (response): Promise<FileAnswer> => {
        if (!response.ok) throw await failure(deps, routeByOperation(operation), response);
        const type = response.headers.get('content-type') ?? '';
        if (/^application\/json\b/i.test(type)) {
          const json: unknown = await response.json().catch(() => null);
          const url = (json as { url?: unknown } | null)?.url;
          if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
            throw new ApiError(response.status, 'The server sent an answer this page cannot read.');
          }
          return { kind: 'url', url };
        }
        return {
          kind: 'file',
          blob: await response.blob(),
          fileName: dispositionFileName(response.headers.get('content-disposition'), 'download'),
        };
      },
    );
  };
}
