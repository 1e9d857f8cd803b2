/**
 * Applies pending migrations. Run by a CDK trigger on every deploy, and by the
 * local runtime at start.
 */
import { getDb } from '../db';
import { migrate, readMigrations } from '../db/migrate';
import { env } from '../env';

env();

export async function handler(): Promise<{ applied: string[] }> {
  const applied = await migrate(getDb(), readMigrations(env().MIGRATIONS_DIR));
  console.log(JSON.stringify({ level: 'info', msg: 'migrations applied', applied }));
  return { applied };
}
