import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteBackend, createPostgresBackend, type SqlBackend } from '@cpe/local/rds-data';

export type TestBackendName = 'pglite' | 'postgres';

export interface TestBackend {
  name: TestBackendName;
  /** A fresh, empty database each call; closing the backend disposes of it. */
  create(): Promise<SqlBackend>;
}

export interface TestDatabase {
  name: string;
  /** Connection string of a database nobody else uses. */
  url: string;
  drop(): Promise<void>;
}

/** The PostgreSQL server tests may use, if any (DATABASE_URL names a database to connect through). */
export function postgresServerUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url === undefined || url === '' ? undefined : url;
}

/** Runs one statement on the server; answers the first column of its rows. */
async function onServer(serverUrl: string, sql: string): Promise<(string | null)[]> {
  const server = await createPostgresBackend({ connectionString: serverUrl, maxConnections: 1 });
  try {
    const session = await server.acquire();
    try {
      const result = await session.run({ text: sql, parameters: [] });
      return result.rows.map((row) => row[0] ?? null);
    } finally {
      await session.release();
    }
  } finally {
    await server.close();
  }
}

/** Whether the server has a database called `name` (a name made here: letters, digits, underscores). */
export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  return (
    (await onServer(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length > 0
  );
}

/** Renames a database nobody is connected to. */
export async function renameDatabase(serverUrl: string, from: string, to: string): Promise<void> {
  await onServer(serverUrl, `ALTER DATABASE ${from} RENAME TO ${to}`);
}

/**
 * Creates `cpe_test_<random>` on the DATABASE_URL server, so parallel runs
 * never share data: empty, or a copy of `template` (a database nobody is
 * connected to).
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
  template?: string,
): Promise<TestDatabase> {
  const name = `cpe_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The backend, whose close() also disposes of what it was made in. */
function closingAlso(backend: SqlBackend, dispose: () => unknown): SqlBackend {
  return {
    ...backend,
    async close() {
      try {
        await backend.close();
      } finally {
        await dispose();
      }
    },
  };
}

/**
 * PGlite in a temp dir removed on close (a new data dir starts as a copy of
 * a fresh cluster, several times quicker than initialising one in memory).
 */
async function createTempPgliteBackend(): Promise<SqlBackend> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpe-pglite-'));
  try {
    const backend = await createPgliteBackend({ dataDir: path.join(dir, 'pgdata') });
    return closingAlso(backend, () => rmSync(dir, { recursive: true, force: true }));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite', create: createTempPgliteBackend }];
  const serverUrl = postgresServerUrl();
  if (serverUrl !== undefined) {
    backends.push({
      name: 'postgres',
      async create() {
        const database = await createPostgresTestDatabase(serverUrl);
        const backend = await createPostgresBackend({ connectionString: database.url });
        return closingAlso(backend, () => database.drop());
      },
    });
  }
  return backends;
}
