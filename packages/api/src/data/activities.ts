/**
 * SQL for activities: one Data API call each, scoped through the owning
 * certification to the caller's Cognito sub. An activity counts for its
 * primary certification (activities.certification_id) and any others through
 * activity_credits (migration 003); answers carry those credits, the proof
 * files and whether there is any.
 */
import * as z from 'zod/mini';
import { type Activity, credit, proofFile } from '@cpe/shared';
import type { Dict } from '@cpe/shared/dict';
import type { Queryable } from '../db';
import { ConflictError } from '../errors';
import { num, sameUnit } from './rows';

/** A JSON array the statement built (json_agg, as text). */
const jsonList = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.string(),
    z.transform((text) => z.array(item).parse(JSON.parse(text))),
  );

const activityRow = z.object({
  activity_id: z.string(),
  certification_id: z.string(),
  activity_name: z.string(),
  description: z.string(),
  cpe_units: num,
  activity_date: z.string(),
  is_archived: z.boolean(),
  provider: z.nullable(z.string()),
  category: z.nullable(z.string()),
  credits: jsonList(credit),
  files: jsonList(proofFile),
  version: num,
});

function toActivity(row: z.infer<typeof activityRow>): Activity {
  return { ...row, has_proof: row.files.length > 0 };
}

/** A credit row `cr` as the answer's JSON. */
const CREDIT_JSON = `json_build_object('certification_id', cr.certification_id, 'cpe_units', cr.cpe_units,
  'submitted_on', cr.submitted_on, 'is_archived', cr.is_archived,
  'late_for_cycle', cr.late_for_cycle, 'category', cr.category)`;

/** The primary certification's credit first. */
const creditsFrom = (rows: string, activity: string) =>
  `coalesce((select cast(json_agg(${CREDIT_JSON}
      order by cr.certification_id <> ${activity}.certification_id, cr.certification_id) as text)
    from ${rows} cr where cr.activity_id = ${activity}.activity_id), '[]')`;

/** The activity `a`'s files, oldest first. */
export const FILES_OF_A = `coalesce((select cast(json_agg(json_build_object(
      'file_id', f.file_id, 'file_name', f.file_name, 'content_type', f.content_type,
      'size', f.size_bytes,
      'uploaded_at', to_char(f.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
      order by f.uploaded_at, f.file_id) as text)
    from files f where f.activity_id = a.activity_id), '[]')`;

const COLUMNS = `a.activity_id, a.certification_id, a.activity_name, a.description, a.cpe_units,
  a.activity_date, a.is_archived, a.provider, a.category, a.version`;

/** An activity `a` as answered, reading its credits and files from the tables. */
const ANSWER = `${COLUMNS}, ${creditsFrom('activity_credits', 'a')} as credits, ${FILES_OF_A} as files`;

export interface ActivityInput {
  activity_name: string;
  description: string;
  cpe_units: number;
  activity_date: string;
  /** undefined: unchanged on update, none on create. */
  provider?: string | null | undefined;
  category?: string | null | undefined;
}

/**
 * A credit to store: units already defaulted; submitted_on undefined keeps
 * what is stored; category undefined keeps what is stored, or takes the
 * activity's where the certification's rules name it.
 */
export interface CreditWrite {
  certification_id: string;
  cpe_units: number;
  submitted_on?: string | null | undefined;
  category?: string | null | undefined;
}

/**
 * Which catalogue entries accept which category: the handler reads the
 * catalogue, the statement each credited certification's catalogue_id.
 * `ruled`: entries with categories or activity kinds (a category must be one
 * of theirs); `allowed`: for each category the request names, the entries
 * among them that have it.
 */
export interface CategoryRule {
  ruled: readonly string[];
  allowed: Readonly<Dict<readonly string[]>>;
}

function inputParams(input: ActivityInput) {
  return {
    activity_name: input.activity_name,
    description: input.description,
    cpe_units: String(input.cpe_units),
    activity_date: input.activity_date,
    set_provider: input.provider !== undefined,
    provider: input.provider ?? null,
    set_category: input.category !== undefined,
    category: input.category ?? null,
  };
}

function creditParams(credits: readonly CreditWrite[] | undefined, rule: CategoryRule) {
  return {
    given_credits: credits !== undefined,
    credits: JSON.stringify(
      (credits ?? []).map((c, position) => ({
        position,
        certification_id: c.certification_id.toLowerCase(),
        cpe_units: c.cpe_units,
        set_submitted: c.submitted_on !== undefined,
        submitted_on: c.submitted_on ?? null,
        set_category: c.category !== undefined,
        category: c.category ?? null,
      })),
    ),
    ruled: rule.ruled.join(','),
    allowed: JSON.stringify(rule.allowed),
  };
}

/**
 * The credits of the body as rows `w` (position, certification_id,
 * cpe_units, set_submitted, submitted_on, set_category, category), each with
 * its certification's catalogue id (null when it is not the caller's).
 */
const GIVEN_CREDITS = `jsonb_to_recordset(cast(:credits as jsonb))
  as w(position integer, certification_id uuid, cpe_units numeric, set_submitted boolean,
       submitted_on date, set_category boolean, category text)`;

/**
 * The caller's certifications the body's credits name (after the CTE `o`,
 * which has the caller's user_id), as `held`: held until the statement ends,
 * as `o` holds the primary one, so that a certification deleted meanwhile
 * makes the write wait and then find it gone (404, or a 400 on its credit)
 * instead of failing its foreign key. `for key share` keeps out only a
 * delete: an edit of the certification goes on.
 */
const HELD_CREDITED = `held as (
       select c2.certification_id, c2.catalogue_id, c2.unit
         from certifications c2
        where c2.user_id = (select o.user_id from o)
          and c2.certification_id in (select w.certification_id from ${GIVEN_CREDITS})
          for key share of c2
     )`;

/**
 * Whether a credit dated `date` for the certification `cert` belongs to a
 * closed cycle: dated before the current cycle of a certification that was
 * renewed. A credit keeps this flag true to its date when an activity is
 * written, so a date moved across a renewal puts the activity in exactly
 * one cycle's report (issue 25 item 5).
 */
const archivedAt = (date: string, cert: string) => `coalesce(${date} < (
    select c3.earned_date from certifications c3 where c3.certification_id = ${cert})
  and (exists (select 1 from certification_cycles h where h.certification_id = ${cert})
       or exists (select 1 from activity_credits ca
                   where ca.certification_id = ${cert} and ca.is_archived)), false)`;

/** Whether `category` fits the catalogue rules of a certification with catalogue id `catalogue`. */
const fits = (category: string, catalogue: string) => `(${category} is null or ${catalogue} is null
  or not (${catalogue} = any(string_to_array(cast(:ruled as text), ',')))
  or coalesce(cast(:allowed as jsonb) -> ${category}, '[]') @> to_jsonb(${catalogue}))`;

/**
 * The first credit of the body (other than the primary, which takes the
 * activity's units) above the activity's units: a credit counts at most
 * what the activity was worth, in the same unit. A certification counting in
 * another unit (10 contact hours are 1 IACET CEU and 10 CPEs) is not bounded
 * by it; a certification without a unit counts CPEs.
 */
const OVER_UNITS = `(select min(g.position) from given g, o
   where g.certification_id <> o.certification_id and g.cpe_units > cast(:cpe_units as numeric)
     and ${sameUnit('g.unit', 'o.unit')})`;

const outcomeRow = z.looseObject({
  found: num,
  foreign_credit: z.nullable(num),
  over_units: z.nullable(num),
  category_ok: z.nullable(z.boolean()),
  bad_credit_category: z.nullable(num),
  activity_id: z.nullable(z.string()),
});

export type WriteOutcome =
  | { kind: 'ok'; activity: Activity }
  | { kind: 'not-found' }
  /** credits[position].certification_id is not one of the caller's certifications. */
  | { kind: 'foreign-credit'; position: number }
  /** The activity's category (position null) or credits[position].category is not one its certification's rules name. */
  | { kind: 'bad-category'; position: number | null }
  /** credits[position].cpe_units is more than the activity's units. */
  | { kind: 'over-units'; position: number };

function outcomeOf(rows: z.infer<typeof outcomeRow>[]): WriteOutcome {
  const row = rows[0];
  if (!row || row.found === 0) return { kind: 'not-found' };
  if (row.foreign_credit !== null) return { kind: 'foreign-credit', position: row.foreign_credit };
  if (row.category_ok === false) return { kind: 'bad-category', position: null };
  if (row.bad_credit_category !== null) {
    return { kind: 'bad-category', position: row.bad_credit_category };
  }
  if (row.over_units !== null) return { kind: 'over-units', position: row.over_units };
  if (row.activity_id === null) return { kind: 'not-found' };
  return { kind: 'ok', activity: toActivity(activityRow.parse(row)) };
}

/**
 * Activities that count for the certification; undefined when it is not the
 * caller's. is_archived is this certification's credit's flag.
 */
export async function listActivities(
  db: Queryable,
  sub: string,
  certificationId: string,
  proof: 'missing' | 'present' | undefined,
): Promise<Activity[] | undefined> {
  const rows = await db.query(
    `select c.certification_id as owner_certification, x.*
       from certifications c
       join users u on u.user_id = c.user_id
       left join lateral (
         select a.activity_id, a.certification_id, a.activity_name, a.description, a.cpe_units,
                a.activity_date, cr.is_archived, a.provider, a.category, a.version,
                ${creditsFrom('activity_credits', 'a')} as credits, ${FILES_OF_A} as files,
                a.created_at
           from activity_credits cr
           join activities a on a.activity_id = cr.activity_id
          where cr.certification_id = c.certification_id
            and (cast(:proof as text) is null
                 or exists (select 1 from files f where f.activity_id = a.activity_id)
                    = (cast(:proof as text) = 'present'))
       ) x on true
      where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
      order by x.activity_date desc, x.created_at desc`,
    { sub, id: certificationId, proof: proof ?? null },
    z.looseObject({ owner_certification: z.string(), activity_id: z.nullable(z.string()) }),
  );
  if (rows.length === 0) return undefined;
  return rows.filter((r) => r.activity_id !== null).map((r) => toActivity(activityRow.parse(r)));
}

export async function getActivity(
  db: Queryable,
  sub: string,
  activityId: string,
): Promise<(Activity & { user_id: string }) | undefined> {
  const rows = await db.query(
    `select ${ANSWER}, c.user_id
       from activities a
       join certifications c on c.certification_id = a.certification_id
       join users u on u.user_id = c.user_id
      where u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)`,
    { sub, id: activityId },
    z.extend(activityRow, { user_id: z.string() }),
  );
  const row = rows[0];
  return row && { ...toActivity(row), user_id: row.user_id };
}

/**
 * One statement: checks that every credited certification is the caller's
 * and the category fits, then inserts the activity and its credits (the
 * primary one with the activity's units, whatever `credits` says).
 */
export async function createActivity(
  db: Queryable,
  sub: string,
  certificationId: string,
  input: ActivityInput,
  credits: readonly CreditWrite[] | undefined,
  rule: CategoryRule,
): Promise<WriteOutcome> {
  const rows = await db.query(
    `with o as (
       select c.certification_id, c.user_id, c.catalogue_id, c.unit
         from certifications c
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and c.certification_id = cast(:certification_id as uuid)
          for key share of c
     ), ${HELD_CREDITED}, given as (
       select w.*, h.catalogue_id, h.unit, h.certification_id is not null as owned
         from ${GIVEN_CREDITS}
         left join held h on h.certification_id = w.certification_id
     ), wanted as (
       -- The primary credit's category is the activity's.
       select o.certification_id, cast(:cpe_units as numeric) as cpe_units,
              (select g.submitted_on from given g where g.certification_id = o.certification_id) as submitted_on,
              cast(:category as text) as category
         from o
       union all
       select g.certification_id, g.cpe_units, g.submitted_on,
              case when g.set_category then g.category
                   when ${fits('cast(:category as text)', 'g.catalogue_id')} then cast(:category as text)
              end
         from given g, o where g.certification_id <> o.certification_id
     ), checks as (
       select (select count(*) from o) as found,
              (select min(g.position) from given g, o where not g.owned) as foreign_credit,
              (select ${fits('cast(:category as text)', 'o.catalogue_id')} from o) as category_ok,
              (select min(g.position) from given g, o
                where g.set_category and g.certification_id <> o.certification_id
                  and not ${fits('g.category', 'g.catalogue_id')}) as bad_credit_category,
              ${OVER_UNITS} as over_units
     ), inserted as (
       insert into activities
         (certification_id, activity_name, description, cpe_units, activity_date, provider, category,
          is_archived)
       select o.certification_id, cast(:activity_name as text), cast(:description as text),
              cast(:cpe_units as numeric), cast(:activity_date as date),
              cast(:provider as text), cast(:category as text),
              ${archivedAt('cast(:activity_date as date)', 'o.certification_id')}
         from o, checks
        where checks.foreign_credit is null and checks.category_ok and checks.bad_credit_category is null
          and checks.over_units is null
       returning *
     ), credited as (
       insert into activity_credits
         (activity_id, certification_id, cpe_units, submitted_on, activity_date, category, is_archived)
       select i.activity_id, w.certification_id, w.cpe_units, w.submitted_on, i.activity_date, w.category,
              ${archivedAt('i.activity_date', 'w.certification_id')}
         from inserted i cross join wanted w
       returning *
     )
     select checks.*, a.activity_id, a.certification_id, a.activity_name, a.description, a.cpe_units,
            a.activity_date, a.is_archived, a.provider, a.category, a.version,
            ${creditsFrom('credited', 'a')} as credits, '[]' as files
       from checks left join inserted a on true`,
    {
      sub,
      certification_id: certificationId,
      ...inputParams(input),
      ...creditParams(credits, rule),
    },
    outcomeRow,
  );
  return outcomeOf(rows);
}

/**
 * One statement. `credits` undefined keeps the credits (the primary one
 * takes the new units; one above them in the same unit is lowered to them);
 * given, the activity counts for exactly those plus
 * the primary: others are removed, each kept credit's archive flag follows
 * its date (archivedAt) and, unless the body gives one, it keeps its
 * submission date. It applies only while `version` is the stored one (else
 * 'not-found': the handler tells a stale version from a missing record).
 */
export async function updateActivity(
  db: Queryable,
  sub: string,
  activityId: string,
  version: number,
  input: ActivityInput,
  credits: readonly CreditWrite[] | undefined,
  rule: CategoryRule,
): Promise<WriteOutcome> {
  const rows = await db.query(
    `with o as (
       select a.activity_id, a.certification_id, c.user_id, c.catalogue_id, c.unit,
              case when :set_category then cast(:category as text) else a.category end as category
         from activities a
         join certifications c on c.certification_id = a.certification_id
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)
          and a.version = cast(:version as integer)
     ), ${HELD_CREDITED}, given as (
       select w.*, h.catalogue_id, h.unit, h.certification_id is not null as owned
         from ${GIVEN_CREDITS}
         left join held h on h.certification_id = w.certification_id
     ), wanted as (
       -- The primary credit's category is the activity's.
       select o.certification_id, cast(:cpe_units as numeric) as cpe_units,
              (select g.set_submitted from given g where g.certification_id = o.certification_id) as set_submitted,
              (select g.submitted_on from given g where g.certification_id = o.certification_id) as submitted_on,
              o.category
         from o
       union all
       select g.certification_id, g.cpe_units, g.set_submitted, g.submitted_on,
              -- Absent: the activity's category where the rules name it, as on create (the form's
              -- "as the activity's"); a category stored before does not stay.
              case when g.set_category then g.category
                   when ${fits('o.category', 'g.catalogue_id')} then o.category
              end
         from given g, o where :given_credits and g.certification_id <> o.certification_id
       union all
       -- Kept, each bounded by the activity's new units where it counts in the same unit.
       select cr.certification_id,
              case when ${sameUnit('kc.unit', 'o.unit')}
                   then least(cr.cpe_units, cast(:cpe_units as numeric)) else cr.cpe_units end,
              false, null, cr.category
         from activity_credits cr
         join certifications kc on kc.certification_id = cr.certification_id, o
        where not :given_credits and cr.activity_id = o.activity_id
          and cr.certification_id <> o.certification_id
     ), checks as (
       select (select count(*) from o) as found,
              (select min(g.position) from given g, o where not g.owned) as foreign_credit,
              -- A category the body does not give was checked when it was given.
              (select not :set_category or ${fits('o.category', 'o.catalogue_id')} from o) as category_ok,
              (select min(g.position) from given g, o
                where g.set_category and g.certification_id <> o.certification_id
                  and not ${fits('g.category', 'g.catalogue_id')}) as bad_credit_category,
              ${OVER_UNITS} as over_units
     ), updated as (
       update activities a
          set activity_name = cast(:activity_name as text),
              description = cast(:description as text),
              cpe_units = cast(:cpe_units as numeric),
              activity_date = cast(:activity_date as date),
              provider = case when :set_provider then cast(:provider as text) else a.provider end,
              category = o.category,
              -- A late credit a renewal kept stays with its cycle while its date stays.
              is_archived = (a.activity_date = cast(:activity_date as date) and exists (
                               select 1 from activity_credits cr
                                where cr.activity_id = a.activity_id
                                  and cr.certification_id = a.certification_id
                                  and cr.late_for_cycle is not null))
                            or ${archivedAt('cast(:activity_date as date)', 'o.certification_id')},
              version = a.version + 1,
              updated_at = now()
         from o, checks
        -- The version again: \`o\` read the statement's snapshot, and an update of the row
        -- committed while this one waited for its lock is read here, at the row as it is now.
        where a.activity_id = o.activity_id and a.version = cast(:version as integer)
          and checks.foreign_credit is null and checks.category_ok
          and checks.bad_credit_category is null and checks.over_units is null
       returning a.*
     ), removed as (
       delete from activity_credits cr
        using updated u
        where cr.activity_id = u.activity_id
          and cr.certification_id not in (select certification_id from wanted)
     ), kept as (
       insert into activity_credits
         (activity_id, certification_id, cpe_units, submitted_on, activity_date, category, is_archived)
       select u.activity_id, w.certification_id, w.cpe_units,
              case when w.set_submitted then w.submitted_on
                   else (select cr.submitted_on from activity_credits cr
                          where cr.activity_id = u.activity_id and cr.certification_id = w.certification_id)
              end,
              u.activity_date, w.category, ${archivedAt('u.activity_date', 'w.certification_id')}
         from updated u cross join wanted w
       on conflict (activity_id, certification_id)
         do update set cpe_units = excluded.cpe_units, submitted_on = excluded.submitted_on,
                       activity_date = excluded.activity_date, category = excluded.category,
                       is_archived = excluded.is_archived
                         or (activity_credits.late_for_cycle is not null
                             and activity_credits.activity_date = excluded.activity_date),
                       late_for_cycle = case when activity_credits.activity_date = excluded.activity_date
                                             then activity_credits.late_for_cycle end
       returning *
     )
     select checks.*, a.activity_id, a.certification_id, a.activity_name, a.description, a.cpe_units,
            a.activity_date, a.is_archived, a.provider, a.category, a.version,
            ${creditsFrom('kept', 'a')} as credits, ${FILES_OF_A} as files
       from checks left join updated a on true`,
    {
      sub,
      id: activityId,
      version,
      ...inputParams(input),
      ...creditParams(credits, rule),
    },
    outcomeRow,
  );
  return outcomeOf(rows);
}

export type SubmissionOutcome =
  { kind: 'ok'; activity: Activity } | { kind: 'not-found' } | { kind: 'no-credit' };

/** Sets or clears one credit's submission date; one statement. */
export async function setSubmission(
  db: Queryable,
  sub: string,
  activityId: string,
  certificationId: string,
  submittedOn: string | null,
): Promise<SubmissionOutcome> {
  const rows = await db.query(
    `with o as (
       select a.activity_id from activities a
         join certifications c on c.certification_id = a.certification_id
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)
     ), changed as (
       update activity_credits cr set submitted_on = cast(:submitted_on as date)
         from o
        where cr.activity_id = o.activity_id and cr.certification_id = cast(:certification_id as uuid)
       returning cr.*
     ), bumped as (
       update activities a set version = a.version + 1, updated_at = now()
        where a.activity_id in (select activity_id from changed)
       returning a.activity_id, a.version
     ), merged as (
       select * from changed
       union all
       select cr.* from activity_credits cr, o
        where cr.activity_id = o.activity_id
          and cr.certification_id not in (select certification_id from changed)
     )
     select (select count(*) from o) as found, (select count(*) from changed) as changed,
            ${COLUMNS.replace('a.version', 'coalesce((select b.version from bumped b), a.version) as version')},
            ${creditsFrom('merged', 'a')} as credits, ${FILES_OF_A} as files
       from activities a
      where a.activity_id in (select activity_id from o)`,
    { sub, id: activityId, certification_id: certificationId, submitted_on: submittedOn },
    z.looseObject({ found: num, changed: num }),
  );
  const row = rows[0];
  if (!row) return { kind: 'not-found' };
  if (row.changed === 0) return { kind: 'no-credit' };
  return { kind: 'ok', activity: toActivity(activityRow.parse(row)) };
}

/**
 * Deletes the caller's activity with its credits and file rows; answers the
 * object keys of its files (for the caller to delete), or undefined when
 * there was no such activity.
 *
 * One statement, which deletes the row only as its snapshot read it: a file
 * attached meanwhile (attachFile changes the row) is not in that snapshot,
 * so the row is then kept and the statement runs once more, reading the
 * files afresh; else that file's object would be left with no row naming it.
 */
export async function deleteActivity(
  db: Queryable,
  sub: string,
  activityId: string,
): Promise<string[] | undefined> {
  for (let attempt = 1; ; attempt++) {
    const rows = await db.query(
      `with target as (
         select a.activity_id, a.xmin as seen from activities a
           join certifications c on c.certification_id = a.certification_id
           join users u on u.user_id = c.user_id
          where u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)
       ), doomed as (
         select f.object_key from files f where f.activity_id in (select activity_id from target)
       ), deleted as (
         delete from activities a using target t
          where a.activity_id = t.activity_id and a.xmin = t.seen
         returning a.activity_id
       )
       select (select count(*) from target) as found, d.activity_id, f.object_key
         from (select 1) one
         left join deleted d on true
         left join doomed f on d.activity_id is not null`,
      { sub, id: activityId },
      z.object({
        found: num,
        activity_id: z.nullable(z.string()),
        object_key: z.nullable(z.string()),
      }),
    );
    if (rows.length === 0 || rows[0]?.found === 0) return undefined;
    if (rows[0]?.activity_id !== null)
      return rows.flatMap((r) => (r.object_key === null ? [] : [r.object_key]));
    if (attempt === 2) {
      throw new ConflictError(
        'The activity changed while it was being deleted (a file was attached). Please try again.',
      );
    }
  }
}
