/**
 * Starts the whole local runtime in-process for a suite: a fresh temp data
 * dir, and on PostgreSQL a fresh database that is dropped afterwards.
 * Runtimes share nothing, so a test may start several.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from '@cpe/local';
import {
  type TestBackendName as BackendName,
  createPostgresTestDatabase,
  databaseExists,
  postgresServerUrl,
  renameDatabase,
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
  /** The PostgreSQL database the runtime uses (postgres backend only). */
  databaseUrl: string | undefined;
  /** Stops the runtime and removes its state. */
  destroy(): Promise<void>;
  /** Stops and starts again on the same state (same data dir / database). */
  restart(): Promise<TestRuntime>;
}

/**
 * TEST_LAMBDA=inline runs a suite with every handler in the server's event
 * loop instead of the default worker-thread containers (to compare the two,
 * e.g. their suite times); a test's own `lambda` option still wins.
 */
function lambdaModeFromEnv(): LocalRuntimeOptions['lambda'] {
  const mode = process.env.TEST_LAMBDA;
  if (mode === undefined || mode === '') return undefined;
  if (mode !== 'inline' && mode !== 'workers') throw new Error(`TEST_LAMBDA: ${mode}?`);
  return mode;
}

const MIGRATIONS_DIR = path.resolve(__dirname, '../../packages/api/migrations');

/**
 * A PGlite database on which every migration has run, made once per set of
 * migrations by a runtime of its own (the migrate function, as on any first
 * start) and copied into each new PGlite runtime's data dir: migrating a new
 * database costs as much as starting it, and suites start dozens. The
 * runtime still runs its migrate step on the copy (finding nothing to do);
 * the migrations' own suites (migration-002, local-runtime) start from
 * nothing as before.
 */
let migratedData: Promise<string> | undefined;

/** Made or found once per test file's process, not once per runtime. */
function migratedPgliteData(): Promise<string> {
  migratedData ??= makeMigratedPgliteData();
  // A failed attempt is not kept: the next runtime tries again.
  migratedData.catch(() => (migratedData = undefined));
  return migratedData;
}

/** Names the set of migrations: what a migrated copy was made with. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function makeMigratedPgliteData(): Promise<string> {
  const migrated = path.join(tmpdir(), `cpe-test-migrated-${migrationsHash()}`);
  if (existsSync(migrated)) return migrated;
  const making = mkdtempSync(`${migrated}.making-`);
  try {
    const runtime = await startLocalRuntime({
      port: 0,
      dataDir: making,
      webDistDir: WEB_DIST_DIR,
      log: () => undefined,
      schedules: false,
    });
    await runtime.close();
    renameSync(path.join(making, 'pgdata'), migrated);
  } catch (error) {
    // Another suite made it at the same time: theirs is as good.
    if (!existsSync(migrated)) throw error;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return migrated;
}

/**
 * The same for the PostgreSQL server: a database on which every migration has
 * run, `cpe_test_migrated_<hash of the migrations>`, made once by a runtime of
 * its own and kept on the server for later runs, and the template each new
 * test database is created from (CREATE DATABASE ... TEMPLATE copies its
 * files, where migrating costs about 0.4 s a runtime). A set of migrations
 * that changes gets a template of its own.
 */
let migratedTemplate: Promise<string> | undefined;

function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  migratedTemplate ??= makeMigratedPostgresTemplate(serverUrl);
  migratedTemplate.catch(() => (migratedTemplate = undefined));
  return migratedTemplate;
}

async function makeMigratedPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `cpe_test_migrated_${migrationsHash()}`;
  if (await databaseExists(serverUrl, name)) return name;
  const making = await createPostgresTestDatabase(serverUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-test-making-'));
  try {
    const runtime = await startLocalRuntime({
      port: 0,
      dataDir,
      databaseUrl: making.url,
      webDistDir: WEB_DIST_DIR,
      log: () => undefined,
      schedules: false,
    });
    await runtime.close();
    await renameDatabase(serverUrl, making.name, name);
  } catch (error) {
    await making.drop();
    // Another suite made it at the same time: theirs is as good.
    if (!(await databaseExists(serverUrl, name))) throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return name;
}

export async function startTestRuntime(
  backend: BackendName,
  overrides: Partial<LocalRuntimeOptions> = {},
  {
    migrated = true,
  }: {
    /** Start from the migrated copy (default), or from an empty database. */ migrated?: boolean;
  } = {},
): Promise<TestRuntime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-test-'));
  if (backend === 'pglite' && migrated && overrides.dataDir === undefined) {
    cpSync(await migratedPgliteData(), path.join(dataDir, 'pgdata'), { recursive: true });
  }
  const serverUrl = postgresServerUrl();
  if (backend === 'postgres' && !serverUrl) throw new Error('DATABASE_URL is not set');
  const database =
    serverUrl && backend === 'postgres'
      ? await createPostgresTestDatabase(
          serverUrl,
          migrated && overrides.databaseUrl === undefined
            ? await migratedPostgresTemplate(serverUrl)
            : undefined,
        )
      : undefined;
  const lambda = lambdaModeFromEnv();
  const options: LocalRuntimeOptions = {
    port: 0,
    dataDir,
    webDistDir: WEB_DIST_DIR,
    log: () => undefined,
    // Tests run jobs through scheduler.tick() or /_dev/schedules, never behind their back.
    schedules: false,
    ...(database ? { databaseUrl: database.url } : {}),
    ...(lambda ? { lambda } : {}),
    ...overrides,
  };

  async function start(): Promise<TestRuntime> {
    const runtime = await startLocalRuntime(options);
    return {
      ...runtime,
      dataDir,
      backend,
      databaseUrl: database?.url,
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
