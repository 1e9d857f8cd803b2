/** SQL for the recommender: what the caller holds, in one Data API call. */
import * as z from 'zod/mini';
import type { Queryable } from '../db';

/** The caller's certification names, oldest first; empty when they have none (or no user row). */
export async function listCertificationNames(db: Queryable, sub: string): Promise<string[]> {
  const rows = await db.query(
    `select c.certification_name from certifications c
       join users u on u.user_id = c.user_id
      where u.cognito_sub = :sub
      order by c.created_at`,
    { sub },
    z.object({ certification_name: z.string() }),
  );
  return rows.map((r) => r.certification_name);
}
