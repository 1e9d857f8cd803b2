/** SQL for the recommender: what the caller holds, in one Data API call. */
import * as z from 'zod/mini';
import type { Queryable } from '../db';

/**
 * The caller's certification names, oldest first; empty when they have none,
 * undefined when the caller has no user row (a deleted account).
 */
export async function listCertificationNames(
  db: Queryable,
  sub: string,
): Promise<string[] | undefined> {
  const rows = await db.query(
    `select c.certification_name from users u
       left join certifications c on c.user_id = u.user_id
      where u.cognito_sub = :sub
      order by c.created_at`,
    { sub },
    z.object({ certification_name: z.nullable(z.string()) }),
  );
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) => (r.certification_name === null ? [] : [r.certification_name]));
}
