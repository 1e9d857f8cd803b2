/**
 * SQL for the contact form. Submitting is one statement: it checks the
 * sender's and the client's hourly limits, stores the message, decides
 * whether the owner may be notified now (the hourly cap on notifications),
 * and if so claims the messages held back earlier so the same email
 * summarises them. Time comes from the handler's clock, not the database's.
 */
import * as z from 'zod/mini';
import type { ContactBody } from '@cpe/shared';
import type { Queryable } from '../db';
import { num } from './rows';

export interface ContactLimits {
  /** Messages per sender key per hour. */
  perSender: number;
  /** Messages per client key per hour. */
  perClient: number;
  /** Notification emails to the owner per hour, summaries included. */
  notificationsPerHour: number;
  /** Held-back messages one notification carries at most. */
  digestMax: number;
}

/** A message that was held back and is now in a notification. */
export interface HeldMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  receivedAt: string;
}

export type SubmitOutcome =
  | { kind: 'sender-limited' }
  | { kind: 'client-limited' }
  /** Stored; the owner's cap is reached, so it waits for a later notification. */
  | { kind: 'held'; id: string }
  /** Stored and to be notified now, with the held-back messages it claimed. */
  | {
      kind: 'notify';
      id: string;
      notificationId: string;
      held: HeldMessage[];
      /** Held-back messages still waiting after these. */
      stillHeld: number;
    };

const heldColumns = {
  held_id: z.nullable(z.string()),
  held_name: z.nullable(z.string()),
  held_email: z.nullable(z.string()),
  held_message: z.nullable(z.string()),
  held_at: z.nullable(z.string()),
  pending_before: num,
};

interface HeldColumns {
  held_id: string | null;
  held_name: string | null;
  held_email: string | null;
  held_message: string | null;
  held_at: string | null;
}

function heldFrom(rows: HeldColumns[]): HeldMessage[] {
  return rows.flatMap((r) =>
    r.held_id === null
      ? []
      : [
          {
            id: r.held_id,
            name: r.held_name ?? '',
            email: r.held_email ?? '',
            message: r.held_message ?? '',
            receivedAt: r.held_at ?? '',
          },
        ],
  );
}

const submitRow = z.object({
  sender_ok: z.boolean(),
  client_ok: z.boolean(),
  id: z.nullable(z.string()),
  notification_id: z.nullable(z.string()),
  ...heldColumns,
});

/** The oldest held-back messages, claimed by the notification the statement sends. */
const HELD = `
  held as (
    select id from contact_messages
     where notified_at is null
     order by created_at, id
     limit :digest_max
  )`;

export async function submitContactMessage(
  db: Queryable,
  message: ContactBody,
  keys: { sender: string; client: string | null },
  limits: ContactLimits,
  now: Date,
): Promise<SubmitOutcome> {
  const rows = await db.query(
    `with recent as (
       select count(*) filter (where created_at > cast(:since as timestamptz)
                                 and sender_key = cast(:sender_key as text)) as by_sender,
              count(*) filter (where created_at > cast(:since as timestamptz)
                                 and client_key = cast(:client_key as text)) as by_client,
              count(distinct notification_id)
                filter (where notified_at > cast(:since as timestamptz)) as notifications
         from contact_messages
        where created_at > cast(:since as timestamptz) or notified_at > cast(:since as timestamptz)
     ), verdict as (
       select by_sender < :per_sender as sender_ok,
              (cast(:client_key as text) is null or by_client < :per_client) as client_ok,
              notifications < :notifications_per_hour as notify
         from recent
     ), inserted as (
       insert into contact_messages
         (name, email, message, sender_key, client_key, created_at, notified_at, notification_id)
       select cast(:name as text), cast(:email as text), cast(:message as text),
              cast(:sender_key as text), cast(:client_key as text), cast(:now as timestamptz),
              case when v.notify then cast(:now as timestamptz) end,
              case when v.notify then gen_random_uuid() end
         from verdict v
        where v.sender_ok and v.client_ok
       returning id, notification_id
     ), ${HELD}, claimed as (
       update contact_messages m
          set notified_at = cast(:now as timestamptz), notification_id = i.notification_id
         from inserted i
        where i.notification_id is not null
          and m.id in (select id from held) and m.notified_at is null
       returning m.id, m.name, m.email, m.message, m.created_at
     )
     select v.sender_ok, v.client_ok, i.id, i.notification_id,
            (select count(*) from contact_messages where notified_at is null) as pending_before,
            h.id as held_id, h.name as held_name, h.email as held_email,
            h.message as held_message, cast(h.created_at as text) as held_at
       from verdict v
       left join inserted i on true
       left join claimed h on true
      order by h.created_at, h.id`,
    {
      name: message.name,
      email: message.email,
      message: message.message,
      sender_key: keys.sender,
      client_key: keys.client,
      per_sender: limits.perSender,
      per_client: limits.perClient,
      notifications_per_hour: limits.notificationsPerHour,
      digest_max: limits.digestMax,
      now: now.toISOString(),
      since: new Date(now.getTime() - 3_600_000).toISOString(),
    },
    submitRow,
  );
  const first = rows[0];
  if (!first) throw new Error('contact statement answered no row');
  if (!first.sender_ok) return { kind: 'sender-limited' };
  if (!first.client_ok) return { kind: 'client-limited' };
  if (first.id === null) throw new Error('contact statement stored nothing');
  if (first.notification_id === null) return { kind: 'held', id: first.id };
  const held = heldFrom(rows);
  return {
    kind: 'notify',
    id: first.id,
    notificationId: first.notification_id,
    held,
    stillHeld: Math.max(0, first.pending_before - held.length),
  };
}

const digestRow = z.object({ notification_id: z.nullable(z.string()), ...heldColumns });

/**
 * Claims the oldest held-back messages for one summary notification, when
 * the owner's hourly cap has room; none claimed otherwise (or when nothing
 * waits).
 */
export async function claimHeldMessages(
  db: Queryable,
  limits: Pick<ContactLimits, 'notificationsPerHour' | 'digestMax'>,
  now: Date,
): Promise<{ notificationId: string; held: HeldMessage[]; stillHeld: number } | undefined> {
  const rows = await db.query(
    `with room as (
       select count(distinct notification_id) < :notifications_per_hour as ok
         from contact_messages where notified_at > cast(:since as timestamptz)
     ), notification as (
       select gen_random_uuid() as id
     ), ${HELD}, claimed as (
       update contact_messages m
          set notified_at = cast(:now as timestamptz),
              notification_id = (select id from notification)
        where (select ok from room) and m.id in (select id from held) and m.notified_at is null
       returning m.id, m.name, m.email, m.message, m.created_at, m.notification_id
     )
     select c.notification_id,
            (select count(*) from contact_messages where notified_at is null) as pending_before,
            c.id as held_id, c.name as held_name, c.email as held_email,
            c.message as held_message, cast(c.created_at as text) as held_at
       from (select 1) one
       left join claimed c on true
      order by c.created_at, c.id`,
    {
      notifications_per_hour: limits.notificationsPerHour,
      digest_max: limits.digestMax,
      now: now.toISOString(),
      since: new Date(now.getTime() - 3_600_000).toISOString(),
    },
    digestRow,
  );
  const held = heldFrom(rows);
  const notificationId = rows[0]?.notification_id;
  if (held.length === 0 || !notificationId) return undefined;
  return {
    notificationId,
    held,
    stillHeld: Math.max(0, (rows[0]?.pending_before ?? 0) - held.length),
  };
}

/**
 * Undoes a notification whose email failed: its messages wait again, so the
 * next notification summarises them instead of losing them.
 */
export async function releaseNotification(db: Queryable, notificationId: string): Promise<void> {
  await db.execute(
    `update contact_messages set notified_at = null, notification_id = null
      where notification_id = cast(:id as uuid)`,
    { id: notificationId },
  );
}
