/**
 * SQL for activities: one Data API call each, scoped through the owning
 * certification to the caller's Cognito sub.
 */
import * as z from 'zod/mini';
import type { Activity } from '@cpe/shared';
import type { Queryable } from '../db';
import { num } from './rows';

const activityRow = z.object({
  activity_id: z.string(),
  certification_id: z.string(),
  activity_name: z.string(),
  description: z.string(),
  cpe_units: num,
  activity_date: z.string(),
  is_archived: z.boolean(),
});

const COLUMNS = `a.activity_id, a.certification_id, a.activity_name, a.description, a.cpe_units,
  a.activity_date, a.is_archived`;

export interface ActivityInput {
  activity_name: string;
  description: string;
  cpe_units: number;
  activity_date: string;
}

function inputParams(input: ActivityInput) {
  return {
    activity_name: input.activity_name,
    description: input.description,
    cpe_units: String(input.cpe_units),
    activity_date: input.activity_date,
  };
}

/** undefined when the certification is not the caller's. */
export async function listActivities(
  db: Queryable,
  sub: string,
  certificationId: string,
): Promise<Activity[] | undefined> {
  const rows = await db.query(
    `select c.certification_id as owner_certification, ${COLUMNS}
       from certifications c
       join users u on u.user_id = c.user_id
       left join activities a on a.certification_id = c.certification_id
      where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
      order by a.activity_date desc, a.created_at desc`,
    { sub, id: certificationId },
    z.looseObject({ owner_certification: z.string(), activity_id: z.nullable(z.string()) }),
  );
  if (rows.length === 0) return undefined;
  return rows.filter((r) => r.activity_id !== null).map((r) => activityRow.parse(r));
}

export async function getActivity(
  db: Queryable,
  sub: string,
  activityId: string,
): Promise<(Activity & { user_id: string }) | undefined> {
  const rows = await db.query(
    `select ${COLUMNS}, c.user_id
       from activities a
       join certifications c on c.certification_id = a.certification_id
       join users u on u.user_id = c.user_id
      where u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)`,
    { sub, id: activityId },
    z.extend(activityRow, { user_id: z.string() }),
  );
  return rows[0];
}

export async function createActivity(
  db: Queryable,
  sub: string,
  certificationId: string,
  input: ActivityInput,
): Promise<Activity | undefined> {
  const rows = await db.query(
    `insert into activities (certification_id, activity_name, description, cpe_units, activity_date)
     select c.certification_id, cast(:activity_name as text), cast(:description as text),
            cast(:cpe_units as numeric), cast(:activity_date as date)
       from certifications c
       join users u on u.user_id = c.user_id
      where u.cognito_sub = :sub and c.certification_id = cast(:certification_id as uuid)
     returning activity_id, certification_id, activity_name, description, cpe_units, activity_date, is_archived`,
    { sub, certification_id: certificationId, ...inputParams(input) },
    activityRow,
  );
  return rows[0];
}

export async function updateActivity(
  db: Queryable,
  sub: string,
  activityId: string,
  input: ActivityInput,
): Promise<Activity | undefined> {
  const rows = await db.query(
    `update activities a
        set activity_name = cast(:activity_name as text),
            description = cast(:description as text),
            cpe_units = cast(:cpe_units as numeric),
            activity_date = cast(:activity_date as date),
            updated_at = now()
       from certifications c
       join users u on u.user_id = c.user_id
      where a.certification_id = c.certification_id and u.cognito_sub = :sub
        and a.activity_id = cast(:id as uuid)
     returning ${COLUMNS}`,
    { sub, id: activityId, ...inputParams(input) },
    activityRow,
  );
  return rows[0];
}

/** True when the caller's activity existed and is gone. */
export async function deleteActivity(
  db: Queryable,
  sub: string,
  activityId: string,
): Promise<boolean> {
  const deleted = await db.execute(
    `delete from activities a
      using certifications c, users u
      where a.certification_id = c.certification_id and u.user_id = c.user_id
        and u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)`,
    { sub, id: activityId },
  );
  return deleted > 0;
}
