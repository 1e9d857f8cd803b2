/**
 * A small AWS client for the two JSON services on a function's cold path: the
 * RDS Data API (REST-JSON) and Secrets Manager (JSON 1.1). Every function
 * loads one or both when its container starts, and their SDK v3 clients
 * (middleware stack, schemas, endpoint rules, config resolution) cost 20-30 ms
 * of module load each, over the 35 ms budget (decision 087). This client keeps
 * what the SDK does that matters here:
 *
 * - requests signed by the SDK's own SigV4 signer (@smithy/signature-v4);
 * - the SDK's standard retry mode: up to `maxAttempts` attempts (default 3)
 *   for throttling and transient errors (500, 502, 503, 504, 429, reset or
 *   refused connections, timeouts), full-jitter back-off from 50 ms (1 s for
 *   throttling) up to 20 s, and the same retry quota per client;
 * - errors shaped as the SDK shapes them (name, message, `$fault`,
 *   `$metadata`, `$retryable`), so failures.ts reads both alike;
 * - keep-alive HTTPS, with optional connection and idle time limits.
 *
 * The local runtime passes an `Exchange` that reaches its emulators in
 * process; the emulators themselves are tested through the real SDK clients.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { type Dict, dict } from '@cpe/shared/dict';
import { SignatureV4 } from '@smithy/signature-v4';
import { type Dependency } from '../errors';
import { dependencyFailure } from './failures';

/** A request as it would travel on the wire. Header names lower-cased. */
export interface WireRequest {
  method: string;
  /** Path and query, as on the request line. */
  target: string;
  headers: Dict<string>;
  body: Uint8Array;
}

export interface WireResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Dict<string>;
  body: Uint8Array;
}

/** Carries one request to the service and back. */
export type Exchange = (request: WireRequest) => Promise<WireResponse>;

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface JsonClientOptions {
  dependency: Dependency;
  /** SigV4 signing name and endpoint prefix: `rds-data`, `secretsmanager`. */
  service: string;
  region: string;
  /** Default: `https://<service>.<region>.amazonaws.com` (`.com.cn` in China). */
  endpoint?: string;
  /** In Lambda, the function role's, from its environment (env.ts). */
  credentials?: Credentials;
  /** Attempts per call, the first included. Default 3, as the SDK's. */
  maxAttempts?: number;
  /** Time limits of a call; none by default, as the SDK's node handler. */
  timing?: { connectionTimeoutMs: number; idleTimeoutMs: number };
  /** In place of node's http(s) to the endpoint. */
  exchange?: Exchange;
  /** Back-off sleeps (tests). */
  sleep?: (ms: number) => Promise<void>;
}

export interface AwsJsonCall {
  /** Path below the endpoint's: `/Execute`; `/` for JSON 1.1. */
  path: string;
  /** Protocol headers: content type, `x-amz-target`. */
  headers: Record<string, string>;
  input: object;
}

/** Calls one operation; answers the parsed JSON output with `$metadata`. */
export type AwsJsonClient = (call: AwsJsonCall) => Promise<Record<string, unknown>>;

/** What the SDK's error classification calls throttling and transient (@smithy/core retry). */
const THROTTLING_NAMES = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);
const TRANSIENT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The SDK's standard retry mode, as configured in @smithy/core (retries-2026-config). */
export const RETRY = {
  maxAttempts: 3,
  baseDelayMs: 50,
  throttlingBaseDelayMs: 1_000,
  maxDelayMs: 20_000,
  quota: 500,
  cost: 14,
  throttlingCost: 5,
} as const;

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  $metadata?: { httpStatusCode?: number; attempts?: number; totalRetryDelay?: number };
  $retryable?: { throttling?: boolean };
}

/** 'throttling', 'transient', or undefined when a retry would not help. */
export function retryKind(error: unknown): 'throttling' | 'transient' | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const shape = error as ErrorShape;
  const status = shape.$metadata?.httpStatusCode;
  const name = typeof shape.name === 'string' ? shape.name : '';
  if (status === 429 || THROTTLING_NAMES.has(name) || shape.$retryable?.throttling === true)
    return 'throttling';
  if (name === 'AbortError') return undefined;
  if (
    shape.$retryable !== undefined ||
    TRANSIENT_NAMES.has(name) ||
    (typeof shape.code === 'string' && TRANSIENT_CODES.has(shape.code)) ||
    (status !== undefined && TRANSIENT_STATUSES.has(status))
  )
    return 'transient';
  return undefined;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytes = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** The signer's hash and HMAC, from node's crypto. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

function missingCredentials(): never {
  throw Object.assign(new Error('No AWS credentials: the environment Lambda sets has none'), {
    name: 'CredentialsProviderError',
  });
}

export function defaultEndpoint(service: string, region: string): string {
  return `https://${service}.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
}

/** The error node's http handler gives a call past its time limit (failures.ts reads the name). */
export function timeoutError(message: string): Error {
  return Object.assign(new Error(message), { name: 'TimeoutError', code: 'ETIMEDOUT' });
}

/** node's http(s) to `origin`, one keep-alive agent per client. */
export function nodeExchange(origin: URL, timing?: JsonClientOptions['timing']): Exchange {
  const transport = origin.protocol === 'http:' ? http : https;
  const agent = new transport.Agent({ keepAlive: true });
  return (request) =>
    new Promise<WireResponse>((resolve, reject) => {
      const req = transport.request(
        {
          protocol: origin.protocol,
          hostname: origin.hostname,
          port: origin.port || undefined,
          method: request.method,
          path: request.target,
          headers: request.headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = dict<string>();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined)
                headers[name] = Array.isArray(value) ? value.join(', ') : value;
            }
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
          });
        },
      );
      req.on('error', reject);
      if (timing) {
        req.setTimeout(timing.idleTimeoutMs, () =>
          req.destroy(timeoutError(`no data for ${timing.idleTimeoutMs} ms`)),
        );
        req.on('socket', (socket) => {
          if (!socket.connecting) return;
          const timer = setTimeout(
            () =>
              req.destroy(timeoutError(`no connection within ${timing.connectionTimeoutMs} ms`)),
            timing.connectionTimeoutMs,
          );
          socket.once('connect', () => clearTimeout(timer));
          socket.once('close', () => clearTimeout(timer));
        });
      }
      req.end(request.body);
    });
}

/** An exchange given a deadline (one not going through a socket has no idle time to watch). */
function withDeadline(exchange: Exchange, ms: number): Exchange {
  return (request) =>
    new Promise<WireResponse>((resolve, reject) => {
      const timer = setTimeout(() => reject(timeoutError(`no answer within ${ms} ms`)), ms);
      exchange(request).then(
        (response) => {
          clearTimeout(timer);
          resolve(response);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** `aws.protocols#restJson1` and `awsJson1_1` error types: `ns#Name:http://...` -> `Name`. */
function errorName(raw: string): string {
  const name = raw.split(':')[0] ?? raw;
  return name.includes('#') ? (name.split('#').pop() ?? name) : name;
}

/** The service's error answer as the SDK's ServiceException would carry it. */
function serviceError(response: WireResponse): Error {
  const text = Buffer.from(response.body).toString('utf8');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's HTML page): the status says enough.
  }
  const raw =
    response.headers['x-amzn-errortype'] ??
    [body.__type, body.code, body.Code].find((v): v is string => typeof v === 'string');
  const name = raw ? errorName(raw) : `Http${response.status}Error`;
  const message = [body.message, body.Message].find((v) => typeof v === 'string') ?? name;
  return Object.assign(new Error(message), {
    name,
    $fault: response.status >= 500 ? 'server' : 'client',
    $metadata: {
      httpStatusCode: response.status,
      requestId: response.headers['x-amzn-requestid'],
    },
    ...(response.status === 429 || THROTTLING_NAMES.has(name)
      ? { $retryable: { throttling: true } }
      : {}),
  });
}

export function createJsonClient(options: JsonClientOptions): AwsJsonClient {
  const endpoint = new URL(options.endpoint ?? defaultEndpoint(options.service, options.region));
  const basePath = endpoint.pathname.replace(/\/$/, '');
  const host = endpoint.host;
  const exchange = options.exchange
    ? options.timing
      ? withDeadline(options.exchange, options.timing.idleTimeoutMs)
      : options.exchange
    : nodeExchange(endpoint, options.timing);
  const signer = new SignatureV4({
    service: options.service,
    region: options.region,
    credentials: async () => options.credentials ?? missingCredentials(),
    sha256: Sha256,
  });
  const maxAttempts = options.maxAttempts ?? RETRY.maxAttempts;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  let quota: number = RETRY.quota;

  async function attempt(call: AwsJsonCall, body: string): Promise<Record<string, unknown>> {
    const path = `${basePath}${call.path}`;
    const signed = await signer.sign({
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
      path,
      query: {},
      headers: { ...call.headers, host, 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    const response = await exchange({
      method: 'POST',
      target: path,
      headers: signed.headers,
      body: Buffer.from(body, 'utf8'),
    });
    if (response.status >= 300) throw serviceError(response);
    const text = Buffer.from(response.body).toString('utf8');
    const output = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    return Object.assign(output, {
      $metadata: {
        httpStatusCode: response.status,
        requestId: response.headers['x-amzn-requestid'],
      },
    });
  }

  async function withRetries(call: AwsJsonCall): Promise<Record<string, unknown>> {
    const body = JSON.stringify(call.input);
    let totalRetryDelay = 0;
    let cost: number | undefined;
    for (let attempts = 1; ; attempts++) {
      try {
        const output = await attempt(call, body);
        quota = Math.min(RETRY.quota, quota + (cost ?? 1));
        Object.assign(output.$metadata as object, { attempts, totalRetryDelay });
        return output;
      } catch (error) {
        const kind = retryKind(error);
        cost = kind === 'throttling' ? RETRY.throttlingCost : RETRY.cost;
        if (typeof error === 'object' && error !== null) {
          const shape = error as ErrorShape;
          shape.$metadata = { ...shape.$metadata, attempts, totalRetryDelay };
        }
        if (!kind || attempts >= maxAttempts || quota < cost) throw error;
        quota -= cost;
        const base = kind === 'throttling' ? RETRY.throttlingBaseDelayMs : RETRY.baseDelayMs;
        const delay = Math.floor(
          Math.random() * Math.min(base * 2 ** (attempts - 1), RETRY.maxDelayMs),
        );
        totalRetryDelay += delay;
        await sleep(delay);
      }
    }
  }

  return async (call) => {
    try {
      return await withRetries(call);
    } catch (error) {
      throw dependencyFailure(options.dependency, error) ?? error;
    }
  };
}
