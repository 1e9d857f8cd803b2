/** The container's one database client, made on first use from the validated env. */
import { env } from '../env';
import { type Db, createDb } from './client';

let db: Db | undefined;

export function getDb(): Db {
  if (!db) {
    const e = env();
    db = createDb({
      resourceArn: e.DB_CLUSTER_ARN,
      secretArn: e.DB_SECRET_ARN,
      database: e.DB_NAME,
      resumeBudgetMs: e.DB_RESUME_BUDGET_MS,
    });
  }
  return db;
}

export type { Db, Queryable } from './client';
export type { Params } from './params';
