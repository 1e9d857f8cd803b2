/**
 * Migrations are plain SQL files (`NNN_name.sql`) applied in order, each in one
 * transaction, and recorded in schema_migrations. Running again applies only
 * what is new; two runners at once serialize on an advisory lock.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { splitStatements } from '@cpe/shared/sql';
import * as z from 'zod/mini';
import type { Db, Queryable } from './client';
import { DATA_STEPS, type DataStep } from './data-steps';

const MIGRATION_FILE = /^(\d+)_[\w-]+\.sql$/;
/** Arbitrary, fixed: the advisory lock that serializes concurrent migrators. */
const LOCK_KEY = 72_734_001;

export interface Migration {
  version: string;
  statements: string[];
  /** Runs after the statements, in the same transaction (data-steps.ts). */
  after?: (tx: Queryable) => Promise<void>;
}

export function readMigrations(
  dir: string,
  steps: ReadonlyMap<string, DataStep> = DATA_STEPS,
): Migration[] {
  return readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map((file) => {
      const version = file.replace(/\.sql$/, '');
      const after = steps.get(version);
      return {
        version,
        statements: splitStatements(readFileSync(path.join(dir, file), 'utf8')),
        ...(after ? { after } : {}),
      };
    });
}

const versionRow = z.object({ version: z.string() });

/** Applies pending migrations; answers the versions it applied. */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  await db.execute(
    `create table if not exists schema_migrations (
       version text primary key,
       applied_at timestamptz not null default now()
     )`,
  );
  const applied = new Set(
    (await db.query('select version from schema_migrations', {}, versionRow)).map((r) => r.version),
  );
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    const ran = await db.transaction(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(:key)', { key: LOCK_KEY });
      const seen = await tx.query(
        'select version from schema_migrations where version = :version',
        { version: migration.version },
        versionRow,
      );
      if (seen.length > 0) return false;
      for (const statement of migration.statements) await tx.execute(statement);
      await migration.after?.(tx);
      await tx.execute('insert into schema_migrations (version) values (:version)', {
        version: migration.version,
      });
      return true;
    });
    if (ran) done.push(migration.version);
  }
  return done;
}
