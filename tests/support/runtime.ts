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

/** Names the set of migrations: what a migrated copy was made with. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated copy's making place, per backend. */
interface Making {
  /** Options of the runtime that migrates the copy there. */
  runtime: Partial<LocalRuntimeOptions>;
  /** Moves the migrated copy to where it is found. */
  publish(): void | Promise<void>;
  /** Removes the making place (whatever is left of it, after a publish too). */
  discard(): void | Promise<void>;
}

/**
 * A database on which every migration has run, made once per set of
 * migrations by a runtime of its own (the migrate function, as on any first
 * start) and copied for each new runtime: migrating a new database costs as
 * much as starting it, and suites start dozens. The runtime still runs its
 * migrate step on the copy (finding nothing to do); the migrations' own suites
 * (migration-002, local-runtime) start from nothing. Made in a place of its
 * own and published whole, so suites starting at once never see half of one.
 */
async function makeOnce(
  exists: () => boolean | Promise<boolean>,
  prepare: () => Making | Promise<Making>,
): Promise<void> {
  if (await exists()) return;
  const copy = await prepare();
  try {
    const runtime = await startLocalRuntime({
      port: 0,
      webDistDir: WEB_DIST_DIR,
      log: () => undefined,
      schedules: false,
      ...copy.runtime,
    });
    await runtime.close();
    await copy.publish();
  } catch (error) {
    // Another suite made it at the same time: theirs is as good.
    if (!(await exists())) throw error;
  } finally {
    await copy.discard();
  }
}

/** Found or made once per test file's process, not once per runtime; a failed attempt is not kept. */
function memoized(make: () => Promise<string>): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => {
    made ??= make();
    made.catch(() => (made = undefined));
    return made;
  };
}

/** PGlite: a data dir in the OS temp dir, copied into each new runtime's data dir. */
const migratedPgliteData = memoized(async () => {
  const migrated = path.join(tmpdir(), `cpe-test-migrated-${migrationsHash()}`);
  await makeOnce(
    () => existsSync(migrated),
    () => {
      const making = mkdtempSync(`${migrated}.making-`);
      return {
        runtime: { dataDir: making },
        publish: () => renameSync(path.join(making, 'pgdata'), migrated),
        discard: () => rmSync(making, { recursive: true, force: true }),
      };
    },
  );
  return migrated;
});

/**
 * The PostgreSQL server: `cpe_test_migrated_<hash of the migrations>`, kept on
 * the server for later runs, the template each new test database is created
 * from (CREATE DATABASE ... TEMPLATE copies its files, where migrating costs
 * about 0.4 s a runtime).
 */
const migratedPostgresTemplate = memoized(async () => {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `cpe_test_migrated_${migrationsHash()}`;
  await makeOnce(
    () => databaseExists(serverUrl, name),
    async () => {
      const making = await createPostgresTestDatabase(serverUrl);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-test-making-'));
      return {
        runtime: { dataDir, databaseUrl: making.url },
        publish: () => renameDatabase(serverUrl, making.name, name),
        // After the rename the making name is gone: its drop finds nothing.
        discard: async () => {
          rmSync(dataDir, { recursive: true, force: true });
          await making.drop();
        },
      };
    },
  );
  return name;
});

/**
 * Runs the evidence bucket's lifecycle rules as of `now`, as S3's daily run
 * would then (the runtime's `s3-lifecycle` job); answers how many objects
 * expired.
 */
export async function runS3Lifecycle(runtime: LocalRuntime, now: Date): Promise<number> {
  const run = await fetch(`${runtime.url}/_dev/schedules/s3-lifecycle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: now.toISOString() }),
  });
  if (run.status !== 200) throw new Error(`s3-lifecycle: ${run.status} ${await run.text()}`);
  return ((await run.json()) as { expired: number }).expired;
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
          migrated ? await migratedPostgresTemplate() : undefined,
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
