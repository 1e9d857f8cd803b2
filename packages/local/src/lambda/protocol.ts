/** Messages between the pool (main thread) and a Lambda container (worker thread, container.mjs). */

export interface ContainerData {
  /** The function's code: a bundle directory of packages/api/dist, or a test's stand-in. */
  codeDir: string;
  /** Lambda's handler setting: `<module>.<export>`, e.g. `index.handler`. */
  handler: string;
}

export interface ToContainer {
  type: 'invoke';
  id: number;
  requestId: string;
  /** When the function's timeout ends (epoch ms): the context's getRemainingTimeInMillis. */
  deadline: number;
  event: unknown;
}

export interface ErrorDescription {
  name: string;
  message: string;
  stack?: string | undefined;
}

/** The file a container loaded, and the SHA-256 of its bytes. */
export interface LoadedCode {
  file: string;
  sha256: string;
}

export type FromContainer =
  | { type: 'ready'; initMs: number; code: LoadedCode }
  | { type: 'init-failed'; error: ErrorDescription }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ErrorDescription };
