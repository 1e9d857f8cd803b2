import * as z from 'zod/mini';
import type { ContactBody } from '@cpe/shared';
import type { Queryable } from '../db';

/**
 * Stores a contact message unless the sender already sent `hourlyLimit` in the
 * last hour. One statement; answers the new id, or null when limited.
 */
export async function storeContactMessage(
  db: Queryable,
  message: ContactBody,
  hourlyLimit: number,
): Promise<string | null> {
  const rows = await db.query(
    `with recent as (
       select count(*) as n from contact_messages
        where lower(email) = lower(cast(:email as text)) and created_at > now() - interval '1 hour'
     ), inserted as (
       insert into contact_messages (name, email, message)
       select cast(:name as text), cast(:email as text), cast(:message as text)
        where (select n from recent) < :hourly_limit
       returning id
     )
     select (select id from inserted) as id`,
    {
      name: message.name,
      email: message.email,
      message: message.message,
      hourly_limit: hourlyLimit,
    },
    z.object({ id: z.nullable(z.string()) }),
  );
  return rows[0]?.id ?? null;
}
