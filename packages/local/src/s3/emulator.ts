import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Clock } from '../clock';
import type { HttpRequest, HttpResponse, HttpService } from '../http/types';
import { createCors, type CorsRule } from './cors';
import { messages, S3Error, s3Error, toS3Error } from './errors';
import { type ExpirationRule, expire } from './lifecycle';
import { checkKey } from './objects';
import { OPERATIONS } from './operations/table';
import { xmlResponse } from './response';
import { routeOf, type Resource } from './routes';
import type { Services } from './services';
import { createSigV4 } from './sigv4';
import { createObjectStore } from './store';
import { element, xmlDocument } from './xml';

export interface S3EmulatorOptions {
  /** Objects live under `<dataDir>/s3/<bucket>/`; undefined keeps them in memory. */
  dataDir?: string;
  /** The region every signature's credential scope must name. */
  region: string;
  /** The only buckets that exist; each must be a valid S3 bucket name. */
  buckets: readonly string[];
  /** accessKeyId -> secretAccessKey: the keys whose signatures verify. */
  credentials: Readonly<Record<string, string>>;
  /** Judges presigned URL and POST policy expiry and request time skew; stamps Last-Modified. */
  clock: Clock;
  /** The largest object accepted, in bytes (S3's own limit for one PUT is 5 GB). Default 100 MiB. */
  maxObjectBytes?: number;
  /** Every bucket's CORS configuration, as the stack sets it on the real bucket; none refuses every preflight. */
  cors?: readonly CorsRule[];
  /** Where warnings go (object metadata moved aside at start); default console.warn. */
  log?: (line: string) => void;
  /** Each bucket's lifecycle expiration rules, as the stack sets them; run by `expire`. */
  lifecycle?: Readonly<Record<string, readonly ExpirationRule[]>>;
}

export interface S3Calls {
  readonly total: number;
  /** By S3 operation name, including operations refused as not implemented. */
  readonly byOperation: Record<string, number>;
  reset(): void;
}

export interface S3Emulator {
  /** Path-style requests below the mount: `/{bucket}` and `/{bucket}/{key}`. */
  handle: HttpService;
  calls: S3Calls;
  /**
   * What S3's daily lifecycle run does: deletes the objects whose expiration
   * has come by `now` (default: the clock's) under their bucket's rules;
   * answers how many.
   */
  expire(now?: Date): number;
  close(): Promise<void>;
}

export const DEFAULT_MAX_OBJECT_BYTES = 100 * 1024 * 1024;

interface Target {
  resource: Resource;
  bucket: string;
  key: string;
}

/** `/{bucket}/{key}` with both parts percent-decoded; the key is everything after the bucket's slash. */
function targetOf(path: string): Target {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  const slash = trimmed.indexOf('/');
  const rawBucket = slash < 0 ? trimmed : trimmed.slice(0, slash);
  const rawKey = slash < 0 ? '' : trimmed.slice(slash + 1);
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    key = decodeURIComponent(rawKey);
  } catch (error) {
    throw s3Error('InvalidURI', messages.invalidUri(), [['URI', path]], error);
  }
  const resource: Resource = bucket === '' ? 'service' : key === '' ? 'bucket' : 'object';
  return { resource, bucket, key };
}

/** S3's error document; a HEAD answer carries none. */
function errorResponse(error: S3Error, request: HttpRequest, requestId: string, hostId: string) {
  if (request.method === 'HEAD') return { status: error.status, headers: {} };
  const details = error.details.map(([name, value]) => element(name, value)).join('');
  return xmlResponse(
    error.status,
    xmlDocument(
      'Error',
      element('Code', error.type) +
        element('Message', error.message) +
        details +
        element('RequestId', requestId) +
        element('HostId', hostId),
      false,
    ),
  );
}

export function createS3Emulator(options: S3EmulatorOptions): S3Emulator {
  const log = options.log ?? ((line: string) => console.warn(line));
  const clock = options.clock;
  const services: Services = {
    region: options.region,
    clock,
    store: createObjectStore({
      directory: options.dataDir === undefined ? undefined : join(options.dataDir, 's3'),
      buckets: options.buckets,
      warn: log,
    }),
    sigv4: createSigV4({
      region: options.region,
      credentials: new Map(Object.entries(options.credentials)),
      clock,
    }),
    limits: { maxObjectBytes: options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES },
  };

  const cors = createCors(options.cors);

  let total = 0;
  const byOperation = new Map<string, number>();
  const calls: S3Calls = {
    get total() {
      return total;
    },
    get byOperation() {
      return Object.fromEntries(byOperation);
    },
    reset() {
      total = 0;
      byOperation.clear();
    },
  };

  async function dispatch(http: HttpRequest): Promise<HttpResponse> {
    const target = targetOf(http.path);
    // A preflight is no S3 operation: it is answered from the CORS rules, unauthenticated.
    if (http.method === 'OPTIONS')
      return cors.preflight(
        http,
        services.store.hasBucket(target.bucket),
        target.resource === 'object' ? 'OBJECT' : 'BUCKET',
      );
    const route = routeOf(http, target.resource);
    if (!route)
      throw s3Error('MethodNotAllowed', messages.methodNotAllowed(), [
        ['Method', http.method],
        ['ResourceType', target.resource.toUpperCase()],
      ]);
    total += 1;
    byOperation.set(route.operation, (byOperation.get(route.operation) ?? 0) + 1);

    const entry = OPERATIONS.get(route.operation);
    // Every request proves its signer first, as S3 does, even one for an operation the emulator lacks.
    const principal =
      entry?.authentication === 'form' ? undefined : await services.sigv4.authenticate(http);
    if (!entry) throw s3Error('NotImplemented', messages.operationNotImplemented(route.operation));
    if (!services.store.hasBucket(target.bucket))
      throw s3Error('NoSuchBucket', messages.noSuchBucket(), [['BucketName', target.bucket]]);
    if (target.resource === 'object') checkKey(target.key);
    return entry.handle(services, {
      http,
      bucket: target.bucket,
      key: target.key,
      principal,
    });
  }

  const handle: HttpService = async (http) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const hostId = randomBytes(32).toString('base64');
    let response: HttpResponse;
    try {
      response = await dispatch(http);
    } catch (thrown) {
      const error = toS3Error(thrown);
      if (!(thrown instanceof S3Error)) console.error('s3 emulator: unexpected failure', thrown);
      response = errorResponse(error, http, requestId, hostId);
    }
    return {
      ...response,
      headers: {
        ...response.headers,
        ...(http.method === 'OPTIONS' ? {} : cors.headersFor(http)),
        'x-amz-request-id': requestId,
        'x-amz-id-2': hostId,
        date: clock.now().toUTCString(),
        server: 'AmazonS3',
      },
    };
  };

  return {
    handle,
    calls,
    expire: (now = clock.now()) =>
      Object.entries(options.lifecycle ?? {}).reduce(
        (count, [bucket, rules]) => count + expire(services.store, bucket, rules, now).length,
        0,
      ),
    // Every write is durable when its request is answered: nothing is left to flush.
    close: () => Promise.resolve(),
  };
}
