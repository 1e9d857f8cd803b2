import { AwsError } from '../http/aws-error';
import { SqlError } from './backend';

/** Every error type the RDS Data API model declares, with the status the SDK expects for it. */
export const ERROR_STATUS = {
  AccessDeniedException: 403,
  BadRequestException: 400,
  DatabaseErrorException: 400,
  DatabaseNotFoundException: 404,
  DatabaseResumingException: 400,
  DatabaseUnavailableException: 504,
  ForbiddenException: 403,
  HttpEndpointNotEnabledException: 400,
  InternalServerErrorException: 500,
  InvalidResourceStateException: 400,
  InvalidSecretException: 400,
  NotFoundException: 404,
  SecretsErrorException: 400,
  ServiceUnavailableError: 503,
  StatementTimeoutException: 400,
  TransactionNotFoundException: 404,
  UnsupportedResultException: 400,
  // Not in the model: what AWS front doors answer for a path no operation owns.
  UnknownOperationException: 404,
} as const;

export type DataApiErrorType = keyof typeof ERROR_STATUS;

export function isDataApiErrorType(type: string): type is DataApiErrorType {
  return Object.hasOwn(ERROR_STATUS, type);
}

/** An error the emulator answers on the wire: `x-amzn-ErrorType: <type>` with `{"message": ...}`. */
export class DataApiError extends AwsError<DataApiErrorType> {
  override name = 'DataApiError';

  get status(): number {
    return ERROR_STATUS[this.type];
  }
}

/**
 * Every message the emulator writes, in one place so a wording learnt from
 * the real service is corrected once. Those marked UNCONFIRMED are our best
 * reading of AWS's behaviour, not a captured response.
 */
export const messages = {
  // UNCONFIRMED: wording of the Data API's size and time limits (the limits themselves are documented).
  rowTooLarge: () => 'Packet for query is too large. The Data API limit is 64 KB per row.',
  responseTooLarge: () => 'Database response exceeded size limit',
  requestTooLarge: () => 'Request size exceeded the 4 MiB limit of the Data API',
  statementTimeout: () => 'Request timed out',
  /** Coral-style validation wording AWS services use for a missing member. */
  missingMember: (path: string) =>
    `1 validation error detected: Value null at '${path}' failed to satisfy constraint: Member must not be null`,
  invalidMember: (path: string, constraint: string) =>
    `1 validation error detected: Value at '${path}' failed to satisfy constraint: ${constraint}`,
  malformedBody: () => 'Unable to parse the request body as JSON',
  // UNCONFIRMED: the Data API answers a cluster it cannot reach over HTTP with this type.
  unknownResource: (arn: string) => `HttpEndpoint is not enabled for resource ${arn}`,
  // UNCONFIRMED: wording of a secret Secrets Manager cannot find.
  unknownSecret: (arn: string) =>
    `Error fetching secret ${arn} : Secrets Manager can't find the specified secret.`,
  // As a user reported it for a call without `database` (aws/aws-cli#8577, 2024).
  unknownDatabase: (name: string) => `ERROR: database "${name}" does not exist; SQLState: 3D000`,
  transactionNotFound: (id: string) => `Transaction ${id} is not found`,
  arrayParameter: (name: string) => `Array parameters are not supported. Parameter: ${name}`,
  // UNCONFIRMED: pgjdbc's wording for an unbound placeholder, naming the parameter.
  unboundParameter: (name: string) => `No value specified for parameter: ${name}`,
  emptyParameterValue: (name: string) => `No value specified for parameter: ${name}`,
  resuming: (arn: string) =>
    `The Aurora DB instance ${arn} is resuming after being auto-paused. Please wait a few seconds and try again.`,
  injectedFault: (type: string) => `Injected fault: ${type}`,
  notImplemented: (operation: string) =>
    `${operation} is not implemented by the local RDS Data API emulator`,
  unknownOperation: (method: string, path: string) => `No operation answers ${method} ${path}`,
  internal: () => 'An internal error occurred in the local RDS Data API emulator',
} as const;

/**
 * PostgreSQL's error as pgjdbc renders it (the Data API runs statements
 * through JDBC), followed by the SQLState as the Data API appends it.
 */
export function databaseErrorMessage(error: SqlError): string {
  const lines = [`${error.severity}: ${error.message}`];
  if (error.detail) lines.push(`  Detail: ${error.detail}`);
  if (error.hint) lines.push(`  Hint: ${error.hint}`);
  if (error.position) lines.push(`  Position: ${error.position}`);
  if (error.where) lines.push(`  Where: ${error.where}`);
  return `${lines.join('\n')}; SQLState: ${error.code}`;
}

/** The one place a failure becomes a wire error; anything unexpected is a 500 without internals. */
/** SQLSTATE 57014: the server cancelled the statement (its statement_timeout fired). */
const QUERY_CANCELED = '57014';

export function toDataApiError(error: unknown): DataApiError {
  if (error instanceof DataApiError) return error;
  if (error instanceof SqlError && error.code === QUERY_CANCELED)
    return new DataApiError('StatementTimeoutException', messages.statementTimeout(), {
      cause: error,
    });
  if (error instanceof SqlError)
    return new DataApiError('DatabaseErrorException', databaseErrorMessage(error), {
      cause: error,
    });
  return new DataApiError('InternalServerErrorException', messages.internal(), { cause: error });
}
