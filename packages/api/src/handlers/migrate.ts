/**
 * Applies pending migrations. Run by a CDK trigger on every deploy, and by the
 * local runtime at start.
 */
import { migrate, readMigrations } from '../db/migrate';
import type { HandlerDeps } from './deps';

export type MigrateHandler = () => Promise<{ applied: string[] }>;

export function createMigrateHandler(deps: Pick<HandlerDeps, 'db' | 'config'>): MigrateHandler {
  return async () => {
    const applied = await migrate(deps.db, readMigrations(deps.config.MIGRATIONS_DIR));
    console.log(JSON.stringify({ level: 'info', msg: 'migrations applied', applied }));
    return { applied };
  };
}
