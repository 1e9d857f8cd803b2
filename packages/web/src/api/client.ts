/**
 * The one place the SPA speaks HTTP to its own API. Paths come from the shared
 * route table, answers are parsed with its zod schemas, and failures become
 * an ApiError carrying the status and the server's per-field messages.
 */
import type * as z from 'zod/mini';
import {
  APIS,
  type OperationName,
  type Route,
  publicPath,
  routeByOperation,
} from '@cpe/shared/routes';
import { errorBody } from '@cpe/shared/schemas';
import type { RuntimeConfig } from '../config';
import { ApiError } from './errors';

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

export { ApiError, type FieldErrors, isNotFound } from './errors';

export interface HttpDeps {
  config: Pick<RuntimeConfig, 'apiBase' | 'contactBase'>;
  /** The Cognito access token, or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Called when an authenticated route answers 401 (or there is no session). */
  onUnauthorized(): void;
  fetch?: typeof fetch;
}

export interface RequestOptions<Op extends OperationName> {
  params?: Record<string, string>;
  body?: BodyOf<Op>;
}

export type Requester = <Op extends OperationName>(
  operation: Op,
  options?: RequestOptions<Op>,
) => Promise<ResponseOf<Op>>;

export function createRequester(deps: HttpDeps): Requester {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  function urlOf(operation: OperationName, params: Record<string, string>): string {
    const route = routeByOperation(operation);
    const path = publicPath(route, params).slice(APIS[route.api].publicPrefix.length);
    const base = route.api === 'contact' ? deps.config.contactBase : deps.config.apiBase;
    return `${base.replace(/\/$/, '')}${path}`;
  }

  return async function request<Op extends OperationName>(
    operation: Op,
    options: RequestOptions<Op> = {},
  ): Promise<ResponseOf<Op>> {
    const route = routeByOperation(operation);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (route.auth) {
      const token = await deps.getAccessToken();
      if (!token) {
        deps.onUnauthorized();
        throw new ApiError(401, 'You are signed out. Please log in again.');
      }
      headers.authorization = `Bearer ${token}`;
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(urlOf(operation, options.params ?? {}), {
        method: route.method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
    } catch (cause) {
      throw new ApiError(
        0,
        'Could not reach the server. Please check your connection.',
        {},
        {
          cause,
        },
      );
    }

    const text = await response.text();
    let json: unknown = undefined;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }

    if (!response.ok) {
      if (response.status === 401 && route.auth) deps.onUnauthorized();
      const parsed = errorBody.safeParse(json);
      throw new ApiError(
        response.status,
        parsed.success ? parsed.data.message : `The server answered ${response.status}.`,
        parsed.success ? (parsed.data.errors ?? {}) : {},
      );
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
  };
}
