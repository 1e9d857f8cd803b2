/**
 * Lambda's execution model on worker threads: each function of the table has
 * its own pool of containers (one worker thread each, with the function's
 * environment and memory), and a container runs one invocation at a time.
 * An invocation takes an idle container or starts a new one (a cold start).
 * Cold starts are paced by the machine's cores (MAX_STARTING), and a
 * function's containers are bounded by them (DEFAULT_MAX_CONTAINERS): past
 * the bound a request waits for a free container. A container that outlives
 * the function's timeout is stopped, one that crashes is dropped, one left
 * idle is reclaimed; the next invocation starts a fresh one. What a container
 * writes to stdout and stderr goes to the runtime's log, as Lambda sends it to
 * CloudWatch.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Dict } from '@cpe/shared/dict';
import type {
  ContainerData,
  ErrorDescription,
  FromContainer,
  LoadedCode,
  ToContainer,
} from './protocol';

/** Lambda's Node.js runtime inside a container (plain JavaScript: a worker thread has no loaders). */
const CONTAINER = path.join(__dirname, 'container.mjs');

/** Lambda stops an init phase that runs past 10 s. */
const INIT_TIMEOUT_MS = 10_000;

/** Why an invocation produced no result; the gateway turns each into API Gateway's answer. */
export type InvokeFailure =
  /** The function ran past its timeout ("Task timed out after N seconds"). */
  | 'timeout'
  /** The handler threw or rejected. */
  | 'function-error'
  /** The container died (process.exit, a crash, out of memory) or never finished its init. */
  | 'crashed';

export class InvokeError extends Error {
  override name = 'InvokeError';
  constructor(
    readonly failure: InvokeFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface FunctionSettings {
  /** The function's code (its bundle directory) and handler setting, as the stack deploys them. */
  code: ContainerData;
  memoryMb: number;
  timeoutSeconds: number;
  /** The function's environment (environment.ts). */
  env: Dict<string>;
  /** Where the containers' output goes, line by line. */
  log: (line: string) => void;
  /**
   * Containers of this function alive at once, at most (default: twice the
   * machine's cores; docs/decisions/082). Past it a request waits for a
   * container to come free instead of starting another.
   */
  maxContainers?: number | undefined;
  /** A container idle this long is stopped, as Lambda reclaims idle environments (default 10 minutes). */
  idleMs?: number | undefined;
}

export interface FunctionStats {
  /** Containers alive (busy, idle or starting). */
  containers: number;
  busy: number;
  invocations: number;
  coldStarts: number;
  /** Init duration of each cold start, ms (module load and client setup). */
  initMs: number[];
  /** What the last cold start loaded: the handler's file and the SHA-256 of its bytes. */
  code: LoadedCode | undefined;
  timeouts: number;
  crashes: number;
  /** Containers stopped after idleMs without a request. */
  reaped: number;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: InvokeError): void;
}

let nextId = 1;

/** One execution environment: a worker thread that initialises once and then runs invocations one by one. */
class Container {
  readonly worker: Worker;
  readonly ready: Promise<{ initMs: number; code: LoadedCode }>;
  private pending: Pending | undefined;
  private dead: InvokeError | undefined;
  onDeath: (() => void) | undefined;
  /** Set while the container waits idle: stops it once idle too long. */
  idleTimer: NodeJS.Timeout | undefined;

  constructor(settings: FunctionSettings) {
    const started = performance.now();
    this.worker = new Worker(CONTAINER, {
      workerData: settings.code,
      env: { ...settings.env },
      // Lambda's memory setting bounds the whole process; the heap is most of it.
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
      // None of the parent's flags or loaders (Jest's, the bench's, tsx): the bundle needs none.
      execArgv: [],
      stdout: true,
      stderr: true,
    });
    for (const stream of [this.worker.stdout, this.worker.stderr] as Readable[]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', settings.log);
    }
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new InvokeError('crashed', `init did not finish within ${INIT_TIMEOUT_MS} ms`));
        void this.worker.terminate();
      }, INIT_TIMEOUT_MS);
      this.worker.on('message', (message: FromContainer) => {
        switch (message.type) {
          case 'ready':
            clearTimeout(timer);
            resolve({ initMs: performance.now() - started, code: message.code });
            break;
          case 'init-failed':
            clearTimeout(timer);
            reject(new InvokeError('crashed', `init failed: ${describe(message.error)}`));
            void this.worker.terminate();
            break;
          case 'result':
            this.settle((p) => p.resolve(message.result));
            break;
          case 'error':
            this.settle((p) =>
              p.reject(new InvokeError('function-error', describe(message.error))),
            );
            break;
        }
      });
      const die = (error: InvokeError) => {
        clearTimeout(timer);
        this.dead ??= error;
        reject(this.dead);
        this.settle((p) => p.reject(this.dead ?? error));
        this.onDeath?.();
      };
      this.worker.on('error', (error) =>
        die(new InvokeError('crashed', `container crashed: ${error.message}`, { cause: error })),
      );
      this.worker.on('exit', (code) =>
        die(new InvokeError('crashed', `container exited with code ${code}`)),
      );
    });
    // Failures reach the invocation that waits on `ready`; nobody else must see them unhandled.
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return this.dead === undefined;
  }

  private settle(action: (pending: Pending) => void) {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) action(pending);
  }

  invoke(event: unknown, timeoutMs: number): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.dead = new InvokeError('timeout', `Task timed out after ${timeoutMs / 1000} seconds`);
        this.settle((p) => p.reject(this.dead ?? new InvokeError('timeout', 'timed out')));
        void this.worker.terminate();
      }, timeoutMs);
      this.pending = {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.worker.postMessage({
        type: 'invoke',
        id: nextId++,
        requestId: randomUUID(),
        deadline: Date.now() + timeoutMs,
        event,
      } satisfies ToContainer);
    });
  }

  stop(): Promise<number> {
    this.dead ??= new InvokeError('crashed', 'container stopped');
    return this.worker.terminate();
  }
}

function describe(error: ErrorDescription): string {
  return `${error.name}: ${error.message}`;
}

/**
 * Containers started at once per function: past the machine's cores, more
 * parallel inits only slow each other down (a burst of 50 would each take
 * seconds and trip Lambda's 10 s init limit). Requests that find no idle
 * container wait for the next one to start or to come free, whichever is
 * first; sustained concurrency still grows the pool to one container each.
 */
const MAX_STARTING = Math.max(1, availableParallelism());

/**
 * Containers per function by default: every container shares the machine's
 * cores, so past about two per core more of them add no throughput, only
 * memory, garbage collection and switching (docs/decisions/082).
 */
export const DEFAULT_MAX_CONTAINERS = 2 * Math.max(1, availableParallelism());

/** Lambda reclaims an execution environment left idle; the runtime stops one idle this long. */
export const DEFAULT_IDLE_MS = 10 * 60_000;

interface Waiter {
  resolve(container: Container): void;
  reject(error: InvokeError): void;
}

export class FunctionPool {
  private readonly idle: Container[] = [];
  private readonly all = new Set<Container>();
  private readonly waiters: Waiter[] = [];
  private busy = 0;
  private starting = 0;
  private closed = false;
  private readonly counters = {
    invocations: 0,
    coldStarts: 0,
    initMs: [] as number[],
    code: undefined as LoadedCode | undefined,
    timeouts: 0,
    crashes: 0,
    reaped: 0,
  };
  private readonly maxContainers: number;
  private readonly idleMs: number;

  constructor(readonly settings: FunctionSettings) {
    this.maxContainers = Math.max(1, settings.maxContainers ?? DEFAULT_MAX_CONTAINERS);
    this.idleMs = settings.idleMs ?? DEFAULT_IDLE_MS;
  }

  stats(): FunctionStats {
    return {
      containers: this.all.size,
      busy: this.busy,
      ...this.counters,
      initMs: [...this.counters.initMs],
    };
  }

  async invoke(event: unknown): Promise<unknown> {
    if (this.closed) throw new InvokeError('crashed', 'the runtime is closing');
    this.busy += 1;
    this.counters.invocations += 1;
    try {
      const container = await this.acquire();
      try {
        return await container.invoke(event, this.settings.timeoutSeconds * 1000);
      } finally {
        this.release(container);
      }
    } catch (error) {
      if (error instanceof InvokeError && error.failure === 'timeout') this.counters.timeouts += 1;
      if (error instanceof InvokeError && error.failure === 'crashed') this.counters.crashes += 1;
      throw error;
    } finally {
      this.busy -= 1;
    }
  }

  private acquire(): Promise<Container> {
    const idle = this.idle.pop();
    if (idle) {
      clearTimeout(idle.idleTimer);
      return Promise.resolve(idle);
    }
    return new Promise<Container>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.grow();
    });
  }

  /** Starts containers for the requests waiting, a few at a time, up to the function's limit. */
  private grow() {
    while (
      !this.closed &&
      this.waiters.length > this.starting &&
      this.starting < MAX_STARTING &&
      this.all.size < this.maxContainers
    ) {
      this.starting += 1;
      const container = new Container(this.settings);
      container.onDeath = () => {
        this.drop(container);
        // A request waiting at the limit gets a fresh container in its place.
        this.grow();
      };
      this.all.add(container);
      container.ready.then(
        ({ initMs, code }) => {
          this.starting -= 1;
          this.counters.coldStarts += 1;
          this.counters.initMs.push(Math.round(initMs * 10) / 10);
          this.counters.code = code;
          this.release(container);
        },
        (error: InvokeError) => {
          this.starting -= 1;
          this.drop(container);
          // The request that made it start fails, as its own cold start would.
          this.waiters.shift()?.reject(error);
          this.grow();
        },
      );
    }
  }

  /** A free container serves the longest-waiting request, or waits idle. */
  private release(container: Container) {
    if (!container.alive || this.closed) {
      this.drop(container);
      this.grow();
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter.resolve(container);
      return;
    }
    this.idle.push(container);
    container.idleTimer = setTimeout(() => this.reap(container), this.idleMs);
    container.idleTimer.unref();
  }

  /** Stops a container left idle for idleMs; the next request past the idle ones starts a new one. */
  private reap(container: Container) {
    const at = this.idle.indexOf(container);
    if (at < 0) return;
    this.idle.splice(at, 1);
    this.all.delete(container);
    this.counters.reaped += 1;
    void container.stop();
  }

  private drop(container: Container) {
    this.all.delete(container);
    const at = this.idle.indexOf(container);
    if (at >= 0) this.idle.splice(at, 1);
  }

  async close(): Promise<void> {
    this.closed = true;
    const containers = [...this.all];
    for (const container of containers) clearTimeout(container.idleTimer);
    this.all.clear();
    this.idle.length = 0;
    for (const waiter of this.waiters.splice(0)) {
      waiter.reject(new InvokeError('crashed', 'the runtime is closing'));
    }
    await Promise.all(containers.map((c) => c.stop()));
  }
}
