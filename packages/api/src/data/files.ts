/**
 * SQL for proof files and the uploads waiting to become one. Every statement
 * is scoped by the caller's Cognito sub: another user's upload, activity or
 * file finds nothing. One Data API call each.
 */
import * as z from 'zod/mini';
import { type ProofFile, proofFile } from '@cpe/shared';
import type { Queryable } from '../db';
import { num } from './rows';

/**
 * Where a user's upload lives in the evidence bucket (the contract of the
 * bucket's layout): the one key its presigned POST may write.
 */
export function uploadKey(sub: string, uploadId: string): string {
  return `users/${sub}/uploads/${uploadId}`;
}

/**
 * Where an attached proof file lives: a key no upload form can write, so a
 * form used again cannot replace or re-tag a proof (docs/decisions/095).
 * `attempt` is new for each attach, so an attach that is refused never
 * touches the object of one that was not.
 */
export function fileKey(sub: string, uploadId: string, attempt: string): string {
  return `users/${sub}/files/${uploadId}/${attempt}`;
}

const FILE_COLUMNS = `f.file_id, f.file_name, f.content_type, f.size_bytes as size,
  to_char(f.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as uploaded_at`;

const fileRow = z.pipe(
  z.looseObject({
    file_id: z.string(),
    file_name: z.string(),
    content_type: z.string(),
    size: num,
    uploaded_at: z.string(),
  }),
  z.transform((row): ProofFile => proofFile.parse(row)),
);

export interface UploadInput {
  upload_id: string;
  file_name: string;
  content_type: string;
  size: number;
  /** Until when it may be attached (ISO 8601). */
  expires_at: string;
}

/**
 * Records what the caller is about to upload (and forgets their uploads that
 * expired unattached). False when the caller has no user row.
 */
export async function createUpload(
  db: Queryable,
  sub: string,
  input: UploadInput,
  now: string,
): Promise<boolean> {
  const rows = await db.query(
    `with owner as (
       select user_id from users where cognito_sub = :sub
     ), forgotten as (
       delete from uploads p using owner o
        where p.user_id = o.user_id and p.expires_at <= cast(:now as timestamptz)
     )
     insert into uploads (upload_id, user_id, object_key, file_name, content_type, size_bytes, expires_at)
     select cast(:upload_id as uuid), o.user_id, cast(:object_key as text), cast(:file_name as text),
            cast(:content_type as text), cast(:size as integer), cast(:expires_at as timestamptz)
       from owner o
     returning upload_id`,
    {
      sub,
      now,
      upload_id: input.upload_id,
      object_key: uploadKey(sub, input.upload_id),
      file_name: input.file_name,
      content_type: input.content_type,
      size: input.size,
      expires_at: input.expires_at,
    },
    z.object({ upload_id: z.string() }),
  );
  return rows.length > 0;
}

/** What the object in the bucket turned out to be (HeadObject), or undefined when there is none. */
export interface Uploaded {
  size: number;
  contentType: string;
}

export type AttachOutcome =
  | { kind: 'attached'; file: ProofFile; key: string }
  | { kind: 'no-activity' }
  | { kind: 'no-upload' }
  | { kind: 'mismatch' }
  /** The object is of the declared size and type, but its bytes are not a file of that type. */
  | { kind: 'bad-content'; fileName: string; contentType: string }
  | { kind: 'too-many' };

/**
 * Turns the caller's pending upload into a file of the caller's activity,
 * in one statement: the upload must be unexpired and match what the object
 * is (size, type, and `contentOk`: its bytes are of that type), and the
 * activity (locked, so concurrent attaches count in turn) must have fewer
 * than `maxFiles`. The upload is locked as well: of two attaches of one
 * upload, the second finds it gone ('no-upload'). The file row names `key`, where the handler copied the
 * bytes it checked.
 */
export async function attachFile(
  db: Queryable,
  sub: string,
  activityId: string,
  uploadId: string,
  uploaded: (Uploaded & { contentOk: boolean; key: string }) | undefined,
  maxFiles: number,
  now: string,
): Promise<AttachOutcome> {
  const rows = await db.query(
    `with act as (
       select a.activity_id, c.user_id
         from activities a
         join certifications c on c.certification_id = a.certification_id
         join users u on u.user_id = c.user_id
        where u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)
        for update of a
     ), up as (
       -- Locked too: a concurrent attach of the same upload is waited for, and then it is gone.
       select p.* from uploads p join act on act.user_id = p.user_id
        where p.upload_id = cast(:upload_id as uuid) and p.expires_at > cast(:now as timestamptz)
        for update of p
     ), counted as (
       select count(*) as n from files f where f.activity_id in (select activity_id from act)
     ), declared as (
       select up.* from up
        where :exists and up.size_bytes = cast(:size as integer)
          and up.content_type = cast(:content_type as text)
     ), fits as (
       select declared.* from declared, counted
        where :content_ok and counted.n < cast(:max as integer)
     ), inserted as (
       insert into files (file_id, activity_id, user_id, object_key, file_name, content_type, size_bytes)
       select fits.upload_id, act.activity_id, fits.user_id, cast(:file_key as text), fits.file_name,
              fits.content_type, fits.size_bytes
         from fits, act
       returning *
     ), used as (
       delete from uploads where upload_id in (select file_id from inserted)
     ), touched as (
       -- A new version of the activity's row: a delete that read its files before this
       -- commits finds the row changed and reads them again (deleteActivity).
       update activities a set updated_at = now()
        where a.activity_id in (select activity_id from inserted)
     )
     select (select count(*) from act) as activity_found,
            (select count(*) from up) as upload_found,
            (select count(*) from declared) as as_declared,
            (select file_name from up) as declared_name,
            (select content_type from up) as declared_type,
            (select n from counted) as files,
            f.object_key, ${FILE_COLUMNS}
       from (select 1) one left join inserted f on true`,
    {
      sub,
      id: activityId,
      upload_id: uploadId,
      now,
      exists: uploaded !== undefined,
      size: uploaded?.size ?? 0,
      content_type: uploaded?.contentType ?? '',
      content_ok: uploaded?.contentOk ?? false,
      file_key: uploaded?.key ?? '',
      max: maxFiles,
    },
    z.looseObject({
      activity_found: num,
      upload_found: num,
      as_declared: num,
      declared_name: z.nullable(z.string()),
      declared_type: z.nullable(z.string()),
      files: z.nullable(num),
      object_key: z.nullable(z.string()),
      file_id: z.nullable(z.string()),
    }),
  );
  const row = rows[0];
  if (!row || row.activity_found === 0) return { kind: 'no-activity' };
  if (row.upload_found === 0) return { kind: 'no-upload' };
  if (row.file_id !== null && row.object_key !== null)
    return { kind: 'attached', file: fileRow.parse(row), key: row.object_key };
  if (row.as_declared === 0) return { kind: 'mismatch' };
  if (!(uploaded?.contentOk ?? false))
    return {
      kind: 'bad-content',
      fileName: row.declared_name ?? '',
      contentType: row.declared_type ?? '',
    };
  return { kind: 'too-many' };
}

/** The caller's activity's files; undefined when the activity is not the caller's. */
export async function listFiles(
  db: Queryable,
  sub: string,
  activityId: string,
): Promise<ProofFile[] | undefined> {
  const rows = await db.query(
    `select a.activity_id as owner, ${FILE_COLUMNS}
       from activities a
       join certifications c on c.certification_id = a.certification_id
       join users u on u.user_id = c.user_id
       left join files f on f.activity_id = a.activity_id
      where u.cognito_sub = :sub and a.activity_id = cast(:id as uuid)
      order by f.uploaded_at, f.file_id`,
    { sub, id: activityId },
    z.looseObject({ owner: z.string(), file_id: z.nullable(z.string()) }),
  );
  if (rows.length === 0) return undefined;
  return rows.filter((r) => r.file_id !== null).map((r) => fileRow.parse(r));
}

/** The caller's file's key and name; undefined when it is not the caller's. */
export async function getFile(
  db: Queryable,
  sub: string,
  fileId: string,
): Promise<{ key: string; fileName: string } | undefined> {
  const rows = await db.query(
    `select f.object_key, f.file_name from files f
       join users u on u.user_id = f.user_id
      where u.cognito_sub = :sub and f.file_id = cast(:id as uuid)`,
    { sub, id: fileId },
    z.object({ object_key: z.string(), file_name: z.string() }),
  );
  const row = rows[0];
  return row && { key: row.object_key, fileName: row.file_name };
}

/** Deletes the caller's file row; answers its object key, or undefined when it was not the caller's. */
export async function deleteFile(
  db: Queryable,
  sub: string,
  fileId: string,
): Promise<string | undefined> {
  const rows = await db.query(
    `delete from files f using users u
      where u.user_id = f.user_id and u.cognito_sub = :sub and f.file_id = cast(:id as uuid)
     returning f.object_key`,
    { sub, id: fileId },
    z.object({ object_key: z.string() }),
  );
  return rows[0]?.object_key;
}
