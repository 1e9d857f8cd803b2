/**
 * SQL for certifications. Each function is one Data API call; every statement
 * is scoped by the caller's Cognito sub, so another user's id finds nothing.
 * Totals come from non-archived activities in the same statement, as of
 * `today` (the handler's clock): the cycle, the cycle year and the calendar
 * year figures need a date, and the database's own clock is not the app's.
 */
import * as z from 'zod/mini';
import type { Certification, CertificationInput, CreditUnit } from '@cpe/shared';
import { DATE_RANGE } from '@cpe/shared/dates';
import type { ReadinessCertification, ReadinessCredit } from '@cpe/shared/readiness';
import type { Queryable } from '../db';
import { nullableNum, num } from './rows';

export const certificationRow = z.object({
  certification_id: z.string(),
  certification_name: z.string(),
  user_id: z.string(),
  cpe_needed: nullableNum,
  total_cpes_earned: num,
  percentage_completion: nullableNum,
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  verification_link: z.nullable(z.string()),
  catalogue_id: z.nullable(z.string()),
  unit: z.nullable(z.string()),
  cycle_months: nullableNum,
  annual_minimum: nullableNum,
  cycle_cpes_earned: num,
  cycle_year_cpes_earned: num,
  calendar_year_cpes_earned: num,
});

export function toCertification(row: z.infer<typeof certificationRow>): Certification {
  // The unit column's CHECK holds it to the catalogue's units.
  return { ...row, unit: row.unit as CreditUnit | null };
}

/**
 * A row of a statement that lists an owner's certifications with a left join:
 * a certification's columns with its `owner`, or, for an owner who has none,
 * only `owner` (the join's empty row). One parse per row.
 */
export const ownedCertificationRow = z.union([
  z.extend(certificationRow, { owner: z.string() }),
  z.object({ owner: z.string(), certification_id: z.null() }),
]);

/** The certifications of such rows (none for the empty row). */
export function certificationsOf(rows: z.infer<typeof ownedCertificationRow>[]): Certification[] {
  return rows.flatMap((r) => {
    if (r.certification_id === null) return [];
    const { owner: _owner, ...row } = r;
    return [toCertification(row)];
  });
}

/** Columns of a certification `c` with its figures from lateral `t` (sums of non-archived units). */
export const SELECT_CERTIFICATION = `
  c.certification_id, c.certification_name, c.user_id, c.cpe_needed,
  coalesce(t.total, 0) as total_cpes_earned,
  case
    when c.cpe_needed is null then null
    when c.cpe_needed = 0 then 100
    else least(100, round(coalesce(t.total, 0) / c.cpe_needed * 100, 2))
  end as percentage_completion,
  c.earned_date, c.expiry_date, c.verification_link,
  c.catalogue_id, c.unit, c.cycle_months, c.annual_minimum,
  coalesce(t.cycle_total, 0) as cycle_cpes_earned,
  coalesce(t.cycle_year_total, 0) as cycle_year_cpes_earned,
  coalesce(t.calendar_year_total, 0) as calendar_year_cpes_earned`;

/**
 * The dates a certification `c`'s figures are summed between, worked out
 * once per certification: the cycle year runs from the earned-date
 * anniversary holding :today to the next (cpe_cycle_year, migration 002),
 * the calendar year is :today's. Left inside the sums, a generic plan (the
 * Data API's connections prepare statements, so Aurora reuses plans) would
 * work them out again for every credit.
 */
export const BOUNDS = `
  cast(c.earned_date + make_interval(years => y.k) as date) as cycle_year_start,
  cast(c.earned_date + make_interval(years => y.k + 1) as date) as cycle_year_end,
  cast(date_trunc('year', cast(:today as date)) as date) as year_start,
  cast(date_trunc('year', cast(:today as date)) + interval '1 year' as date) as year_end`;

/** The cycle year `y.k` of certification `c` that BOUNDS reads, joined once per certification. */
export const CYCLE_YEAR = `cross join lateral (select cpe_cycle_year(c.earned_date, cast(:today as date)) as k) y`;

/**
 * The figures of the certification `b` (a row with its BOUNDS) over credits
 * `cr`, each carrying its activity's date (migration 006). The cycle is
 * earned_date to expiry_date (open-ended without expiry).
 */
const SUMS = `
  sum(cr.cpe_units) as total,
  sum(cr.cpe_units) filter (
    where cr.activity_date >= b.earned_date and (b.expiry_date is null or cr.activity_date <= b.expiry_date)
  ) as cycle_total,
  sum(cr.cpe_units) filter (
    where cr.activity_date >= b.cycle_year_start and cr.activity_date < b.cycle_year_end
  ) as cycle_year_total,
  sum(cr.cpe_units) filter (
    where cr.activity_date >= b.year_start and cr.activity_date < b.year_end
  ) as calendar_year_total`;

/**
 * One certification `c`'s figures, as lateral `t`: one pass over its credits
 * (activity_credits, migration 003: an activity counts for each certification
 * it has a credit for, with that credit's units; renewing archives only this
 * certification's credits). `offset 0` keeps the
 * bounds a subquery worked out once, not folded into every row.
 */
export const TOTALS = `
  left join lateral (
    select ${SUMS}
      from (select c.earned_date, c.expiry_date, ${BOUNDS}
              from (select cpe_cycle_year(c.earned_date, cast(:today as date)) as k) y offset 0) b
     cross join activity_credits cr
     where cr.certification_id = c.certification_id and not cr.is_archived
  ) t on true`;

/**
 * Many certifications' figures in one grouped pass, as CTE `t` keyed by
 * certification_id: the statement first selects the certifications as CTE
 * `c` (materialized, with CYCLE_YEAR and BOUNDS), then joins `t`. A lateral per
 * certification would scan the credits once per certification.
 */
export const GROUPED_TOTALS = `
  t as (
    select cr.certification_id, ${SUMS}
      from c b
      join activity_credits cr on cr.certification_id = b.certification_id
     where not cr.is_archived
     group by cr.certification_id
  )`;

/** A certification with no activities yet (just created, or just renewed). */
const NO_ACTIVITIES = `cross join (
  select cast(null as numeric) as total, cast(null as numeric) as cycle_total,
         cast(null as numeric) as cycle_year_total, cast(null as numeric) as calendar_year_total
) t`;

const numeric = (n: number | null | undefined) =>
  n === null || n === undefined ? null : String(n);

/**
 * What create and update may store besides the spec's fields. Each rule
 * field is given (a value or null) or absent (`undefined`).
 */
export type CertificationWrite = CertificationInput;

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
  today: string,
): Promise<Certification[] | undefined> {
  const rows = await db.query(
    `with c as materialized (
       select u.user_id as owner, c.*, ${BOUNDS}
         from users u
         left join certifications c on c.user_id = u.user_id
         ${CYCLE_YEAR}
        where u.cognito_sub = :sub and u.user_id = cast(:user_id as uuid)
     ), ${GROUPED_TOTALS}
     select c.owner, ${SELECT_CERTIFICATION}
       from c left join t on t.certification_id = c.certification_id
      order by c.created_at, c.certification_id`,
    { sub, user_id: userId, today },
    ownedCertificationRow,
  );
  if (rows.length === 0) return undefined;
  return certificationsOf(rows);
}

export async function getCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
  today: string,
): Promise<Certification | undefined> {
  const rows = await db.query(
    `select ${SELECT_CERTIFICATION}
       from certifications c
       join users u on u.user_id = c.user_id
       ${TOTALS}
      where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)`,
    { sub, id: certificationId, today },
    certificationRow,
  );
  return rows.map(toCertification)[0];
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

const pick = <T>(given: T | null | undefined, fallback: T | null): T | null =>
  given === undefined ? fallback : given;

/** undefined when the caller has no user row, or `userId` is given and is not theirs. */
export async function createCertification(
  db: Queryable,
  sub: string,
  userId: string | null,
  input: CertificationWrite,
  defaults: RuleDefaults,
): Promise<Certification | undefined> {
  const rows = await db.query(
    `with owner as (
       select user_id from users
        where cognito_sub = :sub and (cast(:user_id as uuid) is null or user_id = cast(:user_id as uuid))
     ), c as (
       insert into certifications
         (user_id, certification_name, cpe_needed, earned_date, expiry_date, verification_link,
          catalogue_id, unit, cycle_months, annual_minimum)
       select user_id, cast(:certification_name as text), cast(:cpe_needed as numeric),
              cast(:earned_date as date), cast(:expiry_date as date), cast(:verification_link as text),
              cast(:catalogue_id as text), cast(:unit as text),
              coalesce(cast(:cycle_months as integer),
                       cpe_cycle_months(cast(:earned_date as date), cast(:expiry_date as date))),
              cast(:annual_minimum as numeric)
         from owner
       returning *
     )
     select ${SELECT_CERTIFICATION} from c ${NO_ACTIVITIES}`,
    {
      sub,
      user_id: userId,
      ...specParams(input),
      catalogue_id: input.catalogue_id ?? null,
      unit: pick(input.unit, defaults.unit),
      cycle_months: pick(input.cycle_months, defaults.cycle_months),
      annual_minimum: numeric(pick(input.annual_minimum, defaults.annual_minimum)),
    },
    certificationRow,
  );
  return rows.map(toCertification)[0];
}

/**
 * Replaces the spec's fields; each rule field only when the body gives it
 * (absent: unchanged). A certification with an expiry always has a cycle:
 * when none is given or stored, it is measured from the new dates.
 */
export async function updateCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
  input: CertificationWrite,
  today: string,
): Promise<Certification | undefined> {
  const rows = await db.query(
    `with c as (
       update certifications c
          set certification_name = cast(:certification_name as text),
              cpe_needed = cast(:cpe_needed as numeric),
              earned_date = cast(:earned_date as date),
              expiry_date = cast(:expiry_date as date),
              verification_link = cast(:verification_link as text),
              catalogue_id = case when :set_catalogue_id then cast(:catalogue_id as text) else c.catalogue_id end,
              unit = case when :set_unit then cast(:unit as text) else c.unit end,
              cycle_months = coalesce(
                case when :set_cycle_months then cast(:cycle_months as integer) else c.cycle_months end,
                cpe_cycle_months(cast(:earned_date as date), cast(:expiry_date as date))),
              annual_minimum = case when :set_annual_minimum then cast(:annual_minimum as numeric)
                                    else c.annual_minimum end,
              updated_at = now()
         from users u
        where u.user_id = c.user_id and u.cognito_sub = :sub
          and c.certification_id = cast(:id as uuid)
       returning c.*
     )
     select ${SELECT_CERTIFICATION} from c ${TOTALS}`,
    {
      sub,
      id: certificationId,
      today,
      ...specParams(input),
      set_catalogue_id: input.catalogue_id !== undefined,
      catalogue_id: input.catalogue_id ?? null,
      set_unit: input.unit !== undefined,
      unit: input.unit ?? null,
      set_cycle_months: input.cycle_months !== undefined,
      cycle_months: input.cycle_months ?? null,
      set_annual_minimum: input.annual_minimum !== undefined,
      annual_minimum: numeric(input.annual_minimum),
    },
    certificationRow,
  );
  return rows.map(toCertification)[0];
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

export type RenewOutcome =
  | { kind: 'renewed'; certification: Certification }
  | { kind: 'not-found' }
  | { kind: 'insufficient' }
  | { kind: 'already-renewed' }
  | { kind: 'out-of-range' };

/**
 * Which cycle a renewal is for: `{ expiry: <date or null> }` when the caller
 * named it (the body's expiry_date), null for the product spec's bare call.
 */
export type RenewTarget = { expiry: string | null } | null;

const renewRow = z.looseObject({
  found: num,
  current_cycle: z.nullable(z.boolean()),
  target_met: z.nullable(z.boolean()),
  out_of_range: z.nullable(z.boolean()),
  certification_id: z.nullable(z.string()),
});

/**
 * Starts the next cycle in one statement: archives the cycle's credits (an
 * activity credited to other certifications still counts for them);
 * earned_date becomes the old expiry (today without one) and expiry moves by
 * cycle_months with cpe_add_months_eom (the shared addMonthsEndOfMonthIso),
 * so the cycle keeps its length in months.
 *
 * It applies only while (a) the named cycle is still the current one (its
 * expiry unchanged), (b) the target is met, (c) the new expiry stays within
 * the dates the app stores, and (d) for a named cycle, the renewal moves the
 * cycle at all (a certification without expiry renewed twice the same day
 * does not). The update re-checks both dates on the row it locks, so of
 * concurrent renewals of one cycle exactly one applies, on PostgreSQL's
 * READ COMMITTED as on a single connection (docs/decisions/010).
 */
export async function renewCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
  today: string,
  target: RenewTarget,
): Promise<RenewOutcome> {
  const rows = await db.query(
    `with current as (
       select c.certification_id, c.cpe_needed, c.earned_date, c.expiry_date,
              coalesce(c.cycle_months, cpe_cycle_months(c.earned_date, c.expiry_date)) as cycle_months,
              coalesce((select sum(cr.cpe_units) from activity_credits cr
                         where cr.certification_id = c.certification_id and not cr.is_archived), 0) as earned
         from certifications c
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
     ), plan as (
       select p.*,
              (not :named or p.expiry_date is not distinct from cast(:expected_expiry as date)) as current_cycle,
              (p.cpe_needed is null or p.earned >= p.cpe_needed) as target_met,
              coalesce(p.expiry_date, cast(:today as date)) as next_earned,
              case when p.expiry_date is null then null
                   else cpe_add_months_eom(p.expiry_date, p.cycle_months) end as next_expiry
         from current p
     ), eligible as (
       select * from plan
        where current_cycle and target_met
          and (next_expiry is null or next_expiry <= cast(:max_date as date))
          and (not :named or next_earned <> earned_date or next_expiry is distinct from expiry_date)
     ), renewed as (
       update certifications c
          set earned_date = e.next_earned,
              expiry_date = e.next_expiry,
              cycle_months = e.cycle_months,
              updated_at = now()
         from eligible e
        where c.certification_id = e.certification_id
          and c.earned_date = e.earned_date
          and c.expiry_date is not distinct from e.expiry_date
       returning c.*
     ), archived as (
       -- Data-modifying CTEs run whether or not they are selected from.
       -- Only this certification's credits: the activities still count for the others.
       update activity_credits cr set is_archived = true
        where cr.certification_id in (select certification_id from renewed) and not cr.is_archived
     ), archived_primary as (
       -- activities.is_archived stays the primary credit's flag.
       update activities a set is_archived = true, updated_at = now()
        where a.certification_id in (select certification_id from renewed) and not a.is_archived
     )
     select (select count(*) from plan) as found,
            (select current_cycle from plan) as current_cycle,
            (select target_met from plan) as target_met,
            (select next_expiry > cast(:max_date as date) from plan) as out_of_range,
            r.*
       from (select 1) one
       left join (
         -- The new cycle has no activities yet.
         select ${SELECT_CERTIFICATION} from renewed c ${NO_ACTIVITIES}
       ) r on true`,
    {
      sub,
      id: certificationId,
      today,
      named: target !== null,
      expected_expiry: target?.expiry ?? null,
      max_date: DATE_RANGE.max,
    },
    renewRow,
  );
  const row = rows[0];
  if (!row || row.found === 0) return { kind: 'not-found' };
  if (row.certification_id !== null) {
    return { kind: 'renewed', certification: toCertification(certificationRow.parse(row)) };
  }
  // A cycle that is no longer current was renewed already: that is what a retry needs to hear first.
  if (row.current_cycle === false) return { kind: 'already-renewed' };
  if (row.target_met === false) return { kind: 'insufficient' };
  if (row.out_of_range === true) return { kind: 'out-of-range' };
  // Lost the race to a concurrent renewal of the same cycle, or a named cycle that would not move.
  return { kind: 'already-renewed' };
}

const auditRow = z.looseObject({
  certification_id: z.string(),
  catalogue_id: z.nullable(z.string()),
  cpe_needed: nullableNum,
  unit: z.nullable(z.string()),
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  cycle_months: nullableNum,
  activity_id: z.nullable(z.string()),
});

const auditCreditRow = z.object({
  activity_id: z.string(),
  activity_name: z.string(),
  activity_date: z.string(),
  cpe_units: num,
  is_archived: z.boolean(),
  submitted_on: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  category: z.nullable(z.string()),
  has_proof: z.boolean(),
});

export interface AuditData {
  certification: ReadinessCertification & { catalogue_id: string | null };
  /** Every credit of the certification, archived ones included, with its activity. */
  credits: ReadinessCredit[];
}

/** The certification's dates and every credit it has, for cycles and readiness; one statement. */
export async function auditData(
  db: Queryable,
  sub: string,
  certificationId: string,
): Promise<AuditData | undefined> {
  const rows = await db.query(
    `select c.certification_id, c.catalogue_id, c.cpe_needed, c.unit, c.earned_date, c.expiry_date,
            c.cycle_months, x.*
       from certifications c
       join users u on u.user_id = c.user_id
       left join lateral (
         select a.activity_id, a.activity_name, a.activity_date, cr.cpe_units, cr.is_archived,
                cr.submitted_on, a.provider, a.category,
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
    },
    credits: rows.filter((r) => r.activity_id !== null).map((r) => auditCreditRow.parse(r)),
  };
}
