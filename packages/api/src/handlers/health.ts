import * as z from 'zod/mini';
import { getDb } from '../db';
import { env } from '../env';
import { createHandler } from '../http/handler';

env();

export const handler = createHandler('health', {
  async health() {
    await getDb().query('select 1 as ok', {}, z.object({ ok: z.number() }));
    return { status: 'ok' };
  },
});
