/** Messages between the pool (main thread) and a Lambda container (worker thread). */
import type { WireRequest, WireResponse } from '../http/sdk-transport';

export interface ContainerData {
  /** The handler module of the function table (e.g. 'certifications'). */
  module: string;
  /** An ES module exporting `handler` to load instead of the module (tests' stand-in functions). */
  entry?: string;
  /** The runtime's origin: SDK calls to endpoints under it go through the pool in process. */
  localOrigin?: string;
}

export type ToContainer =
  | { type: 'invoke'; id: number; event: unknown }
  /** The runtime's answer to an SDK call the container sent. */
  | { type: 'aws-answer'; id: number; response: WireResponse }
  | { type: 'aws-failed'; id: number; error: ErrorDescription & { code?: string | undefined } };

export interface ErrorDescription {
  name: string;
  message: string;
  stack?: string | undefined;
}

export type FromContainer =
  | { type: 'ready'; initMs: number }
  | { type: 'init-failed'; error: ErrorDescription }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ErrorDescription }
  /** An SDK call to one of the runtime's own endpoints (http/sdk-transport.ts). */
  | { type: 'aws'; id: number; request: WireRequest };
