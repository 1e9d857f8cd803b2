/**
 * SQL for the reminder job. One statement per page of users: it marks the
 * digests of the page before last sent, claims in reminder_log the
 * reminders the job worked out for the last page (insert ... on conflict ...
 * returning: what it answers is what this run, and no other, now sends) and
 * reads the next page's certifications with their credits. The rules are
 * the engine's (packages/shared/src/deadlines.ts's dueReminders over each
 * certification's standing), worked out by the job between statements; no
 * rule is stated here. A run over N users costs N / pageSize + 2 calls.
 */
import * as z from 'zod/mini';
import { REMINDER_LEAD_DAYS, type ReminderKind } from '@cpe/shared';
import type { Queryable } from '../db';
import {
  type CertificationWithCredits,
  parseWithCredits,
  withCredits,
  withCreditsRow,
} from './certifications';

/** Keyset start: below every user id gen_random_uuid() makes. */
export const FIRST_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A claim not marked sent this long after it was made belongs to a run that
 * failed to send it (or died): a later run may claim it again. Far longer
 * than a run may last (the Lambda stops at 15 minutes), so two overlapping
 * runs never both hold one.
 */
export const STALE_CLAIM_HOURS = 6;

/** A reminder the job worked out for a certification, to claim. */
export interface Candidate {
  certificationId: string;
  userId: string;
  kind: ReminderKind;
  deadline: string;
  key: string;
}

/** A user of a page, with the certifications and credits the rules read. */
export interface PageUser {
  userId: string;
  email: string;
  leadDays: number[];
  /** The user's chosen BCP 47 locale and IANA time zone; null: the defaults. */
  locale: string | null;
  timeZone: string | null;
  certifications: CertificationWithCredits[];
}

export interface ClaimedReminder {
  certificationId: string;
  userId: string;
  key: string;
}

export interface PageResult {
  /** The next page's users, in user id order; empty when the run has read them all. */
  users: PageUser[];
  /** Which of the candidates given this run now holds. */
  claimed: ClaimedReminder[];
  markedSent: number;
}

export interface PageInput {
  runId: string;
  now: Date;
  /** Read the users after this id (keyset). */
  after: string;
  pageSize: number;
  /** The last page's reminders, to claim. */
  candidates: readonly Candidate[];
  /** Users whose digest went out: their claims become sent. */
  sentUsers: readonly string[];
}

const userPart = z.object({
  email: z.string(),
  leads: z.array(z.number()),
  locale: z.nullable(z.string()),
  time_zone: z.nullable(z.string()),
});
const claimPart = z.object({ certification_id: z.string(), user_id: z.string(), key: z.string() });

const PAGE_STATEMENT = `
  with sent as (
    update reminder_log set sent_at = cast(:now as timestamptz)
     where run_id = cast(:run_id as uuid) and sent_at is null
       and user_id in (select cast(value as uuid)
                         from jsonb_array_elements_text(cast(:sent_users as jsonb)))
    returning 1
  ),
  claimed as (
    insert into reminder_log as l
           (certification_id, reminder_key, user_id, kind, deadline, run_id, claimed_at)
    select w.certification_id, w.key, w.user_id, w.kind, w.deadline,
           cast(:run_id as uuid), cast(:now as timestamptz)
      from jsonb_to_recordset(cast(:candidates as jsonb))
        as w(certification_id uuid, user_id uuid, kind text, deadline date, key text)
      -- A certification deleted since the page was read has nothing to claim.
      join certifications c on c.certification_id = w.certification_id and c.user_id = w.user_id
    on conflict (certification_id, reminder_key) do update
       set run_id = excluded.run_id, claimed_at = excluded.claimed_at
     where l.sent_at is null and l.claimed_at < cast(:stale_before as timestamptz)
    returning l.certification_id, l.user_id, l.reminder_key
  ),
  page as (
    select u.user_id, u.email,
           coalesce(s.reminder_lead_days, array[${REMINDER_LEAD_DAYS.join(', ')}]) as leads,
           s.locale, s.time_zone
      from users u
      left join user_settings s on s.user_id = u.user_id
     where u.user_id > cast(:after as uuid) and coalesce(s.reminders_enabled, true)
     order by u.user_id
     limit :page_size
  ),
  c as materialized (
    select p.user_id as owner, c.*
      from page p
      join certifications c on c.user_id = p.user_id
  ),
  ${withCredits(`
  union all
  select 2, cast(p.user_id as text), null,
         cast(json_build_object('email', p.email, 'leads', p.leads,
                                'locale', p.locale, 'time_zone', p.time_zone) as text), null, null, null
    from page p
  union all
  select 3, null, null,
         cast(json_build_object('certification_id', cl.certification_id, 'user_id', cl.user_id,
                                'key', cl.reminder_key) as text),
         null, null, null
    from claimed cl
  union all
  select 4, null, null, null, cast((select count(*) from sent) as text), null, null`)}`;

/** Marks sent, claims and reads the next page, in one Data API call. */
export async function claimAndReadPage(db: Queryable, input: PageInput): Promise<PageResult> {
  const rows = await db.query(
    PAGE_STATEMENT,
    {
      run_id: input.runId,
      now: input.now.toISOString(),
      stale_before: new Date(input.now.getTime() - STALE_CLAIM_HOURS * 3_600_000).toISOString(),
      after: input.after,
      page_size: input.pageSize,
      candidates: JSON.stringify(
        input.candidates.map((c) => ({
          certification_id: c.certificationId,
          user_id: c.userId,
          kind: c.kind,
          deadline: c.deadline,
          key: c.key,
        })),
      ),
      sent_users: JSON.stringify(input.sentUsers),
    },
    withCreditsRow,
  );
  const { certifications } = parseWithCredits(rows);
  const users: PageUser[] = [];
  const claimed: ClaimedReminder[] = [];
  let markedSent = 0;
  for (const row of rows) {
    if (row.part === 2 && row.owner !== null && row.cert !== null) {
      const user = userPart.parse(JSON.parse(row.cert));
      users.push({
        userId: row.owner,
        email: user.email,
        leadDays: user.leads,
        locale: user.locale,
        timeZone: user.time_zone,
        certifications: certifications.filter((c) => c.owner === row.owner),
      });
    } else if (row.part === 3 && row.cert !== null) {
      const c = claimPart.parse(JSON.parse(row.cert));
      claimed.push({ certificationId: c.certification_id, userId: c.user_id, key: c.key });
    } else if (row.part === 4) {
      markedSent = Number(row.credits ?? 0);
    }
  }
  users.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return { users, claimed, markedSent };
}

/** Marks the last page's digests sent (the run's final call). */
export async function markSent(
  db: Queryable,
  runId: string,
  now: Date,
  users: readonly string[],
): Promise<number> {
  return db.execute(
    `update reminder_log set sent_at = cast(:now as timestamptz)
      where run_id = cast(:run_id as uuid) and sent_at is null
        and user_id in (select cast(value as uuid)
                          from jsonb_array_elements_text(cast(:users as jsonb)))`,
    { run_id: runId, now: now.toISOString(), users: JSON.stringify(users) },
  );
}

/**
 * Turns a user's reminder emails off or on again (the unsubscribe link and
 * its Undo); false when the user is gone.
 */
export async function setReminders(db: Queryable, userId: string, on: boolean): Promise<boolean> {
  const changed = await db.execute(
    `insert into user_settings (user_id, reminders_enabled)
     select user_id, :on from users where user_id = cast(:user_id as uuid)
     on conflict (user_id) do update set reminders_enabled = excluded.reminders_enabled,
                                         updated_at = now()`,
    { user_id: userId, on },
  );
  return changed > 0;
}

/**
 * The certifications (with their credits) of the user whose calendar feed
 * token hashes to `tokenSha256`; undefined when no feed has that token
 * (never issued, turned off, or rotated away).
 */
export async function calendarCertifications(
  db: Queryable,
  tokenSha256: string,
): Promise<CertificationWithCredits[] | undefined> {
  const rows = await db.query(
    `with c as materialized (
       select s.user_id as owner, c.*
         from user_settings s
         left join certifications c on c.user_id = s.user_id
        where s.calendar_token_sha256 = :hash
     ), ${withCredits()}`,
    { hash: tokenSha256 },
    withCreditsRow,
  );
  const read = parseWithCredits(rows);
  if (read.owners.length === 0) return undefined;
  return read.certifications;
}
