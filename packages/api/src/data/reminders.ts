/**
 * SQL for the reminder job. One statement per page of users selects every
 * reminder due on `today` AND claims it in reminder_log (insert ... on
 * conflict ... returning): what it answers is what this run, and no other,
 * now sends. The same statement marks the previous page's digests sent, so a
 * run over N users costs N / pageSize + 1 Data API calls.
 *
 * The rules are packages/shared/src/deadlines.ts's dueReminders, stated in
 * SQL so that they run over a whole page at once (docs/decisions/070);
 * reminders.test.ts holds the two to the same answers. The catalogue's rules
 * travel as a JSON parameter (catalogueRules below).
 */
import * as z from 'zod/mini';
import {
  type CatalogueEntry,
  type Certification,
  REMINDER_LEAD_DAYS,
  REMINDER_WINDOWS,
  type ReminderKind,
} from '@cpe/shared';
import type { Queryable } from '../db';
import {
  BOUNDS,
  CYCLE_YEAR,
  GROUPED_TOTALS,
  SELECT_CERTIFICATION,
  certificationsOf,
  ownedCertificationRow,
} from './certifications';
import { num } from './rows';

/** Keyset start: below every user id gen_random_uuid() makes. */
export const FIRST_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A claim not marked sent this long after it was made belongs to a run that
 * failed to send it (or died): a later run may claim it again. Far longer
 * than a run may last (the Lambda stops at 15 minutes), so two overlapping
 * runs never both hold one.
 */
export const STALE_CLAIM_HOURS = 6;

/** The catalogue figures the rules read, per entry that has any. */
export interface CatalogueRule {
  id: string;
  annual_minimum: number | null;
  annual_year: 'cycle' | 'calendar' | null;
  grace_days: number | null;
  fee_due_month: 'anniversary' | 'calendar-year-start' | null;
  /** The catalogue's categories with a minimum per cycle. */
  categories: Array<{ id: string; min: number }>;
}

export function catalogueRules(entries: readonly CatalogueEntry[]): CatalogueRule[] {
  return entries
    .map((e) => {
      const fee = e.renewal.fee;
      return {
        id: e.id,
        annual_minimum: e.renewal.annualMinimum,
        annual_year: e.renewal.annualYear,
        grace_days: e.renewal.graceDays,
        fee_due_month: fee?.due === 'annual' ? fee.dueMonth : null,
        categories: e.renewal.categories.flatMap((c) =>
          c.min !== undefined && c.per === 'cycle' ? [{ id: c.id, min: c.min }] : [],
        ),
      };
    })
    .filter(
      (r) =>
        r.annual_minimum !== null ||
        r.annual_year !== null ||
        r.grace_days !== null ||
        r.fee_due_month !== null ||
        r.categories.length > 0,
    );
}

const w = REMINDER_WINDOWS;

/**
 * Candidates per certification of the page, one select per rule (a new rule
 * is one more branch over `figures`). Each reads: days: to expiry (negative
 * once expired); length: of the cycle in days; a_from/a_to/a_earned: the
 * annual-minimum year holding today and its credits; unsubmitted: the
 * cycle's credits not yet submitted to the body (migration 003); categories:
 * the catalogue's cycle minimums, met by credits of activities of that category.
 */
const CANDIDATES = `
  select certification_id, user_id, 'expiry' as kind, expiry_date as deadline,
         'expiry:' || to_char(expiry_date, 'YYYY-MM-DD') || ':' || lead as reminder_key
    from (select f.*, (select min(l) from unnest(f.leads) l where l >= f.days) as lead
            from figures f where f.days >= 0) e
   where lead is not null
  union all
  select certification_id, user_id, 'expired', expiry_date,
         'expired:' || to_char(expiry_date, 'YYYY-MM-DD')
    from figures where days between -${w.expiredWithinDays} and -1
  union all
  select certification_id, user_id, 'behind-pace', expiry_date,
         'behind-pace:' || to_char(expiry_date, 'YYYY-MM-DD')
    from figures
   where days >= 0 and cpe_needed is not null
     and cycle_earned < cpe_needed
     and cycle_earned < round(cpe_needed * case when length <= 0 then 1
           else least(1, greatest(0, cast(elapsed as numeric) / length)) end, 2)
     and days * ${w.behindPaceShareLeftDenominator} < length
  union all
  select certification_id, user_id, 'grace-period-end', expiry_date + grace_days,
         'grace-period-end:' || to_char(expiry_date + grace_days, 'YYYY-MM-DD')
    from figures
   where days < 0 and grace_days > 0
     and expiry_date + grace_days - today between 0 and ${w.gracePeriodDays}
  union all
  select certification_id, user_id, 'annual-minimum', a_to,
         'annual-minimum:' || to_char(a_to, 'YYYY-MM-DD')
    from figures
   where annual_required is not null and a_earned < annual_required
     and (expiry_date is null or a_from <= expiry_date)
     and today >= cast(a_to - make_interval(months => ${w.annualMinimumMonths}) as date)
  union all
  select certification_id, user_id, 'annual-fee', fee_date,
         'annual-fee:' || to_char(fee_date, 'YYYY-MM-DD')
    from figures where fee_date - today <= ${w.annualFeeDays}
  union all
  select f.certification_id, f.user_id, 'not-submitted', f.expiry_date,
         'not-submitted:' || to_char(f.expiry_date, 'YYYY-MM-DD')
    from figures f where f.days between 0 and ${w.notSubmittedDays} and f.unsubmitted > 0
  union all
  select f.certification_id, f.user_id, 'category-minimum', f.expiry_date,
         'category-minimum:' || to_char(f.expiry_date, 'YYYY-MM-DD') || ':' || k.id
    from figures f
   cross join lateral jsonb_to_recordset(f.categories) as k(id text, min numeric)
   where f.days between 0 and ${w.categoryMinimumDays}
     and coalesce((
           select sum(cr.cpe_units)
             from activity_credits cr
             join activities a on a.activity_id = cr.activity_id
            where cr.certification_id = f.certification_id and not cr.is_archived
              and a.category = k.id
              and a.activity_date between f.earned_date and f.expiry_date), 0) < k.min`;

/** The page's certifications with their figures as of :today. */
const FIGURES = `
  certs as (
    select p.user_id, p.leads, c.certification_id, c.earned_date, c.expiry_date, c.cpe_needed,
           coalesce(c.annual_minimum, r.annual_minimum) as annual_required,
           coalesce(r.annual_year, 'cycle') as annual_year,
           r.grace_days, r.fee_due_month, coalesce(r.categories, '[]') as categories, t.today,
           c.expiry_date - t.today as days,
           c.expiry_date - c.earned_date as length,
           t.today - c.earned_date as elapsed,
           cast(c.earned_date + make_interval(years => cpe_cycle_year(c.earned_date, t.today)) as date) as cy_start,
           cast(c.earned_date + make_interval(years => cpe_cycle_year(c.earned_date, t.today) + 1) as date) - 1 as cy_end,
           cast(date_trunc('year', cast(t.today as timestamp)) as date) as jan1
      from page p
      join certifications c on c.user_id = p.user_id
      left join rules r on r.id = c.catalogue_id
     cross join (select cast(:today as date) as today) t
  ),
  figures as (
    select x.*,
           coalesce(s.cycle_total, 0) as cycle_earned,
           coalesce(s.unsubmitted, 0) as unsubmitted,
           case when x.annual_year = 'calendar' then x.jan1 else x.cy_start end as a_from,
           case when x.annual_year = 'calendar' then cast(x.jan1 + interval '1 year' as date) - 1
                else x.cy_end end as a_to,
           case when x.annual_year = 'calendar' then coalesce(s.calendar_total, 0)
                else coalesce(s.cycle_year_total, 0) end as a_earned,
           case x.fee_due_month
             when 'anniversary' then
               case when x.today <= x.earned_date then x.earned_date
                    when x.cy_start = x.today then x.today
                    else x.cy_end + 1 end
             when 'calendar-year-start' then
               case when x.today = x.jan1 then x.today
                    else cast(x.jan1 + interval '1 year' as date) end
           end as fee_date
      from certs x
      left join lateral (
        select sum(cr.cpe_units) filter (
                 where a.activity_date >= x.earned_date
                   and (x.expiry_date is null or a.activity_date <= x.expiry_date)) as cycle_total,
               sum(cr.cpe_units) filter (
                 where a.activity_date between x.cy_start and x.cy_end) as cycle_year_total,
               sum(cr.cpe_units) filter (
                 where a.activity_date >= x.jan1
                   and a.activity_date < cast(x.jan1 + interval '1 year' as date)) as calendar_total,
               count(*) filter (
                 where cr.submitted_on is null and cr.cpe_units > 0
                   and a.activity_date >= x.earned_date and a.activity_date <= x.expiry_date) as unsubmitted
          from activity_credits cr
          join activities a on a.activity_id = cr.activity_id
         where cr.certification_id = x.certification_id and not cr.is_archived
      ) s on true
  )`;

const PAGE_STATEMENT = `
  with sent as (
    update reminder_log set sent_at = cast(:now as timestamptz)
     where run_id = cast(:run_id as uuid) and sent_at is null
       and user_id in (select cast(value as uuid)
                         from jsonb_array_elements_text(cast(:sent_users as jsonb)))
    returning 1
  ),
  page as (
    select u.user_id, u.email,
           coalesce(s.reminder_lead_days, array[${REMINDER_LEAD_DAYS.join(', ')}]) as leads
      from users u
      left join user_settings s on s.user_id = u.user_id
     where u.user_id > cast(:after as uuid) and coalesce(s.reminders_enabled, true)
     order by u.user_id
     limit :page_size
  ),
  rules as (
    select * from jsonb_to_recordset(cast(:rules as jsonb))
      as r(id text, annual_minimum numeric, annual_year text, grace_days integer,
           fee_due_month text, categories jsonb)
  ),
  ${FIGURES},
  candidates as (${CANDIDATES}),
  claimed as (
    insert into reminder_log as l
           (certification_id, reminder_key, user_id, kind, deadline, run_id, claimed_at)
    select certification_id, reminder_key, user_id, kind, deadline,
           cast(:run_id as uuid), cast(:now as timestamptz)
      from candidates
    on conflict (certification_id, reminder_key) do update
       set run_id = excluded.run_id, claimed_at = excluded.claimed_at
     where l.sent_at is null and l.claimed_at < cast(:stale_before as timestamptz)
    returning l.certification_id, l.reminder_key, l.user_id, l.kind, l.deadline
  )
  select (select user_id from page order by user_id desc limit 1) as last_user_id,
         (select count(*) from page) as page_users,
         (select count(*) from sent) as marked_sent,
         cl.user_id, p.email, cl.certification_id, c.certification_name, c.catalogue_id,
         c.unit, cl.kind, cl.deadline, cl.reminder_key
    from (select 1) one
    left join claimed cl on true
    left join page p on p.user_id = cl.user_id
    left join certifications c on c.certification_id = cl.certification_id
   order by cl.user_id, cl.deadline, cl.reminder_key`;

const pageRow = z.object({
  last_user_id: z.nullable(z.string()),
  page_users: num,
  marked_sent: num,
  user_id: z.nullable(z.string()),
  email: z.nullable(z.string()),
  certification_id: z.nullable(z.string()),
  certification_name: z.nullable(z.string()),
  catalogue_id: z.nullable(z.string()),
  unit: z.nullable(z.string()),
  kind: z.nullable(z.string()),
  deadline: z.nullable(z.string()),
  reminder_key: z.nullable(z.string()),
});

export interface ClaimedReminder {
  certificationId: string;
  certificationName: string;
  catalogueId: string | null;
  unit: string | null;
  kind: ReminderKind;
  deadline: string;
  key: string;
}

/** One user's claimed reminders: one digest. */
export interface DigestClaim {
  userId: string;
  email: string;
  reminders: ClaimedReminder[];
}

export interface ClaimedPage {
  /** Where the next page starts; null when this page was empty (the run is over). */
  lastUserId: string | null;
  users: number;
  markedSent: number;
  digests: DigestClaim[];
}

export interface PageInput {
  runId: string;
  today: string;
  now: Date;
  after: string;
  pageSize: number;
  rules: readonly CatalogueRule[];
  /** Users of the previous page whose digest went out: their claims become sent. */
  sentUsers: readonly string[];
}

/** Selects and claims the reminders due for the next page of users (one Data API call). */
export async function claimPage(db: Queryable, input: PageInput): Promise<ClaimedPage> {
  const rows = await db.query(
    PAGE_STATEMENT,
    {
      run_id: input.runId,
      today: input.today,
      now: input.now.toISOString(),
      stale_before: new Date(input.now.getTime() - STALE_CLAIM_HOURS * 3_600_000).toISOString(),
      after: input.after,
      page_size: input.pageSize,
      rules: JSON.stringify(input.rules),
      sent_users: JSON.stringify(input.sentUsers),
    },
    pageRow,
  );
  const first = rows[0];
  const digests = new Map<string, DigestClaim>();
  for (const r of rows) {
    if (r.user_id === null || r.email === null || r.certification_id === null) continue;
    let digest = digests.get(r.user_id);
    if (!digest) {
      digest = { userId: r.user_id, email: r.email, reminders: [] };
      digests.set(r.user_id, digest);
    }
    digest.reminders.push({
      certificationId: r.certification_id,
      certificationName: r.certification_name ?? '',
      catalogueId: r.catalogue_id,
      unit: r.unit,
      kind: r.kind as ReminderKind,
      deadline: r.deadline ?? '',
      key: r.reminder_key ?? '',
    });
  }
  return {
    lastUserId: first?.last_user_id ?? null,
    users: first?.page_users ?? 0,
    markedSent: first?.marked_sent ?? 0,
    digests: [...digests.values()],
  };
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

/** Turns a user's reminders off (the unsubscribe link); false when the user is gone. */
export async function disableReminders(db: Queryable, userId: string): Promise<boolean> {
  const changed = await db.execute(
    `insert into user_settings (user_id, reminders_enabled)
     select user_id, false from users where user_id = cast(:user_id as uuid)
     on conflict (user_id) do update set reminders_enabled = false, updated_at = now()`,
    { user_id: userId },
  );
  return changed > 0;
}

/**
 * The certifications (with their figures as of `today`) of the user whose
 * calendar feed token hashes to `tokenSha256`; undefined when no feed has
 * that token (never issued, turned off, or rotated away).
 */
export async function calendarCertifications(
  db: Queryable,
  tokenSha256: string,
  today: string,
): Promise<Certification[] | undefined> {
  const rows = await db.query(
    `with c as materialized (
       select s.user_id as owner, c.*, ${BOUNDS}
         from user_settings s
         left join certifications c on c.user_id = s.user_id
         ${CYCLE_YEAR}
        where s.calendar_token_sha256 = :hash
     ), ${GROUPED_TOTALS}
     select c.owner, ${SELECT_CERTIFICATION}
       from c left join t on t.certification_id = c.certification_id
      order by c.expiry_date nulls last, c.certification_id`,
    { hash: tokenSha256, today },
    ownedCertificationRow,
  );
  if (rows.length === 0) return undefined;
  return certificationsOf(rows);
}
