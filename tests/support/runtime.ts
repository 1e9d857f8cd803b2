/**
 * Starts the whole local runtime in-process for a suite: a fresh temp data
 * dir, and on PostgreSQL a fresh database that is dropped afterwards.
 * Runtimes share nothing, so a test may start several.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '@cpe/local';
import {
  type TestBackendName as BackendName,
  createPostgresTestDatabase,
  postgresServerUrl,
} from './backends';

export type { BackendName };

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export function backendNames(): BackendName[] {
  return postgresServerUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

export const WEB_DIST_DIR = path.resolve(__dirname, '../../packages/web/dist');

export interface TestRuntime extends LocalRuntime {
  dataDir: string;
  backend: BackendName;
  /** Stops the runtime and removes its state. */
  destroy(): Promise<void>;
  /** Stops and starts again on the same state (same data dir / database). */
  restart(): Promise<TestRuntime>;
}

export async function startTestRuntime(
  backend: BackendName,
  overrides: Partial<LocalRuntimeOptions> = {},
): Promise<TestRuntime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-test-'));
  const serverUrl = postgresServerUrl();
  if (backend === 'postgres' && !serverUrl) throw new Error('DATABASE_URL is not set');
  const database =
    serverUrl && backend === 'postgres' ? await createPostgresTestDatabase(serverUrl) : undefined;
  const options: LocalRuntimeOptions = {
    port: 0,
    dataDir,
    webDistDir: WEB_DIST_DIR,
    log: () => undefined,
    // Tests run jobs through scheduler.tick() or /_dev/schedules, never behind their back.
    schedules: false,
    ...(database ? { databaseUrl: database.url } : {}),
    ...overrides,
  };

  async function start(): Promise<TestRuntime> {
    const runtime = await startLocalRuntime(options);
    return {
      ...runtime,
      dataDir,
      backend,
      async destroy() {
        await runtime.close();
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
      async restart() {
        await runtime.close();
        // The same port, as a restarted service keeps its address.
        options.port = Number(new URL(runtime.url).port);
        return start();
      },
    };
  }
  try {
    return await start();
  } catch (error) {
    // A runtime that never started has no destroy() to call: clean up here.
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
