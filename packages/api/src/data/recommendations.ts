/** SQL for the recommender: what the caller holds, in one Data API call. */
import * as z from 'zod/mini';
import type { Queryable } from '../db';

/**
 * The caller's certifications, oldest first, each its name and the catalogue
 * entry it is linked to; empty when they have none, undefined when the caller
 * has no user row (a deleted account).
 */
export async function listHeldCertifications(
  db: Queryable,
  sub: string,
): Promise<{ name: string; catalogue_id: string | null }[] | undefined> {
  const rows = await db.query(
    `select c.certification_name, c.catalogue_id from users u
       left join certifications c on c.user_id = u.user_id
      where u.cognito_sub = :sub
      order by c.created_at`,
    { sub },
    z.object({
      certification_name: z.nullable(z.string()),
      catalogue_id: z.nullable(z.string()),
    }),
  );
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) =>
    r.certification_name === null
      ? []
      : [{ name: r.certification_name, catalogue_id: r.catalogue_id }],
  );
}
