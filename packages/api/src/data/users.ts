/** SQL for the users table. Every statement is scoped by the caller's Cognito sub. */
import * as z from 'zod/mini';
import type { Queryable } from '../db';

export const userRow = z.object({
  user_id: z.string(),
  email: z.string(),
  marketing_opt: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;

export async function findOwnUserByEmail(
  db: Queryable,
  sub: string,
  email: string,
): Promise<UserRow | undefined> {
  const rows = await db.query(
    `select user_id, email, marketing_opt from users
      where cognito_sub = :sub and lower(email) = lower(:email)`,
    { sub, email },
    userRow,
  );
  return rows[0];
}

const ensureRow = z.extend(userRow, { matched: z.boolean() });

/**
 * Updates marketing_opt on the caller's row when `email` (if given) is the
 * row's email. Answers the row and whether it matched; undefined when the
 * caller has no row yet. One statement.
 */
export async function updateOwnUser(
  db: Queryable,
  sub: string,
  email: string | null,
  marketingOpt: boolean | null,
): Promise<z.infer<typeof ensureRow> | undefined> {
  const rows = await db.query(
    `with updated as (
       update users set marketing_opt = coalesce(cast(:marketing_opt as boolean), marketing_opt)
        where cognito_sub = :sub
          and (cast(:email as text) is null or lower(email) = lower(cast(:email as text)))
        returning user_id, email, marketing_opt, true as matched
     )
     select user_id, email, marketing_opt, matched from updated
     union all
     select user_id, email, marketing_opt, false from users
      where cognito_sub = :sub and not exists (select 1 from updated)`,
    { sub, email, marketing_opt: marketingOpt },
    ensureRow,
  );
  return rows[0];
}

/**
 * Creates the caller's row if missing (idempotent: a concurrent creator wins
 * harmlessly), with settings holding `timeZone` when one is given (settings
 * already stored are kept).
 */
export async function insertUser(
  db: Queryable,
  user: { sub: string; email: string; marketingOpt: boolean; timeZone?: string | null },
): Promise<UserRow> {
  const rows = await db.query(
    `with u as (
       insert into users (cognito_sub, email, marketing_opt)
       values (:sub, :email, :marketing_opt)
       on conflict (cognito_sub) do update set cognito_sub = excluded.cognito_sub
       returning user_id, email, marketing_opt
     ), s as (
       insert into user_settings (user_id, time_zone)
       select user_id, cast(:time_zone as text) from u where cast(:time_zone as text) is not null
       on conflict (user_id) do nothing
     )
     select user_id, email, marketing_opt from u`,
    {
      sub: user.sub,
      email: user.email,
      marketing_opt: user.marketingOpt,
      time_zone: user.timeZone ?? null,
    },
    userRow,
  );
  const row = rows[0];
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Whether the caller still has a user row (an account not deleted). */
export async function userExists(db: Queryable, sub: string): Promise<boolean> {
  const rows = await db.query(
    'select user_id from users where cognito_sub = :sub',
    { sub },
    z.object({ user_id: z.string() }),
  );
  return rows.length > 0;
}

/** The handler option that answers 401 to a token whose account is gone (http/handler.ts). */
export const accountGuard = (db: Queryable) => ({
  userExists: (sub: string) => userExists(db, sub),
});
