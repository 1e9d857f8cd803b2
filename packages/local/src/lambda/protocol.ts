/** Messages between the pool (main thread) and a Lambda container (worker thread). */

export interface ContainerData {
  /** The handler module of the function table (e.g. 'certifications'). */
  module: string;
  /** An ES module exporting `handler` to load instead of the module (tests' stand-in functions). */
  entry?: string;
}

export interface ToContainer {
  id: number;
  event: unknown;
}

export interface ErrorDescription {
  name: string;
  message: string;
  stack?: string | undefined;
}

export type FromContainer =
  | { type: 'ready'; initMs: number }
  | { type: 'init-failed'; error: ErrorDescription }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ErrorDescription };
