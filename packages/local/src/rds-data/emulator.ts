import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import { json, type HttpRequest, type HttpResponse, type HttpService } from '../http/types';
import type { SqlBackend, SqlStatement } from './backend';
import {
  DataApiError,
  isDataApiErrorType,
  messages,
  toDataApiError,
  type DataApiErrorType,
} from './errors';
import { DATA_API_LIMITS, type DataApiLimits } from './limits';
import { OPERATIONS, UNIMPLEMENTED } from './operations/table';
import type { OperationContext } from './operations/operation';
import type { Target } from './requests';
import { Transactions } from './transactions';

export const LOCAL_CLUSTER_ARN = 'arn:aws:rds:ap-southeast-2:000000000000:cluster:cpe-local';
/**
 * The database secret's ARN without Secrets Manager's random suffix (a
 * partial ARN): it finds the secret as its full ARN does, so tools may name
 * it without asking the runtime for the suffix.
 */
export const LOCAL_SECRET_ARN =
  'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:cpe-local-db';

export interface RdsDataEmulatorOptions {
  backend: SqlBackend;
  /** The only resourceArn accepted. */
  clusterArn: string;
  /** The only secretArn accepted; several when the secret has several names (its full and partial ARN). */
  secretArn: string | readonly string[];
  /** When set, a request naming another `database` is refused; absent accepts any. */
  database?: string;
  /**
   * The database a call without `database` connects to. Aurora PostgreSQL
   * connects as the secret's user to the database of the user's name, as
   * PostgreSQL does when a connection names none (so without a database of
   * that name such a call fails: `database "<user>" does not exist`).
   * Absent: the call uses `database`.
   */
  defaultDatabase?: string;
  /** Measures idle transactions and fault windows. */
  clock?: Clock;
  /** The Data API's limits (default DATA_API_LIMITS); tests shrink the statement timeout. */
  limits?: Partial<DataApiLimits>;
}

export interface RdsDataCalls {
  readonly total: number;
  readonly byOperation: Record<string, number>;
  /** The last ExecuteStatement as sent to the engine (`$n` placeholders, typed parameters). */
  readonly lastStatement: SqlStatement | undefined;
  reset(): void;
}

export interface RdsDataFaults {
  /** Answer DatabaseResumingException to every call for the next `ms` (by the clock). */
  resumingFor(ms: number): void;
  /** The next `n` calls fail with `type` (default InternalServerErrorException). */
  failNext(n: number, type?: string): void;
  clear(): void;
}

export interface RdsDataEmulator {
  handle: HttpService;
  calls: RdsDataCalls;
  faults: RdsDataFaults;
  /** Rolls back open transactions and closes the backend. */
  close(): Promise<void>;
}

function respond(status: number, body: object, errorType?: DataApiErrorType): HttpResponse {
  const headers: Record<string, string> = { 'x-amzn-requestid': randomUUID() };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  return json(status, body, headers);
}

function parseBody(request: HttpRequest): unknown {
  let body: unknown;
  try {
    body = JSON.parse(request.body.length === 0 ? '{}' : request.body.toString('utf8'));
  } catch (error) {
    throw new DataApiError('BadRequestException', messages.malformedBody(), { cause: error });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new DataApiError('BadRequestException', messages.malformedBody());
  return body;
}

export function createRdsDataEmulator(options: RdsDataEmulatorOptions): RdsDataEmulator {
  const clock = options.clock ?? systemClock;
  const transactions = new Transactions(options.backend, clock);

  let total = 0;
  const byOperation = new Map<string, number>();
  let lastStatement: SqlStatement | undefined;
  const calls: RdsDataCalls = {
    get total() {
      return total;
    },
    get byOperation() {
      return Object.fromEntries(byOperation);
    },
    get lastStatement() {
      return lastStatement;
    },
    reset() {
      total = 0;
      byOperation.clear();
      lastStatement = undefined;
    },
  };

  let resumingUntil = 0;
  let failing: { remaining: number; type: DataApiErrorType } = {
    remaining: 0,
    type: 'InternalServerErrorException',
  };
  const faults: RdsDataFaults = {
    resumingFor(ms) {
      resumingUntil = clock.now().getTime() + ms;
    },
    failNext(n, type = 'InternalServerErrorException') {
      if (!isDataApiErrorType(type)) throw new Error(`unknown RDS Data API error type: ${type}`);
      failing = { remaining: n, type };
    },
    clear() {
      resumingUntil = 0;
      failing = { remaining: 0, type: 'InternalServerErrorException' };
    },
  };

  /** Injected faults stand in for the service's own failures, before any request checking. */
  function injectedFault(): DataApiError | undefined {
    if (clock.now().getTime() < resumingUntil)
      return new DataApiError('DatabaseResumingException', messages.resuming(options.clusterArn));
    if (failing.remaining > 0) {
      failing.remaining -= 1;
      return new DataApiError(failing.type, messages.injectedFault(failing.type));
    }
    return undefined;
  }

  const limits: DataApiLimits = { ...DATA_API_LIMITS, ...options.limits };
  const secretArns = new Set<string>(
    typeof options.secretArn === 'string' ? [options.secretArn] : options.secretArn,
  );
  const context: OperationContext = {
    noteStatement(statement) {
      lastStatement = statement;
    },
    backend: options.backend,
    transactions,
    limits,
    checkTarget(target: Target) {
      if (target.resourceArn !== options.clusterArn)
        throw new DataApiError(
          'HttpEndpointNotEnabledException',
          messages.unknownResource(target.resourceArn),
        );
      if (!secretArns.has(target.secretArn))
        throw new DataApiError('SecretsErrorException', messages.unknownSecret(target.secretArn));
      // An empty name is no name. A call in a transaction without one uses the transaction's connection.
      const database =
        target.database ||
        (target.transactionId === undefined ? options.defaultDatabase : undefined);
      if (options.database !== undefined && database !== undefined && database !== options.database)
        throw new DataApiError('DatabaseErrorException', messages.unknownDatabase(database));
    },
  };

  async function dispatch(request: HttpRequest): Promise<object> {
    const post = request.method === 'POST';
    const operation =
      post && Object.hasOwn(OPERATIONS, request.path) ? OPERATIONS[request.path] : undefined;
    const unimplemented =
      post && Object.hasOwn(UNIMPLEMENTED, request.path) ? UNIMPLEMENTED[request.path] : undefined;
    const name = operation?.name ?? unimplemented;
    if (name === undefined)
      throw new DataApiError(
        'UnknownOperationException',
        messages.unknownOperation(request.method, request.path),
      );
    total += 1;
    byOperation.set(name, (byOperation.get(name) ?? 0) + 1);
    if (!operation) throw new DataApiError('BadRequestException', messages.notImplemented(name));

    const fault = injectedFault();
    if (fault) throw fault;
    if (request.body.length > limits.requestBytes)
      throw new DataApiError('BadRequestException', messages.requestTooLarge());
    await transactions.sweep();
    return operation.handle(parseBody(request), context);
  }

  const handle: HttpService = async (request) => {
    try {
      return respond(200, await dispatch(request));
    } catch (thrown) {
      const error = toDataApiError(thrown);
      if (error.type === 'InternalServerErrorException' && !(thrown instanceof DataApiError))
        console.error('rds-data emulator: unexpected failure', thrown);
      return respond(error.status, { message: error.message }, error.type);
    }
  };

  return {
    handle,
    calls,
    faults,
    async close() {
      await transactions.close();
      await options.backend.close();
    },
  };
}
