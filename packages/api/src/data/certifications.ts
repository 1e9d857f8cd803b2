/**
 * SQL for certifications. Each read is one Data API call; every statement is
 * scoped by the caller's Cognito sub, so another user's id finds nothing.
 * Statements answer the stored certification and its credits; the rules
 * engine (@cpe/shared/rules) works out every figure from them, as of the
 * holder's date by the handler's clock (the database's clock is not the
 * app's) in the time zone of their settings.
 */
import * as z from 'zod/mini';
import type { CatalogueEntry, Certification, CertificationInput, CreditUnit } from '@cpe/shared';
import type { ReadinessCertification, ReadinessCredit } from '@cpe/shared/readiness';
import { type RuleCredit, evaluate } from '@cpe/shared/rules';
import type { Queryable } from '../db';
import { nullableNum, num } from './rows';

/** The date by the handler's clock in a holder's time zone (null: none chosen, UTC). */
export type Today = (timeZone: string | null) => string;

/** A certification as stored. */
export const storedRow = z.object({
  certification_id: z.string(),
  certification_name: z.string(),
  user_id: z.string(),
  cpe_needed: nullableNum,
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  verification_link: z.nullable(z.string()),
  catalogue_id: z.nullable(z.string()),
  unit: z.nullable(z.string()),
  cycle_months: nullableNum,
  annual_minimum: nullableNum,
  member_id: z.nullable(z.string()),
  certified_on: z.string(),
  carried_in: num,
  carried_category: z.nullable(z.string()),
  version: num,
});
export type StoredCertification = Omit<z.infer<typeof storedRow>, 'unit'> & {
  unit: CreditUnit | null;
};

/** The stored columns of a certification `c`, as one JSON object (numbers stay numbers). */
const STORED_JSON = `json_build_object(
  'certification_id', c.certification_id, 'certification_name', c.certification_name,
  'user_id', c.user_id, 'cpe_needed', c.cpe_needed, 'earned_date', c.earned_date,
  'expiry_date', c.expiry_date, 'verification_link', c.verification_link,
  'catalogue_id', c.catalogue_id, 'unit', c.unit, 'cycle_months', c.cycle_months,
  'annual_minimum', c.annual_minimum, 'member_id', c.member_id, 'certified_on', coalesce(c.certified_on, c.earned_date),
  'carried_in', c.carried_in, 'carried_category', c.carried_category, 'version', c.version)`;

/**
 * How many months before its cycle a certification's archived credits are
 * still read: rolling windows (the longest in the catalogue is five years)
 * count earlier cycles' credits.
 */
export const ARCHIVED_HISTORY_MONTHS = 72;

/**
 * The rows of a statement whose CTE `c` selects certifications (each with an
 * `owner` column; a row with a null certification_id says the owner exists
 * but has none): one row per certification with its columns as JSON, then
 * its credits in chunks, one row per certification and year, each a JSON
 * list of [date, category, archived, units, unsubmitted, count] per date
 * and category. Chunks keep every row far below the Data API's 64 KB a row.
 * Part 0 rows carry the owner's time zone too. `extraParts` adds `union
 * all` selects of rows of its own (part 2 and up, with the same seven
 * columns).
 */
export function withCredits(extraParts = ''): string {
  return `
  g as (
    select cr.certification_id, cr.activity_date, cr.category, cr.is_archived,
           sum(cr.cpe_units) as units,
           count(*) filter (where cr.submitted_on is null and cr.cpe_units > 0) as unsubmitted,
           count(*) as n
      from c
      join activity_credits cr on cr.certification_id = c.certification_id
     where not cr.is_archived
        or cr.activity_date >= cast(c.earned_date - interval '${ARCHIVED_HISTORY_MONTHS} months' as date)
     group by cr.certification_id, cr.activity_date, cr.category, cr.is_archived
  ),
  k as (
    select g.certification_id, extract(year from g.activity_date) as y,
           cast(json_agg(json_build_array(g.activity_date, g.category, g.is_archived, g.units,
                                          g.unsubmitted, g.n)
                         order by g.activity_date, g.category) as text) as credits
      from g
     group by g.certification_id, extract(year from g.activity_date)
  )
  select 0 as part, cast(c.owner as text) as owner, cast(c.certification_id as text) as certification_id,
         case when c.certification_id is null then null else cast(${STORED_JSON} as text) end as cert,
         cast(null as text) as credits, c.created_at as ord,
         (select s.time_zone from user_settings s where s.user_id = c.owner) as time_zone
    from c
  union all
  select 1, null, cast(k.certification_id as text), null, k.credits, null, null
    from k
  ${extraParts}
  order by part, ord, certification_id`;
}

/** withCredits with nothing more. */
export const WITH_CREDITS = withCredits();

export const withCreditsRow = z.object({
  part: num,
  owner: z.nullable(z.string()),
  certification_id: z.nullable(z.string()),
  cert: z.nullable(z.string()),
  credits: z.nullable(z.string()),
  time_zone: z.nullable(z.string()),
});

const chunk = z.array(
  z.tuple([z.string(), z.nullable(z.string()), z.boolean(), z.number(), z.number(), z.number()]),
);

/** A certification read with the credits the engine needs. */
export interface CertificationWithCredits {
  owner: string;
  /** The owner's time zone (their settings; null: none chosen). */
  timeZone: string | null;
  stored: StoredCertification;
  credits: RuleCredit[];
  /** Unarchived credits of the current cycle with units not yet submitted to the body. */
  unsubmitted: number;
  /** The unarchived credit rows' sum and count: a renewal's guard checks them unchanged. */
  unarchived: { sum: number; count: number };
}

export interface ReadResult {
  /** The owners the statement found (one even when they have no certification). */
  owners: string[];
  certifications: CertificationWithCredits[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Runs a statement ending in WITH_CREDITS and parses its rows. */
export async function readWithCredits(
  db: Queryable,
  sql: string,
  params: Parameters<Queryable['query']>[1],
): Promise<ReadResult> {
  return parseWithCredits(await db.query(sql, params, withCreditsRow));
}

/** The certifications and credits of withCredits' rows (parts 0 and 1; other parts are the caller's). */
export function parseWithCredits(rows: readonly z.infer<typeof withCreditsRow>[]): ReadResult {
  const owners: string[] = [];
  const byId = new Map<string, CertificationWithCredits>();
  for (const row of rows) {
    if (row.part > 1) continue;
    if (row.part === 0) {
      if (row.owner !== null && !owners.includes(row.owner)) owners.push(row.owner);
      if (row.cert === null || row.owner === null) continue;
      const stored = storedRow.parse(JSON.parse(row.cert));
      byId.set(stored.certification_id, {
        owner: row.owner,
        timeZone: row.time_zone,
        stored: { ...stored, unit: stored.unit as CreditUnit | null },
        credits: [],
        unsubmitted: 0,
        unarchived: { sum: 0, count: 0 },
      });
      continue;
    }
    const target = row.certification_id === null ? undefined : byId.get(row.certification_id);
    if (!target || row.credits === null) continue;
    for (const [date, category, archived, units, unsubmitted, n] of chunk.parse(
      JSON.parse(row.credits),
    )) {
      // One credit per date and category: the engine's sums and caps need no more.
      target.credits.push({
        id: `${date}/${target.credits.length}`,
        date,
        units,
        category,
        archived,
      });
      if (archived) continue;
      const { earned_date: from, expiry_date: to } = target.stored;
      if (date >= from && (to === null || date <= to)) target.unsubmitted += unsubmitted;
      target.unarchived = {
        sum: round2(target.unarchived.sum + units),
        count: target.unarchived.count + n,
      };
    }
  }
  return { owners, certifications: [...byId.values()] };
}

/** The catalogue entries the certifications follow, loaded only when one names an entry. */
export async function entriesOf(
  stored: readonly { catalogue_id: string | null }[],
): Promise<(id: string | null) => CatalogueEntry | undefined> {
  if (!stored.some((s) => s.catalogue_id !== null)) return () => undefined;
  const { catalogueEntryById } = await import('../catalogue/rules');
  return (id) => (id === null ? undefined : catalogueEntryById(id));
}

/** The answer for a certification: its stored fields and the engine's standing as of `today`. */
export function answerOf(
  read: Pick<CertificationWithCredits, 'stored' | 'credits'>,
  entry: CatalogueEntry | undefined,
  today: string,
): Certification {
  const { stored, credits } = read;
  // The per-credit allocation stays on the server: the answer carries the figures.
  const { credits: _allocation, ...standing } = evaluate(entry, stored, credits, today);
  const year = standing.years.find((y) => y.from <= today && today <= y.to);
  const jan1 = `${today.slice(0, 4)}-01-01`;
  const dec31 = `${today.slice(0, 4)}-12-31`;
  return {
    ...stored,
    total_cpes_earned: standing.earned,
    percentage_completion: standing.percent,
    cycle_cpes_earned: standing.earned,
    cycle_year_cpes_earned: year?.earned ?? 0,
    calendar_year_cpes_earned: round2(
      credits
        // Archived ones too: a renewal does not undo what was earned this year.
        .filter((c) => c.date >= jan1 && c.date <= dec31)
        .reduce((s, c) => s + c.units, 0),
    ),
    standing,
  };
}

/** The answers for what a statement read, each as of its owner's date. */
export async function answersOf(
  read: readonly CertificationWithCredits[],
  today: Today,
): Promise<Certification[]> {
  const entry = await entriesOf(read.map((r) => r.stored));
  return read.map((r) => answerOf(r, entry(r.stored.catalogue_id), today(r.timeZone)));
}

const numeric = (n: number | null | undefined) =>
  n === null || n === undefined ? null : String(n);

/**
 * What create and update may store besides the spec's fields. Each rule
 * field is given (a value or null) or absent (`undefined`).
 */
export type CertificationWrite = CertificationInput & { version?: number };

function specParams(input: CertificationWrite) {
  return {
    certification_name: input.certification_name,
    cpe_needed: numeric(input.cpe_needed),
    earned_date: input.earned_date,
    expiry_date: input.expiry_date,
    verification_link: input.verification_link,
  };
}

/** undefined when `userId` is not the caller's. */
export async function listCertifications(
  db: Queryable,
  sub: string,
  userId: string,
  today: Today,
): Promise<Certification[] | undefined> {
  const read = await readWithCredits(
    db,
    `with c as materialized (
       select u.user_id as owner, c.*
         from users u
         left join certifications c on c.user_id = u.user_id
        where u.cognito_sub = :sub and u.user_id = cast(:user_id as uuid)
     ), ${WITH_CREDITS}`,
    { sub, user_id: userId },
  );
  if (read.owners.length === 0) return undefined;
  return answersOf(read.certifications, today);
}

/** One of the caller's certifications with its credits; undefined when it is not theirs. */
export async function readCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
): Promise<CertificationWithCredits | undefined> {
  const read = await readWithCredits(
    db,
    `with c as materialized (
       select u.user_id as owner, c.*
         from certifications c
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
     ), ${WITH_CREDITS}`,
    { sub, id: certificationId },
  );
  return read.certifications[0];
}

export async function getCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
  today: Today,
): Promise<Certification | undefined> {
  const read = await readCertification(db, sub, certificationId);
  if (!read) return undefined;
  return (await answersOf([read], today))[0];
}

/**
 * The rule fields a create stores: what the body gives, else the catalogue
 * entry's figure (`defaults`), else null; the cycle, when still unknown, is
 * measured from the dates in SQL (cpe_cycle_months).
 */
export interface RuleDefaults {
  unit: CreditUnit | null;
  cycle_months: number | null;
  annual_minimum: number | null;
}

/** In an update of certification `c`: the body names another catalogue entry than the stored one. */
const ENTRY_CHANGED = `(:set_catalogue_id and cast(:catalogue_id as text) is not null
  and c.catalogue_id is distinct from cast(:catalogue_id as text))`;

const pick = <T>(given: T | null | undefined, fallback: T | null): T | null =>
  given === undefined ? fallback : given;

/** undefined when the caller has no user row, or `userId` is given and is not theirs. */
export async function createCertification(
  db: Queryable,
  sub: string,
  userId: string | null,
  input: CertificationWrite,
  defaults: RuleDefaults,
  today: Today,
): Promise<Certification | undefined> {
  const read = await readWithCredits(
    db,
    `with owner as (
       select user_id from users
        where cognito_sub = :sub and (cast(:user_id as uuid) is null or user_id = cast(:user_id as uuid))
     ), c as (
       insert into certifications
         (user_id, certification_name, cpe_needed, earned_date, certified_on, expiry_date,
          verification_link, catalogue_id, unit, cycle_months, annual_minimum, member_id)
       select user_id, cast(:certification_name as text), cast(:cpe_needed as numeric),
              cast(:earned_date as date),
              coalesce(cast(:certified_on as date), cast(:earned_date as date)),
              cast(:expiry_date as date),
              cast(:verification_link as text), cast(:catalogue_id as text), cast(:unit as text),
              coalesce(cast(:cycle_months as integer),
                       cpe_cycle_months(cast(:earned_date as date), cast(:expiry_date as date))),
              cast(:annual_minimum as numeric), cast(:member_id as text)
         from owner
       returning *, user_id as owner
     ), ${WITH_CREDITS}`,
    {
      sub,
      user_id: userId,
      ...specParams(input),
      catalogue_id: input.catalogue_id ?? null,
      unit: pick(input.unit, defaults.unit),
      // The body's cycle, for an entry's certification whose own is absent or cleared.
      cycle_months: input.cycle_months ?? defaults.cycle_months,
      annual_minimum: numeric(pick(input.annual_minimum, defaults.annual_minimum)),
      member_id: input.member_id ?? null,
      certified_on: input.certified_on ?? null,
    },
  );
  const created = read.certifications[0];
  return created && (await answersOf([created], today))[0];
}

/**
 * Replaces the spec's fields; each rule field only when the body gives it
 * (absent: unchanged). A certification with an expiry always has a cycle:
 * when none is given or stored, it is measured from the new dates. The
 * first certification date is as given; not given, it follows the earned
 * date until a renewal, and is never after it. It
 * applies only while `version` is the stored one, and moves the version on;
 * undefined when the certification is not the caller's or is at another
 * version (the handler tells them apart).
 */
export async function updateCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
  input: CertificationWrite & { version: number },
  today: Today,
  /**
   * The figures of the catalogue entry the body names: a cleared cycle falls
   * back to its cycle, and a certification moved to another entry takes its
   * unit, cycle and annual minimum where the body leaves them out.
   */
  entry: RuleDefaults = { unit: null, cycle_months: null, annual_minimum: null },
): Promise<Certification | undefined> {
  const read = await readWithCredits(
    db,
    `with c as (
       update certifications c
          set certification_name = cast(:certification_name as text),
              cpe_needed = cast(:cpe_needed as numeric),
              -- Given: as given (null: the earned date). Not given: it follows the earned date
              -- until a renewal, and is never after it.
              certified_on = case
                when :set_certified_on
                  then coalesce(cast(:certified_on as date), cast(:earned_date as date))
                when coalesce(c.certified_on, c.earned_date) = c.earned_date
                  then cast(:earned_date as date)
                else least(c.certified_on, cast(:earned_date as date)) end,
              earned_date = cast(:earned_date as date),
              expiry_date = cast(:expiry_date as date),
              verification_link = cast(:verification_link as text),
              catalogue_id = case when :set_catalogue_id then cast(:catalogue_id as text) else c.catalogue_id end,
              unit = case when :set_unit then cast(:unit as text)
                          when ${ENTRY_CHANGED} then cast(:entry_unit as text)
                          else c.unit end,
              cycle_months = coalesce(
                case when :set_cycle_months then cast(:cycle_months as integer)
                     when ${ENTRY_CHANGED} then cast(:entry_cycle_months as integer)
                     else c.cycle_months end,
                cast(:entry_cycle_months as integer),
                cpe_cycle_months(cast(:earned_date as date), cast(:expiry_date as date))),
              annual_minimum = case when :set_annual_minimum then cast(:annual_minimum as numeric)
                                    when ${ENTRY_CHANGED} then cast(:entry_annual_minimum as numeric)
                                    else c.annual_minimum end,
              member_id = case when :set_member_id then cast(:member_id as text) else c.member_id end,
              version = c.version + 1,
              updated_at = now()
         from users u
        where u.user_id = c.user_id and u.cognito_sub = :sub
          and c.certification_id = cast(:id as uuid) and c.version = cast(:version as integer)
          -- A renewed certification's start is the day after the cycle before it: moving it
          -- would leave credits in no cycle, or in two (decision 126).
          and (cast(:earned_date as date) = c.earned_date
               or not exists (select 1 from certification_cycles h
                               where h.certification_id = c.certification_id))
       returning c.*, c.user_id as owner
     ), ${WITH_CREDITS}`,
    {
      sub,
      id: certificationId,
      ...specParams(input),
      set_catalogue_id: input.catalogue_id !== undefined,
      catalogue_id: input.catalogue_id ?? null,
      set_unit: input.unit !== undefined,
      unit: input.unit ?? null,
      set_cycle_months: input.cycle_months !== undefined,
      cycle_months: input.cycle_months ?? null,
      entry_unit: entry.unit,
      entry_cycle_months: entry.cycle_months,
      entry_annual_minimum: numeric(entry.annual_minimum),
      set_annual_minimum: input.annual_minimum !== undefined,
      annual_minimum: numeric(input.annual_minimum),
      set_member_id: input.member_id !== undefined,
      member_id: input.member_id ?? null,
      set_certified_on: input.certified_on !== undefined,
      certified_on: input.certified_on ?? null,
      version: input.version,
    },
  );
  const updated = read.certifications[0];
  return updated && (await answersOf([updated], today))[0];
}

export type DeleteOutcome = 'deleted' | 'not-found' | 'has-activities';

export async function deleteCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
): Promise<DeleteOutcome> {
  const rows = await db.query(
    `with target as (
       select c.certification_id from certifications c
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
     ), blocked as (
       -- Any activity that counts for it, as primary or as another credit.
       select exists (
         select 1 from activity_credits cr where cr.certification_id in (select certification_id from target)
       ) as has_activities
     ), deleted as (
       delete from certifications
        where certification_id in (select certification_id from target)
          and not (select has_activities from blocked)
       returning certification_id
     )
     select (select count(*) from target) as found,
            (select has_activities from blocked) as has_activities,
            (select count(*) from deleted) as deleted`,
    { sub, id: certificationId },
    z.object({ found: num, has_activities: z.boolean(), deleted: num }),
  );
  const row = rows[0];
  if (!row || row.found === 0) return 'not-found';
  return row.deleted > 0 ? 'deleted' : 'has-activities';
}

/** What a renewal writes: the engine's plan for one cycle (@cpe/shared/rules planRenewal). */
export interface RenewalWrite {
  /** The cycle renewed, as read: the write applies only while it is still the stored one. */
  current: { earned_date: string; expiry_date: string | null };
  /** The unarchived credits as read (their sum and count): a change in between refuses the write. */
  credits: { sum: number; count: number };
  next: { earned_date: string; expiry_date: string | null; cycle_months: number | null };
  /** Credits dated up to this day are archived: the old cycle keeps them. */
  archiveThrough: string;
  /** And the late ones of these dates and categories, which the old cycle needed. */
  lateKept: readonly { date: string; category: string | null }[];
  carried: number;
  carriedCategory: string | null;
  closed: { start: string; end: string; carriedIn: number; carriedCategory: string | null };
}

/**
 * Applies a renewal in one statement: the certification moves to the next
 * cycle, the old cycle's credits are archived (an activity credited to
 * other certifications still counts for them), the closed cycle is
 * recorded. It applies only while the cycle and its credits are still
 * those the plan was made from, so of concurrent renewals of one cycle
 * exactly one applies (the update re-checks both dates on the row it
 * locks; docs/decisions/010). Answers false when it did not apply.
 */
export async function applyRenewal(
  db: Queryable,
  sub: string,
  certificationId: string,
  write: RenewalWrite,
): Promise<boolean> {
  const rows = await db.query(
    `with target as (
       select c.certification_id
         from certifications c
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
          and c.earned_date = cast(:earned_date as date)
          and c.expiry_date is not distinct from cast(:expiry_date as date)
          and (select coalesce(sum(cr.cpe_units), 0) = cast(:credit_sum as numeric) and count(*) = :credit_count
                 from activity_credits cr
                where cr.certification_id = c.certification_id and not cr.is_archived)
     ), renewed as (
       update certifications c
          set earned_date = cast(:next_earned as date),
              -- Rows from before migration 007 hold no first-certified day: it is the old start.
              certified_on = coalesce(c.certified_on, c.earned_date),
              expiry_date = cast(:next_expiry as date),
              cycle_months = coalesce(cast(:cycle_months as integer), c.cycle_months),
              carried_in = cast(:carried as numeric),
              carried_category = cast(:carried_category as text),
              version = c.version + 1,
              updated_at = now()
         from target t
        where c.certification_id = t.certification_id
          and c.earned_date = cast(:earned_date as date)
          and c.expiry_date is not distinct from cast(:expiry_date as date)
       returning c.certification_id
     ), history as (
       insert into certification_cycles
         (certification_id, start_date, end_date, carried_in, carried_category, carried_out)
       select certification_id, cast(:closed_start as date), cast(:closed_end as date),
              cast(:closed_carried_in as numeric), cast(:closed_carried_category as text),
              cast(:carried as numeric)
         from renewed
       on conflict (certification_id, start_date) do update
          set end_date = excluded.end_date, carried_out = excluded.carried_out, renewed_at = now()
     ), archived as (
       -- Data-modifying CTEs run whether or not they are selected from.
       -- A credit dated after the closed cycle's end is a late one it keeps.
       update activity_credits cr
          set is_archived = true,
              late_for_cycle = case when cr.activity_date > cast(:closed_end as date)
                                    then cast(:closed_start as date) end
        where cr.certification_id in (select certification_id from renewed) and not cr.is_archived
          and (cr.activity_date <= cast(:archive_through as date)
               or exists (select 1 from jsonb_to_recordset(cast(:late_kept as jsonb))
                                     as l(date date, category text)
                           where l.date = cr.activity_date
                             and l.category is not distinct from cr.category))
       returning cr.activity_id
     ), archived_primary as (
       -- activities.is_archived stays the primary credit's flag; every activity
       -- with a credit archived here is another version now.
       update activities a
          set is_archived = a.is_archived
                or a.certification_id in (select certification_id from renewed),
              version = a.version + 1, updated_at = now()
        where a.activity_id in (select activity_id from archived)
     )
     select count(*) as renewed from renewed`,
    {
      sub,
      id: certificationId,
      earned_date: write.current.earned_date,
      expiry_date: write.current.expiry_date,
      credit_sum: String(write.credits.sum),
      credit_count: write.credits.count,
      next_earned: write.next.earned_date,
      next_expiry: write.next.expiry_date,
      cycle_months: write.next.cycle_months,
      carried: String(write.carried),
      carried_category: write.carriedCategory,
      closed_start: write.closed.start,
      closed_end: write.closed.end,
      closed_carried_in: String(write.closed.carriedIn),
      closed_carried_category: write.closed.carriedCategory,
      archive_through: write.archiveThrough,
      late_kept: JSON.stringify(write.lateKept),
    },
    z.object({ renewed: num }),
  );
  return (rows[0]?.renewed ?? 0) > 0;
}

const auditRow = z.looseObject({
  certification_id: z.string(),
  catalogue_id: z.nullable(z.string()),
  cpe_needed: nullableNum,
  unit: z.nullable(z.string()),
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  cycle_months: nullableNum,
  annual_minimum: nullableNum,
  certified_on: z.string(),
  carried_in: num,
  carried_category: z.nullable(z.string()),
  history: z.string(),
  time_zone: z.nullable(z.string()),
  activity_id: z.nullable(z.string()),
});

const auditCreditRow = z.object({
  activity_id: z.string(),
  activity_name: z.string(),
  activity_date: z.string(),
  cpe_units: num,
  is_archived: z.boolean(),
  late_for_cycle: z.nullable(z.string()),
  submitted_on: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  category: z.nullable(z.string()),
  has_proof: z.boolean(),
});

/** The renewed cycles of certification `c`, newest first, as JSON text (one column). */
export const HISTORY_JSON = `coalesce((select cast(json_agg(json_build_object(
    'start', h.start_date, 'end', h.end_date, 'carried_in', h.carried_in,
    'carried_category', h.carried_category) order by h.start_date desc) as text)
    from certification_cycles h where h.certification_id = c.certification_id), '[]')`;

/** What HISTORY_JSON holds. */
export const historyRow = z.array(
  z.object({
    start: z.string(),
    end: z.string(),
    carried_in: z.number(),
    carried_category: z.nullable(z.string()),
  }),
);

/** A renewed cycle as the history recorded it. */
export type PastCycle = z.infer<typeof historyRow>[number];

export interface AuditData {
  certification: ReadinessCertification & {
    catalogue_id: string | null;
    annual_minimum: number | null;
    certified_on: string;
    carried_in: number;
    carried_category: string | null;
  };
  /** Every credit of the certification, archived ones included, with its activity. */
  credits: ReadinessCredit[];
  /** Renewed cycles, newest first. */
  history: PastCycle[];
  /** The owner's time zone (their settings; null: none chosen). */
  timeZone: string | null;
}

/** The certification's dates, its renewed cycles and every credit it has, for cycles and readiness; one statement. */
export async function auditData(
  db: Queryable,
  sub: string,
  certificationId: string,
): Promise<AuditData | undefined> {
  const rows = await db.query(
    `select c.certification_id, c.catalogue_id, c.cpe_needed, c.unit, c.earned_date, c.expiry_date,
            c.cycle_months, c.annual_minimum, coalesce(c.certified_on, c.earned_date) as certified_on,
            c.carried_in, c.carried_category,
            ${HISTORY_JSON} as history,
            (select s.time_zone from user_settings s where s.user_id = c.user_id) as time_zone,
            x.*
       from certifications c
       join users u on u.user_id = c.user_id
       left join lateral (
         select a.activity_id, a.activity_name, a.activity_date, cr.cpe_units, cr.is_archived,
                cr.late_for_cycle, cr.submitted_on, a.provider, cr.category,
                exists (select 1 from files f where f.activity_id = a.activity_id) as has_proof
           from activity_credits cr
           join activities a on a.activity_id = cr.activity_id
          where cr.certification_id = c.certification_id
       ) x on true
      where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
      order by x.activity_date, x.activity_id`,
    { sub, id: certificationId },
    auditRow,
  );
  const first = rows[0];
  if (!first) return undefined;
  return {
    certification: {
      certification_id: first.certification_id,
      catalogue_id: first.catalogue_id,
      cpe_needed: first.cpe_needed,
      unit: first.unit,
      earned_date: first.earned_date,
      expiry_date: first.expiry_date,
      cycle_months: first.cycle_months,
      annual_minimum: first.annual_minimum,
      certified_on: first.certified_on,
      carried_in: first.carried_in,
      carried_category: first.carried_category,
    },
    credits: rows.filter((r) => r.activity_id !== null).map((r) => auditCreditRow.parse(r)),
    history: historyRow.parse(JSON.parse(first.history)),
    timeZone: first.time_zone,
  };
}
