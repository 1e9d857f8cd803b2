/**
 * SQL for certifications. Each function is one Data API call; every statement
 * is scoped by the caller's Cognito sub, so another user's id finds nothing.
 * Totals come from non-archived activities in the same statement.
 */
import * as z from 'zod/mini';
import type { Certification, CertificationInput } from '@cpe/shared';
import type { Queryable } from '../db';
import { nullableNum, num } from './rows';

const certificationRow = z.object({
  certification_id: z.string(),
  certification_name: z.string(),
  user_id: z.string(),
  cpe_needed: nullableNum,
  total_cpes_earned: num,
  percentage_completion: nullableNum,
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  verification_link: z.nullable(z.string()),
});

/** Columns of a certification `c` with its totals from lateral `t` (sum of non-archived units). */
const SELECT_CERTIFICATION = `
  c.certification_id, c.certification_name, c.user_id, c.cpe_needed,
  coalesce(t.total, 0) as total_cpes_earned,
  case
    when c.cpe_needed is null then null
    when c.cpe_needed = 0 then 100
    else least(100, round(coalesce(t.total, 0) / c.cpe_needed * 100, 2))
  end as percentage_completion,
  c.earned_date, c.expiry_date, c.verification_link`;

const TOTALS = `
  left join lateral (
    select sum(a.cpe_units) as total from activities a
     where a.certification_id = c.certification_id and not a.is_archived
  ) t on true`;

function inputParams(input: CertificationInput) {
  return {
    certification_name: input.certification_name,
    cpe_needed: input.cpe_needed === null ? null : String(input.cpe_needed),
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
): Promise<Certification[] | undefined> {
  const rows = await db.query(
    `select u.user_id as owner, ${SELECT_CERTIFICATION}
       from users u
       left join certifications c on c.user_id = u.user_id
       ${TOTALS}
      where u.cognito_sub = :sub and u.user_id = cast(:user_id as uuid)
      order by c.created_at, c.certification_id`,
    { sub, user_id: userId },
    z.looseObject({ owner: z.string(), certification_id: z.nullable(z.string()) }),
  );
  if (rows.length === 0) return undefined;
  return rows.filter((r) => r.certification_id !== null).map((r) => certificationRow.parse(r));
}

export async function getCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
): Promise<Certification | undefined> {
  const rows = await db.query(
    `select ${SELECT_CERTIFICATION}
       from certifications c
       join users u on u.user_id = c.user_id
       ${TOTALS}
      where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)`,
    { sub, id: certificationId },
    certificationRow,
  );
  return rows[0];
}

/** undefined when the caller has no user row, or `userId` is given and is not theirs. */
export async function createCertification(
  db: Queryable,
  sub: string,
  userId: string | null,
  input: CertificationInput,
): Promise<Certification | undefined> {
  const rows = await db.query(
    `with owner as (
       select user_id from users
        where cognito_sub = :sub and (cast(:user_id as uuid) is null or user_id = cast(:user_id as uuid))
     ), c as (
       insert into certifications
         (user_id, certification_name, cpe_needed, earned_date, expiry_date, verification_link)
       select user_id, cast(:certification_name as text), cast(:cpe_needed as numeric),
              cast(:earned_date as date), cast(:expiry_date as date), cast(:verification_link as text)
         from owner
       returning *
     )
     select ${SELECT_CERTIFICATION} from c cross join (select cast(null as numeric) as total) t`,
    { sub, user_id: userId, ...inputParams(input) },
    certificationRow,
  );
  return rows[0];
}

export async function updateCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
  input: CertificationInput,
): Promise<Certification | undefined> {
  const rows = await db.query(
    `with c as (
       update certifications c
          set certification_name = cast(:certification_name as text),
              cpe_needed = cast(:cpe_needed as numeric),
              earned_date = cast(:earned_date as date),
              expiry_date = cast(:expiry_date as date),
              verification_link = cast(:verification_link as text),
              updated_at = now()
         from users u
        where u.user_id = c.user_id and u.cognito_sub = :sub
          and c.certification_id = cast(:id as uuid)
       returning c.*
     )
     select ${SELECT_CERTIFICATION} from c ${TOTALS}`,
    { sub, id: certificationId, ...inputParams(input) },
    certificationRow,
  );
  return rows[0];
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
       select exists (
         select 1 from activities a where a.certification_id in (select certification_id from target)
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
  | { kind: 'insufficient' };

/**
 * Starts the next cycle in one statement: archives the cycle's activities,
 * moves earned_date to the old expiry (or today) and expiry forward by the old
 * cycle length. The update re-checks earned_date, so of two concurrent renewals
 * only the first takes effect; the second then sees 0 earned and is refused.
 */
export async function renewCertification(
  db: Queryable,
  sub: string,
  certificationId: string,
  today: string,
): Promise<RenewOutcome> {
  const rows = await db.query(
    `with target as (
       select c.certification_id, c.cpe_needed, c.earned_date, c.expiry_date,
              coalesce(t.total, 0) as earned
         from certifications c
         join users u on u.user_id = c.user_id
         ${TOTALS}
        where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
     ), eligible as (
       select * from target where cpe_needed is null or earned >= cpe_needed
     ), renewed as (
       update certifications c
          set earned_date = coalesce(e.expiry_date, cast(:today as date)),
              -- by calendar length (years, months, days), so a 3-year cycle stays 3 years across leap days
              expiry_date = case when e.expiry_date is null then null
                                 else cast(e.expiry_date + age(e.expiry_date, e.earned_date) as date) end,
              updated_at = now()
         from eligible e
        where c.certification_id = e.certification_id and c.earned_date = e.earned_date
       returning c.*
     ), archived as (
       -- Data-modifying CTEs run whether or not they are selected from.
       update activities a set is_archived = true, updated_at = now()
        where a.certification_id in (select certification_id from renewed) and not a.is_archived
     )
     select (select count(*) from target) as found, r.*
       from (select 1) one
       left join (
         -- The new cycle has no activities yet: totals from an empty set.
         select ${SELECT_CERTIFICATION} from renewed c cross join (select cast(null as numeric) as total) t
       ) r on true`,
    { sub, id: certificationId, today },
    z.looseObject({ found: num, certification_id: z.nullable(z.string()) }),
  );
  const row = rows[0];
  if (!row || row.found === 0) return { kind: 'not-found' };
  if (row.certification_id === null) return { kind: 'insufficient' };
  return { kind: 'renewed', certification: certificationRow.parse(row) };
}
