/**
 * Turns a handler group's operations into one Lambda handler: finds the route
 * of the table that API Gateway matched, validates path, body and identity,
 * runs the operation and answers JSON. Operations never parse or catch.
 */
import { dict } from '@cpe/shared/dict';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { type RouteDef, idSchema } from '@cpe/shared';
import type * as z from 'zod/mini';
import { NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import {
  FileAnswer,
  RawReply,
  errorResponse,
  fileReply,
  rawReply,
  reply,
  validationErrorFrom,
} from './respond';

export interface Caller {
  /** Cognito `sub`: the only source of identity. */
  sub: string;
}

export interface OperationContext<Body, Query = undefined> {
  body: Body;
  /** The validated query string (the route's `query` schema); undefined where the route has none. */
  query: Query;
  /** The `{id}` path parameter, already checked against the route's id schema; `''` where the route has none. */
  id: string;
  /** Every path parameter, URL-decoded. */
  pathParams: Record<string, string>;
  caller: Caller;
  requestId: string;
  /** The bearer token the authorizer accepted ('' on public routes). */
  accessToken: string;
  /** The client's address as API Gateway saw it (`requestContext.identity.sourceIp`); null when absent. */
  sourceIp: string | null;
  /** A request header by name (any case); undefined when absent. */
  header(name: string): string | undefined;
  /** When API Gateway received the request (`requestContext.requestTimeEpoch`); null when absent. */
  receivedAt: Date | null;
}

type BodyOf<R> = R extends { body: infer S extends z.ZodMiniType } ? z.output<S> : undefined;
type QueryOf<R> = R extends { query: infer S extends z.ZodMiniType } ? z.output<S> : undefined;
type CallerOf<R> = R extends { auth: true } ? Caller : Caller | null;

/** One operation per route of `T` (a group's route table), typed by its schemas. */
export type Operations<T extends readonly RouteDef[]> = {
  [R in T[number] as R['operation']]: (
    ctx: Omit<OperationContext<BodyOf<R>, QueryOf<R>>, 'caller'> & { caller: CallerOf<R> },
  ) => Promise<unknown>;
};

export type ApiHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parseBody(event: APIGatewayProxyEvent): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return {};
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('Invalid request: the body must be JSON', { body: 'must be JSON' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ValidationError('Invalid request: the body must be a JSON object', {
      body: 'must be a JSON object',
    });
  }
  return parsed;
}

function headerOf(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(event.headers ?? {}).find(([n]) => n.toLowerCase() === wanted)?.[1];
}

function bearer(event: APIGatewayProxyEvent): string {
  return (headerOf(event, 'authorization') ?? '').replace(/^Bearer\s+/i, '');
}

function sourceIpOf(event: APIGatewayProxyEvent): string | null {
  const ip = (event.requestContext?.identity as { sourceIp?: unknown } | undefined)?.sourceIp;
  return typeof ip === 'string' && ip !== '' ? ip : null;
}

function receivedAtOf(event: APIGatewayProxyEvent): Date | null {
  const epoch = (event.requestContext as { requestTimeEpoch?: unknown } | undefined)
    ?.requestTimeEpoch;
  return typeof epoch === 'number' && Number.isFinite(epoch) ? new Date(epoch) : null;
}

function callerOf(event: APIGatewayProxyEvent): Caller | null {
  const claims = (event.requestContext.authorizer?.claims ?? {}) as Record<string, unknown>;
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  return { sub };
}

/**
 * How a group tells a signed-in caller whose account is gone (deleted) from
 * one whose record is missing. API Gateway's authorizer accepts an access
 * token until it expires, whatever happened to its user since; a refusal
 * (400 or 404: what a request of a deleted account meets, since every
 * statement is scoped to the caller's user row) asks `userExists`, and a
 * caller without a user row gets 401 on every route. Only refusals pay for
 * the question, so the answers that succeed keep their one Data API call.
 */
export interface HandlerOptions {
  userExists?: (sub: string) => Promise<boolean>;
}

const refusal = (error: unknown) =>
  error instanceof NotFoundError || error instanceof ValidationError;

/**
 * The Lambda handler of one group: `table` is its routes (`healthRoutes`...),
 * imported by name so its bundle builds no other group's schemas.
 */
export function createHandler<const T extends readonly RouteDef[]>(
  table: T,
  operations: NoInfer<Operations<T>>,
  options: HandlerOptions = {},
): ApiHandler {
  const ops = operations as unknown as Record<
    string,
    (ctx: OperationContext<unknown, unknown>) => Promise<unknown>
  >;

  return async (event) => {
    const requestId = event.requestContext?.requestId ?? 'unknown';
    let signedIn: Caller | null = null;
    try {
      const route: RouteDef | undefined = table.find(
        (r) => r.path === event.resource && r.method === event.httpMethod,
      );
      const operation =
        route && Object.hasOwn(ops, route.operation) ? ops[route.operation] : undefined;
      if (!route || !operation) throw new NotFoundError();

      const caller = callerOf(event);
      if (route.auth && !caller) throw new UnauthorizedError();
      if (route.auth) signedIn = caller;

      const pathParams = dict<string>();
      for (const [name, value] of Object.entries(event.pathParameters ?? {})) {
        if (value !== undefined) pathParams[name] = decodeParam(value);
      }
      const id = pathParams.id ?? '';
      // A malformed id answers exactly like someone else's or a missing one.
      if ('id' in pathParams && !(route.id ?? idSchema).safeParse(id).success) {
        throw new NotFoundError();
      }

      let query: unknown = undefined;
      if (route.query) {
        const parsed = route.query.safeParse(event.queryStringParameters ?? {});
        if (!parsed.success) throw validationErrorFrom(parsed.error);
        query = parsed.data;
      }

      let body: unknown = undefined;
      if (route.body) {
        const parsed = route.body.safeParse(parseBody(event));
        if (!parsed.success) throw validationErrorFrom(parsed.error);
        body = parsed.data;
      }

      const result = await operation({
        body,
        query,
        id,
        pathParams,
        caller: caller as Caller,
        requestId,
        accessToken: bearer(event),
        sourceIp: sourceIpOf(event),
        header: (name) => headerOf(event, name),
        receivedAt: receivedAtOf(event),
      });
      if (result instanceof RawReply) return rawReply(route.status ?? 200, result);
      if (result instanceof FileAnswer) return fileReply(route.status ?? 200, result);
      return reply(
        route.status ?? 200,
        result,
        route.cacheControl ? { 'cache-control': route.cacheControl } : {},
      );
    } catch (error) {
      if (signedIn && options.userExists && refusal(error)) {
        const exists = await options.userExists(signedIn.sub).catch(() => true);
        if (!exists) return errorResponse(new UnauthorizedError(), requestId);
      }
      return errorResponse(error, requestId);
    }
  };
}

/** createHandler with `options`, written before the table so a group's operations read as before. */
export function createHandlerWith(options: HandlerOptions) {
  return <const T extends readonly RouteDef[]>(table: T, operations: NoInfer<Operations<T>>) =>
    createHandler(table, operations, options);
}
