import { healthRoutes } from '@cpe/shared/routes';
import * as z from 'zod/mini';
import { createHandler } from '../http/handler';
import type { HandlerDeps } from './deps';

export function createHealthHandler(deps: Pick<HandlerDeps, 'db'>) {
  return createHandler(healthRoutes, {
    async health() {
      await deps.db.query('select 1 as ok', {}, z.object({ ok: z.number() }));
      return { status: 'ok' };
    },
  });
}
