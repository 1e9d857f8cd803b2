/**
 * SQL for the forwarding address (migration 014): its rotation, scoped by
 * the caller's Cognito sub, and the inbound function's lookup of whose
 * address a message was sent to.
 */
import * as z from 'zod/mini';
import type { Queryable } from '../db';

const localRow = z.object({ forwarding_local: z.string() });

/** Draws a new local part; the old one finds no one from now on. undefined without a user row. */
export async function rotateForwardingLocal(
  db: Queryable,
  sub: string,
): Promise<string | undefined> {
  const rows = await db.query(
    `update users set forwarding_local = cpe_forwarding_local()
      where cognito_sub = :sub
      returning forwarding_local`,
    { sub },
    localRow,
  );
  return rows[0]?.forwarding_local;
}

const ownerRow = z.object({
  sub: z.string(),
  email: z.string(),
  locale: z.nullable(z.string()),
  time_zone: z.nullable(z.string()),
});
export type ForwardingOwner = z.infer<typeof ownerRow>;

/** Whose forwarding address has this local part (lower-cased), with how their mail is written. */
export async function ownerOfForwardingLocal(
  db: Queryable,
  local: string,
): Promise<ForwardingOwner | undefined> {
  const rows = await db.query(
    `select u.cognito_sub as sub, u.email, s.locale, s.time_zone
       from users u
       left join user_settings s on s.user_id = u.user_id
      where u.forwarding_local = :local`,
    { local },
    ownerRow,
  );
  return rows[0];
}
