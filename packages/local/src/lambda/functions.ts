/**
 * The functions of the table as the local runtime runs them.
 *
 * - 'workers': each function in its own pool of containers (pool.ts), each
 *   container running the bundle the stack ships (packages/api/dist/<module>,
 *   handler `index.handler`) with the environment its definition gives,
 *   pointed at this runtime's emulators. The bundles are built before the
 *   runtime starts (`buildArtifacts`, build.ts); a missing one stops the start.
 * - 'inline': every handler built from the sources in the server's event
 *   loop, sharing its clock (decision 081), with the same configuration.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createCognitoIdentity } from '@cpe/api/aws/cognito';
import { createDataApiDb } from '@cpe/api/aws/data-api';
import { createS3Storage } from '@cpe/api/aws/s3';
import { createSecretsManagerReader } from '@cpe/api/aws/secrets';
import { createSesMailer } from '@cpe/api/aws/ses';
import { type AwsEndpoints, dependencyTimingOf } from '@cpe/api/aws/setup';
import { parseApiConfig } from '@cpe/api/config';
import {
  type FunctionDef,
  type FunctionVariable,
  LAMBDA_HANDLER,
  allFunctions,
  lambdaCodeDir,
} from '@cpe/api/functions';
import { type HandlerDeps, type HandlerModule, buildHandler } from '@cpe/api/handlers';
import { type Dict, dict } from '@cpe/shared/dict';
import type { Clock } from '../clock';
import { containerEnvironment } from './environment';
import { type FunctionSettings, type FunctionStats, createLambdaService } from './index';

/** A function of the table: an HTTP handler group, or migrate, postConfirmation, the digests. */
export type FunctionName = keyof typeof allFunctions;

/** Per-function settings over the function table's (tests shrink timeouts and limits). */
export interface FunctionOverrides {
  timeoutSeconds?: number;
  memoryMb?: number;
  /** A file exporting `handler` run instead of the function's bundle (tests' stand-ins). */
  entry?: string;
  /** Containers alive at once, at most; past it requests wait (default: twice the cores, decision 082). */
  maxContainers?: number;
  /** A container idle this long is stopped (default 10 minutes). */
  idleMs?: number;
}

export interface FunctionsOptions {
  mode: 'workers' | 'inline';
  overrides: Partial<Record<FunctionName, FunctionOverrides>>;
  clock: Clock;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The values the stack would give the functions' variables (ARNs, names, addresses). */
  values: Partial<Record<FunctionVariable, string | undefined>>;
  log: (line: string) => void;
}

export interface Functions {
  readonly mode: 'workers' | 'inline';
  /** Starts the pools (the bundles must be built), once the emulators' URLs are known. */
  start(endpoints: Required<AwsEndpoints>, siteUrl: string): void;
  invoke(name: FunctionName, event: unknown): Promise<unknown>;
  /** Per function (workers only): containers, cold starts, timeouts, crashes. */
  stats(): Dict<FunctionStats>;
  close(): Promise<void>;
}

/** Every bundle the table names, or an error saying how to build them. */
function checkBundles(): void {
  const missing = Object.values(allFunctions)
    .map((def) => path.join(lambdaCodeDir(def.module), 'index.js'))
    .filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`No Lambda bundle at ${missing.join(', ')}: build them with \`pnpm build\``);
  }
}

/** The function's code as Lambda loads it: the bundle directory and the handler setting. */
function codeOf(def: FunctionDef, entry: string | undefined) {
  if (!entry) return { codeDir: lambdaCodeDir(def.module), handler: LAMBDA_HANDLER };
  const module = path.basename(entry, path.extname(entry));
  return { codeDir: path.dirname(entry), handler: `${module}.handler` };
}

export function createFunctions(options: FunctionsOptions): Functions {
  let invokeIn: ((name: FunctionName, event: unknown) => Promise<unknown>) | undefined;
  let statsOf: () => Dict<FunctionStats> = () => dict();
  let closeAll: () => Promise<void> = () => Promise.resolve();

  function startWorkers(endpoints: Required<AwsEndpoints>, siteUrl: string) {
    checkBundles();
    const values = {
      ...options.values,
      SITE_URL: siteUrl,
      // Where Lambda unpacks the migrate bundle's SQL files (LAMBDA_TASK_ROOT/migrations).
      MIGRATIONS_DIR: path.join(lambdaCodeDir(allFunctions.migrate.module), 'migrations'),
    };
    const functions = dict<FunctionSettings>();
    for (const [name, def] of Object.entries(allFunctions) as Array<[FunctionName, FunctionDef]>) {
      const overrides = options.overrides[name] ?? {};
      const memoryMb = overrides.memoryMb ?? def.memoryMb;
      const code = codeOf(def, overrides.entry);
      functions[name] = {
        code,
        memoryMb,
        timeoutSeconds: overrides.timeoutSeconds ?? def.timeoutSeconds,
        env: containerEnvironment(name, { ...def, memoryMb }, code.codeDir, {
          region: options.region,
          credentials: options.credentials,
          endpoints,
          values,
        }),
        log: (line) => options.log(`[lambda ${name}] ${line}`),
        maxContainers: overrides.maxContainers,
        idleMs: overrides.idleMs,
      };
    }
    const service = createLambdaService(functions);
    invokeIn = (name, event) => service.invoke(name, event);
    statsOf = () => service.stats();
    closeAll = () => service.close();
  }

  function startInline(endpoints: Required<AwsEndpoints>, siteUrl: string) {
    const config = parseApiConfig({
      ...options.values,
      AWS_REGION: options.region,
      SITE_URL: siteUrl,
    });
    const aws = {
      region: options.region,
      credentials: options.credentials,
      endpoints,
      timing: dependencyTimingOf(config),
    };
    const deps: HandlerDeps = {
      config,
      clock: options.clock,
      db: createDataApiDb(aws, config),
      secrets: createSecretsManagerReader(aws),
      identity: createCognitoIdentity(aws),
      mailer: createSesMailer(aws),
      storage: createS3Storage(aws, config.EVIDENCE_BUCKET),
    };
    // One handler per module, built once, as a warm container keeps it.
    const handlers = new Map<string, Promise<(event: unknown) => Promise<unknown>>>();
    invokeIn = async (name, event) => {
      const module = allFunctions[name].module as HandlerModule;
      let built = handlers.get(module);
      if (!built) {
        built = buildHandler(module, deps) as Promise<(event: unknown) => Promise<unknown>>;
        // A failed build (a bad import) is retried by the next request, as a new container would.
        built.catch(() => handlers.delete(module));
        handlers.set(module, built);
      }
      return (await built)(event);
    };
  }

  return {
    mode: options.mode,
    start(endpoints, siteUrl) {
      if (options.mode === 'workers') startWorkers(endpoints, siteUrl);
      else startInline(endpoints, siteUrl);
    },
    invoke(name, event) {
      if (!invokeIn) return Promise.reject(new Error('the functions have not started'));
      return invokeIn(name, event);
    },
    stats: () => statsOf(),
    close: () => closeAll(),
  };
}
