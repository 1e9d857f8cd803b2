/**
 * SQL of the spreadsheet import (docs/decisions/115): the caller's
 * certifications to match rows against, which rows are already stored, and
 * the writes, each statement taking at most IMPORT_RULES.rowsPerStatement
 * rows as one JSON parameter. Everything is scoped to the caller's Cognito
 * sub through the certifications' owner.
 */
import * as z from 'zod/mini';
import { IMPORT_RULES } from '@cpe/shared/schemas';
import type { Queryable } from '../db';
import { num, sameUnit } from './rows';

export interface OwnCertificationRow {
  certification_id: string;
  certification_name: string;
  catalogue_id: string | null;
  unit: string | null;
}

export async function ownCertifications(
  db: Queryable,
  sub: string,
): Promise<OwnCertificationRow[]> {
  return db.query(
    `select c.certification_id, c.certification_name, c.catalogue_id, c.unit
       from certifications c join users u on u.user_id = c.user_id
      where u.cognito_sub = :sub
      order by c.created_at, c.certification_id`,
    { sub },
    z.object({
      certification_id: z.string(),
      certification_name: z.string(),
      catalogue_id: z.nullable(z.string()),
      unit: z.nullable(z.string()),
    }),
  );
}

/** A row to look up or write: what the activity would store, with its key and place. */
export interface ImportWrite {
  ord: number;
  certification_id: string;
  activity_name: string;
  /** The name and provider as rows compare (lower case, single spaces). */
  name_key: string;
  provider_key: string;
  description: string;
  cpe_units: number;
  activity_date: string;
  provider: string | null;
  category: string | null;
  import_key: string;
  submitted_on: string | null;
  /** A late credit a renewal kept for a past cycle (account export): archived, not the current cycle's. */
  late: boolean;
  extra: {
    certification_id: string;
    cpe_units: number;
    category: string | null;
    submitted_on: string | null;
    late?: boolean;
  }[];
}

/**
 * The Data API takes requests of at most 4 MiB: a statement's rows stay
 * under this many bytes of JSON, well clear of it with the SQL and headers.
 */
const STATEMENT_JSON_BYTES = 2 * 1024 * 1024;

/** The rows in statements of at most 500 rows and STATEMENT_JSON_BYTES of JSON each. */
export function chunks<T>(items: readonly T[], maxBytes = STATEMENT_JSON_BYTES): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 2;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (
      current.length > 0 &&
      (current.length >= IMPORT_RULES.rowsPerStatement || bytes + size > maxBytes)
    ) {
      out.push(current);
      current = [];
      bytes = 2;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

const ROWS = `jsonb_to_recordset(cast(:rows as jsonb))
  as w(ord integer, certification_id uuid, activity_name text, name_key text, provider_key text,
       description text, cpe_units numeric, activity_date date, provider text, category text,
       import_key text, submitted_on date, late boolean, extra jsonb)`;

/**
 * The rows (their `ord`) already stored for the caller: an activity of the
 * same certification imported with the same key, or one that counts for the
 * certification (its own, or through a credit) with the same date, title,
 * provider and units.
 */
export async function storedDuplicates(
  db: Queryable,
  sub: string,
  rows: readonly ImportWrite[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (const chunk of chunks(rows)) {
    const answer = await db.query(
      `with me as (select user_id from users where cognito_sub = :sub),
       w as (
         select w.* from ${ROWS}
           join certifications c on c.certification_id = w.certification_id
           join me on me.user_id = c.user_id
       )
       select w.ord from w
         join activities a on a.certification_id = w.certification_id and a.import_key = w.import_key
       union
       -- Through its credits: an activity shown under the certification counts, whichever
       -- certification it was logged for, with the units it counts for this one.
       select w.ord from w
         join activity_credits cr on cr.certification_id = w.certification_id
                                 and cr.activity_date = w.activity_date and cr.cpe_units = w.cpe_units
         join activities a on a.activity_id = cr.activity_id
                          and lower(regexp_replace(btrim(a.activity_name), '\\s+', ' ', 'g')) = w.name_key
                          and coalesce(lower(regexp_replace(btrim(a.provider), '\\s+', ' ', 'g')), '') = w.provider_key`,
      { sub, rows: JSON.stringify(chunk) },
      z.object({ ord: num }),
    );
    for (const r of answer) found.add(r.ord);
  }
  return found;
}

/** A certification an import creates. */
export interface CertificationWriteRow {
  certification_id: string;
  certification_name: string;
  earned_date: string;
  expiry_date: string | null;
  cpe_needed: number | null;
  verification_link: string | null;
  catalogue_id: string | null;
  unit: string | null;
  cycle_months: number | null;
  annual_minimum: number | null;
  /** The holder's member number with the body; null for none (absent: none). */
  member_id?: string | null;
  certified_on: string | null;
  carried_in: number;
  carried_category: string | null;
}

/** Creates the certifications; answers how many. */
export async function createCertifications(
  db: Queryable,
  sub: string,
  certifications: readonly CertificationWriteRow[],
): Promise<number> {
  if (certifications.length === 0) return 0;
  return db.execute(
    `insert into certifications
       (certification_id, user_id, certification_name, cpe_needed, earned_date, certified_on,
        expiry_date, verification_link, catalogue_id, unit, cycle_months, annual_minimum,
        member_id, carried_in, carried_category)
     select x.certification_id, u.user_id, x.certification_name, x.cpe_needed, x.earned_date,
            coalesce(x.certified_on, x.earned_date), x.expiry_date, x.verification_link,
            x.catalogue_id, x.unit,
            coalesce(x.cycle_months, case when x.expiry_date is not null
                                          then cpe_cycle_months(x.earned_date, x.expiry_date) end),
            x.annual_minimum, x.member_id, coalesce(x.carried_in, 0), x.carried_category
       from jsonb_to_recordset(cast(:certifications as jsonb))
         as x(certification_id uuid, certification_name text, cpe_needed numeric, earned_date date,
              certified_on date, expiry_date date, verification_link text, catalogue_id text,
              unit text, cycle_months integer, annual_minimum numeric, member_id text,
              carried_in numeric, carried_category text)
       join users u on u.cognito_sub = :sub`,
    { sub, certifications: JSON.stringify(certifications) },
  );
}

/**
 * As activities.ts decides it: a credit dated before the current cycle of a
 * renewed certification belongs to a closed cycle.
 */
const archivedAt = (date: string, cert: string) => `coalesce(${date} < (
    select c3.earned_date from certifications c3 where c3.certification_id = ${cert})
  and (exists (select 1 from certification_cycles h where h.certification_id = ${cert})
       or exists (select 1 from activity_credits ca
                   where ca.certification_id = ${cert} and ca.is_archived)), false)`;

/**
 * Writes the rows, one statement per chunk: each activity with its primary
 * credit and the other credits it names (of the caller's certifications, at
 * most its units). A row whose key is already stored is skipped (the unique
 * index). Answers how many activities were created, and how many rows
 * name a certification deleted meanwhile, as their own or in a credit to
 * another (left out, or their credit to it left out: the caller refuses the
 * import then, and its transaction stores nothing).
 */
export async function writeActivities(
  db: Queryable,
  sub: string,
  rows: readonly ImportWrite[],
): Promise<{ created: number; orphaned: number }> {
  let created = 0;
  let orphaned = 0;
  for (const chunk of chunks(rows)) {
    const [answer] = await db.query(
      `with me as (select user_id from users where cognito_sub = :sub),
       held as (
         -- Held until the statement ends: the rows of a certification deleted meanwhile are
         -- left out instead of failing the foreign key (key share: only a delete waits).
         select c.certification_id, c.unit from certifications c
           join me on me.user_id = c.user_id
            for key share of c
       ), w as (
         select w.* from ${ROWS}
           join held c on c.certification_id = w.certification_id
       ), inserted as (
         insert into activities
           (certification_id, activity_name, description, cpe_units, activity_date, provider,
            category, import_key, is_archived)
         select w.certification_id, w.activity_name, w.description, w.cpe_units, w.activity_date,
                w.provider, w.category, w.import_key,
                coalesce(w.late, false) or ${archivedAt('w.activity_date', 'w.certification_id')}
           from w
          order by w.ord
         on conflict (certification_id, import_key) where import_key is not null do nothing
         returning activity_id, certification_id, import_key, cpe_units, activity_date, category
       ), wanted as (
         select i.activity_id, i.certification_id, i.cpe_units, w.submitted_on, i.activity_date,
                i.category, coalesce(w.late, false) as late
           from inserted i
           join w on w.certification_id = i.certification_id and w.import_key = i.import_key
         union all
         select i.activity_id, x.certification_id, x.cpe_units, x.submitted_on, i.activity_date,
                x.category, coalesce(x.late, false)
           from inserted i
           join w on w.certification_id = i.certification_id and w.import_key = i.import_key
           cross join lateral jsonb_to_recordset(w.extra)
             as x(certification_id uuid, cpe_units numeric, category text, submitted_on date,
                  late boolean)
           join held c2 on c2.certification_id = x.certification_id
           join held c1 on c1.certification_id = i.certification_id
          -- A credit counts at most what the activity was worth, in the same unit (as prepared).
          where x.certification_id <> i.certification_id
            and (x.cpe_units <= i.cpe_units or not ${sameUnit('c2.unit', 'c1.unit')})
       ), credited as (
         insert into activity_credits
           (activity_id, certification_id, cpe_units, submitted_on, activity_date, category,
            is_archived)
         select c.activity_id, c.certification_id, c.cpe_units, c.submitted_on, c.activity_date,
                c.category, c.late or ${archivedAt('c.activity_date', 'c.certification_id')}
           from wanted c
         returning activity_id
       )
       select (select count(*) from inserted) as created, (select count(*) from credited) as credited,
              (select count(*) from ${ROWS}
                where w.certification_id not in (select certification_id from held)
                   or exists (
                        select 1 from jsonb_to_recordset(w.extra) as x(certification_id uuid)
                         where x.certification_id not in (select certification_id from held)
                      )) as orphaned`,
      { sub, rows: JSON.stringify(chunk) },
      z.object({ created: num, credited: num, orphaned: num }),
    );
    created += answer?.created ?? 0;
    orphaned += answer?.orphaned ?? 0;
  }
  return { created, orphaned };
}
