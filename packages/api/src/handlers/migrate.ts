/**
 * Applies pending migrations. Run by a CDK trigger on every deploy, and by the
 * local runtime at start.
 */
import { migrate, readMigrations } from '../db/migrate';
import { logger } from '../log';
import type { HandlerDeps } from './deps';

export type MigrateHandler = () => Promise<{ applied: string[] }>;

export function createMigrateHandler(deps: Pick<HandlerDeps, 'db' | 'config'>): MigrateHandler {
  return async () => {
    const applied = await migrate(deps.db, readMigrations(deps.config.MIGRATIONS_DIR));
    logger.info('migrations applied', { applied });
    return { applied };
  };
}
