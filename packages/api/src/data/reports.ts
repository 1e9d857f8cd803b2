/**
 * What an audit report reads: the certification with its holder's email, and
 * every credit it has with the activity's text and proof files (their object
 * keys too, for the packet). Scoped to the caller's sub.
 *
 * The credits come in pages under the Data API's limits (a result of at most
 * 10 MB as JSON, rows of at most 64 KB): each statement returns the
 * certification and the credits after the last one read, as many as fit a
 * byte budget by their stored lengths. A report of a few thousand activities
 * is one statement; 10,000 activities with long descriptions take a few.
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
  member_id: z.nullable(z.string()),
  history: z.string(),
  email: z.string(),
  holder_name: z.nullable(z.string()),
  time_zone: z.nullable(z.string()),
  activity_id: z.nullable(z.string()),
});

const creditRow = z.object({
  activity_id: z.string(),
  activity_name: z.string(),
  activity_date: z.string(),
  description: z.string(),
  cpe_units: num,
  is_archived: z.boolean(),
  late_for_cycle: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  category: z.nullable(z.string()),
  files: z.pipe(
    z.string(),
    z.transform((text) => z.array(reportFile).parse(JSON.parse(text))),
  ),
});
export type ReportCredit = z.infer<typeof creditRow>;

export interface ReportData {
  certification: Omit<
    z.infer<typeof reportRow>,
    'email' | 'holder_name' | 'time_zone' | 'activity_id' | 'history'
  >;
  email: string;
  /** The name the holder gave on the account page; null when none. */
  holderName: string | null;
  /** The time zone of the holder's settings (the report's date is theirs); null when none. */
  timeZone: string | null;
  /** Renewed cycles, newest first. */
  history: PastCycle[];
  /** Every credit of the certification, archived ones included, oldest first. */
  credits: ReportCredit[];
}

/**
 * Bytes of result one page may hold: well under the Data API's 10 MB of
 * JSON, with room for the certification's own columns and the JSON's names
 * and quotes (ROW_OVERHEAD per row, counted in).
 */
export const REPORT_PAGE_BYTES = 6 * 1024 * 1024;
/** Per row: the column names, quotes and the certification's columns repeated on it. */
const ROW_OVERHEAD = 1536;
/** Rows a page holds at most whatever their size (bounds each statement's work). */
const PAGE_ROWS = 5000;

const pageRow = z.looseObject({
  ...reportRow.shape,
  history: z.nullable(z.string()),
  remaining: z.nullable(num),
});

/** undefined when the certification is not the caller's. */
export async function reportData(
  db: Queryable,
  sub: string,
  certificationId: string,
  pageBytes = REPORT_PAGE_BYTES,
): Promise<ReportData | undefined> {
  let head: z.infer<typeof reportRow> | undefined;
  const credits: ReportCredit[] = [];
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const rows: z.infer<typeof pageRow>[] = await db.query(
      `with page as (
         select a.activity_id, a.activity_name, a.activity_date, a.description, cr.cpe_units,
                cr.is_archived, cr.late_for_cycle, a.provider, cr.category,
                coalesce((select cast(json_agg(json_build_object(
                           'file_id', f.file_id, 'file_name', f.file_name,
                           'content_type', f.content_type, 'size', f.size_bytes,
                           'object_key', f.object_key) order by f.uploaded_at, f.file_id) as text)
                            from files f where f.activity_id = a.activity_id), '[]') as files
           from activity_credits cr
           join activities a on a.activity_id = cr.activity_id
           join certifications c on c.certification_id = cr.certification_id
           join users u on u.user_id = c.user_id
          where u.cognito_sub = :sub and cr.certification_id = cast(:id as uuid)
            and (cast(:after_date as date) is null
                 or (a.activity_date, a.activity_id) > (cast(:after_date as date), cast(:after_id as uuid)))
          order by a.activity_date, a.activity_id
          limit ${PAGE_ROWS + 1}
       ),
       sized as (
         select page.*,
                row_number() over w as rn,
                count(*) over () as fetched,
                sum(${ROW_OVERHEAD} + octet_length(activity_name) + octet_length(description)
                    + coalesce(octet_length(provider), 0) + coalesce(octet_length(category), 0)
                    + octet_length(files)) over w as bytes
           from page
         window w as (order by activity_date, activity_id)
       )
       select c.certification_id, c.certification_name, c.catalogue_id, c.cpe_needed, c.unit,
              c.annual_minimum, c.earned_date, c.expiry_date, c.cycle_months,
              coalesce(c.certified_on, c.earned_date) as certified_on,
              c.carried_in, c.carried_category, c.member_id, u.email, s.holder_name,
              s.time_zone,
              case when coalesce(x.rn, 1) = 1 then ${HISTORY_JSON} end as history,
              x.activity_id, x.activity_name, x.activity_date, x.description, x.cpe_units,
              x.is_archived, x.late_for_cycle, x.provider, x.category, x.files,
              x.fetched - x.rn as remaining
         from certifications c
         join users u on u.user_id = c.user_id
         left join user_settings s on s.user_id = u.user_id
         left join sized x on x.rn <= ${PAGE_ROWS} and (x.rn = 1 or x.bytes <= :budget)
        where u.cognito_sub = :sub and c.certification_id = cast(:id as uuid)
        order by x.activity_date, x.activity_id`,
      {
        sub,
        id: certificationId,
        after_date: after?.date ?? null,
        after_id: after?.id ?? null,
        budget: pageBytes,
      },
      pageRow,
    );
    const first = rows[0];
    if (!first) return undefined;
    if (!head) {
      head = reportRow.parse({ ...first, history: first.history ?? '[]' });
    }
    const page: ReportCredit[] = rows
      .filter((r) => r.activity_id !== null)
      .map((r) => creditRow.parse(r));
    credits.push(...page);
    const last = rows[rows.length - 1];
    const lastCredit: ReportCredit | undefined = page[page.length - 1];
    if (!lastCredit || !last || (last.remaining ?? 0) <= 0) break;
    after = { date: lastCredit.activity_date, id: lastCredit.activity_id };
  }
  const {
    email,
    holder_name: holderName,
    time_zone: timeZone,
    activity_id: _,
    history,
    ...certification
  } = head;
  return {
    certification,
    email,
    holderName,
    timeZone,
    history: historyRow.parse(JSON.parse(history)),
    credits,
  };
}

const uploadRow = z.object({
  object_key: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: num,
  /** The time zone of the owner's settings (a proposal's dates are judged by their day); null when none. */
  time_zone: z.nullable(z.string()),
});
export type UploadRow = z.infer<typeof uploadRow>;

/** The caller's upload waiting to be attached; undefined when it is someone else's or gone. */
export async function uploadOf(
  db: Queryable,
  sub: string,
  uploadId: string,
): Promise<UploadRow | undefined> {
  const rows = await db.query(
    `select p.object_key, p.file_name, p.content_type, p.size_bytes, s.time_zone
       from uploads p
       join users u on u.user_id = p.user_id
       left join user_settings s on s.user_id = u.user_id
      where u.cognito_sub = :sub and p.upload_id = cast(:id as uuid)`,
    { sub, id: uploadId },
    uploadRow,
  );
  return rows[0];
}
