import type { Clock } from '../clock';
import type { HttpRequest, HttpResponse } from '../http/types';
import type { Principal, SigV4 } from './sigv4';
import type { ObjectStore } from './store';

/** Everything an operation may use; each operation declares the subset it needs. */
export interface Services {
  region: string;
  store: ObjectStore;
  clock: Clock;
  sigv4: SigV4;
  limits: { maxObjectBytes: number };
}

/** A request addressed path-style, `/{bucket}/{key}`, with both parts decoded. */
export interface S3Request {
  http: HttpRequest;
  /** Empty for the service itself (`/`). */
  bucket: string;
  /** Empty for the bucket itself. */
  key: string;
  /** Who signed the request; undefined only for PostObject, which carries its signature in the form. */
  principal: Principal | undefined;
}

/** One emulated operation: a routed request in, the S3 answer out, S3Error for every refusal. */
export type Operation = (services: Services, request: S3Request) => Promise<HttpResponse>;

/** The signer of a request the router authenticated; only PostObject is routed without one. */
export function principalOf(request: S3Request): Principal {
  if (!request.principal)
    throw new Error(
      `s3: ${request.http.method} ${request.http.rawPath} reached an operation unauthenticated`,
    );
  return request.principal;
}
