/**
 * The one place errors become HTTP. Clients see a message and, for bad input,
 * one message per field; never a stack or an internal error's text.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { fieldErrors } from '@cpe/shared';
import { $ZodError } from 'zod/v4/core';
import {
  type DatabaseError,
  unavailableErrorFromDatabase,
  validationErrorFromDatabase,
} from '../db/errors';
import {
  AppError,
  ConflictError,
  DependencyTimeoutError,
  DependencyUnavailableError,
  ServiceUnavailableError,
  ValidationError,
} from '../errors';
import { logger } from '../log';

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function reply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { ...BASE_HEADERS, ...headers },
    body: status === 204 ? '' : JSON.stringify(body ?? null),
  };
}

/**
 * An answer that is not JSON (an HTML page, an iCalendar file): an
 * operation returns it and the handler sends it as is, `no-store` unless it
 * says otherwise.
 */
export class RawReply {
  constructor(
    readonly body: string,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function rawReply(status: number, raw: RawReply): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'cache-control': 'no-store', ...raw.headers, 'content-type': raw.contentType },
    body: raw.body,
  };
}

/**
 * An operation's answer that is a file rather than JSON. Bytes leave the
 * function base64-encoded (API Gateway turns them back for a binary media
 * type, routes.ts BINARY_MEDIA_TYPES); text leaves as it is.
 */
export class FileAnswer {
  constructor(
    readonly body: Uint8Array | string,
    readonly contentType: string,
    readonly fileName: string,
  ) {}
}

/** `attachment` with an ASCII fallback name and the exact one (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function fileReply(status: number, file: FileAnswer): APIGatewayProxyResult {
  const binary = typeof file.body !== 'string';
  return {
    statusCode: status,
    headers: {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file.fileName),
      'cache-control': 'no-store',
    },
    body: binary ? Buffer.from(file.body).toString('base64') : file.body,
    isBase64Encoded: binary,
  };
}

export function validationErrorFrom(error: $ZodError): ValidationError {
  const fields = fieldErrors(error);
  const summary = Object.entries(fields)
    .map(([field, message]) => (message.startsWith(field) ? message : `${field} ${message}`))
    .join('; ');
  return new ValidationError(`Invalid request: ${summary}`, fields);
}

export function errorResponse(error: unknown, requestId: string): APIGatewayProxyResult {
  if (error instanceof $ZodError) return errorResponse(validationErrorFrom(error), requestId);
  const refused = validationErrorFromDatabase(error);
  if (refused) {
    // The schema should have refused it first: a rule drifted, or the stored row predates one.
    logger.warn('database refused a value the schema accepted', {
      requestId,
      sqlState: (error as DatabaseError).sqlState,
      constraint: (error as DatabaseError).constraint,
      fields: Object.keys(refused.fields),
    });
    return errorResponse(refused, requestId);
  }
  const interrupted = unavailableErrorFromDatabase(error);
  if (interrupted) return errorResponse(interrupted, requestId);
  if (
    error instanceof DependencyUnavailableError ||
    error instanceof DependencyTimeoutError ||
    error instanceof ServiceUnavailableError
  ) {
    // What failed, for the operator; the client gets the message alone.
    logger.warn(error.message, {
      requestId,
      status: error.status,
      ...('dependency' in error ? { dependency: error.dependency } : {}),
      cause: causeOf(error),
    });
  }
  if (error instanceof ValidationError) {
    return reply(error.status, { message: error.message, errors: error.fields }, error.headers);
  }
  if (error instanceof ConflictError) {
    return reply(error.status, { ...error.details, message: error.message }, error.headers);
  }
  if (error instanceof AppError) {
    return reply(error.status, { message: error.message }, error.headers);
  }
  logger.error('unexpected error', { requestId, error: describe(error) });
  return reply(500, { message: 'Internal server error' });
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return {
      name: error.name,
      message: error.message,
      stack: error.stack,
      cause: error.cause instanceof Error ? error.cause.message : JSON.stringify(error.cause ?? ''),
    };
  }
  return { value: String(error) };
}

/** The name (and SQLSTATE or HTTP status) of what caused a typed error: never its text. */
function causeOf(error: Error): Record<string, unknown> | undefined {
  const cause = error.cause;
  if (!(cause instanceof Error)) return undefined;
  const shape = cause as {
    code?: unknown;
    sqlState?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  return {
    name: cause.name,
    ...(typeof shape.code === 'string' ? { code: shape.code } : {}),
    ...(typeof shape.sqlState === 'string' ? { sqlState: shape.sqlState } : {}),
    ...(typeof shape.$metadata?.httpStatusCode === 'number'
      ? { httpStatus: shape.$metadata.httpStatusCode }
      : {}),
  };
}
