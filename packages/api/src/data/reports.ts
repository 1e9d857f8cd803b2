/**
 * What an audit report reads, in one statement: the certification with its
 * holder's email, and every credit it has with the activity's text and proof
 * files (their object keys too, for the packet). Scoped to the caller's sub.
 */
import * as z from 'zod/mini';
import { creditUnit } from '@cpe/shared';
import type { Queryable } from '../db';
import { HISTORY_JSON, type PastCycle, historyRow } from './certifications';
import { nullableNum, num } from './rows';

const reportFile = z.object({
  file_id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
  object_key: z.string(),
});
export type ReportFileRow = z.infer<typeof reportFile>;

const reportRow = z.object({
  certification_id: z.string(),
  certification_name: z.string(),
  catalogue_id: z.nullable(z.string()),
  cpe_needed: nullableNum,
  unit: z.nullable(creditUnit),
  annual_minimum: nullableNum,
  earned_date: z.string(),
  expiry_date: z.nullable(z.string()),
  cycle_months: nullableNum,
  certified_on: z.string(),
  carried_in: num,
  carried_category: z.nullable(z.string()),
  history: z.string(),
  email: z.string(),
  activity_id: z.nullable(z.string()),
});

const creditRow = z.object({
  activity_id: z.string(),
  activity_name: z.string(),
  activity_date: z.string(),
  description: z.string(),
  cpe_units: num,
  is_archived: z.boolean(),
  provider: z.nullable(z.string()),
  category: z.nullable(z.string()),
  files: z.pipe(
    z.string(),
    z.transform((text) => z.array(reportFile).parse(JSON.parse(text))),
  ),
});
export type ReportCredit = z.infer<typeof creditRow>;

export interface ReportData {
  certification: Omit<z.infer<typeof reportRow>, 'email' | 'activity_id' | 'history'>;
  email: string;
  /** Renewed cycles, newest first. */
  history: PastCycle[];
  /** Every credit of the certification, archived ones included, oldest first. */
  credits: ReportCredit[];
}

/** undefined when the certification is not the caller's. */
export async function reportData(
  db: Queryable,
  sub: string,
  certificationId: string,
): Promise<ReportData | undefined> {
  const rows = await db.query(
    `select c.certification_id, c.certification_name, c.catalogue_id, c.cpe_needed, c.unit,
            c.annual_minimum, c.earned_date, c.expiry_date, c.cycle_months,
            coalesce(c.certified_on, c.earned_date) as certified_on,
            c.carried_in, c.carried_category, u.email,
            ${HISTORY_JSON} as history,
            x.*
       from certifications c
       join users u on u.user_id = c.user_id
       left join lateral (
         select a.activity_id, a.activity_name, a.activity_date, a.description, cr.cpe_units,
                cr.is_archived, a.provider, cr.category,
                coalesce((select cast(json_agg(json_build_object(
                           'file_id', f.file_id, 'file_name', f.file_name,
                           'content_type', f.content_type, 'size', f.size_bytes,
                           'object_key', f.object_key) order by f.uploaded_at, f.file_id) as text)
                            from files f where f.activity_id = a.activity_id), '[]') as files
           from activity_credits cr
           join activities a on a.activity_id = cr.activity_id
          where cr.certification_id = c.certification_id
       ) x on true
      where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
      order by x.activity_date, x.activity_id`,
    { sub, id: certificationId },
    z.looseObject(reportRow.shape),
  );
  const first = rows[0];
  if (!first) return undefined;
  const { email, activity_id: _, history, ...certification } = reportRow.parse(first);
  return {
    certification,
    email,
    history: historyRow.parse(JSON.parse(history)),
    credits: rows.filter((r) => r.activity_id !== null).map((r) => creditRow.parse(r)),
  };
}

const uploadRow = z.object({
  object_key: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: num,
});
export type UploadRow = z.infer<typeof uploadRow>;

/** The caller's upload waiting to be attached; undefined when it is someone else's or gone. */
export async function uploadOf(
  db: Queryable,
  sub: string,
  uploadId: string,
): Promise<UploadRow | undefined> {
  const rows = await db.query(
    `select p.object_key, p.file_name, p.content_type, p.size_bytes
       from uploads p
       join users u on u.user_id = p.user_id
      where u.cognito_sub = :sub and p.upload_id = cast(:id as uuid)`,
    { sub, id: uploadId },
    uploadRow,
  );
  return rows[0];
}
