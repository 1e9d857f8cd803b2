/**
 * SQL for the account page: settings, the calendar feed's token hash, the
 * export and the deletion of everything of a user. Every statement is scoped
 * by the caller's Cognito sub.
 */
import * as z from 'zod/mini';
import type { AccountExport, AccountSettings } from '@cpe/shared/account';
import type { Queryable } from '../db';

/** ISO 8601 in UTC, as the API answers timestamps. */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const settingsRow = z.object({
  marketing_opt: z.boolean(),
  reminders_enabled: z.boolean(),
  /** Comma-separated: arrays do not travel through the Data API's JSON records. */
  lead_days: z.string(),
  feed_created_at: z.nullable(z.string()),
});

function toSettings(row: z.infer<typeof settingsRow>): AccountSettings {
  return {
    reminders_enabled: row.reminders_enabled,
    reminder_lead_days:
      row.lead_days === ''
        ? []
        : row.lead_days
            .split(',')
            .map(Number)
            .sort((a, b) => b - a),
    marketing_opt: row.marketing_opt,
    calendar_feed: { enabled: row.feed_created_at !== null, created_at: row.feed_created_at },
  };
}

/** The defaults of user_settings, for a user without a row. */
const DEFAULT_LEAD_DAYS = `'{90,60,30,7}'::integer[]`;

/** undefined when the caller has no user row. */
export async function getSettings(
  db: Queryable,
  sub: string,
): Promise<AccountSettings | undefined> {
  const rows = await db.query(
    `select u.marketing_opt,
            coalesce(s.reminders_enabled, true) as reminders_enabled,
            array_to_string(coalesce(s.reminder_lead_days, ${DEFAULT_LEAD_DAYS}), ',') as lead_days,
            ${iso('s.calendar_token_created_at')} as feed_created_at
       from users u
       left join user_settings s on s.user_id = u.user_id
      where u.cognito_sub = :sub`,
    { sub },
    settingsRow,
  );
  const row = rows[0];
  return row && toSettings(row);
}

export interface SettingsChange {
  reminders_enabled?: boolean | undefined;
  reminder_lead_days?: number[] | undefined;
  marketing_opt?: boolean | undefined;
}

/**
 * Applies the change to users.marketing_opt and user_settings (made on first
 * change) in one statement; answers the settings, undefined without a user row.
 */
export async function updateSettings(
  db: Queryable,
  sub: string,
  change: SettingsChange,
): Promise<AccountSettings | undefined> {
  const leadDays = change.reminder_lead_days;
  const rows = await db.query(
    `with me as (
       update users set marketing_opt = coalesce(cast(:marketing_opt as boolean), marketing_opt)
        where cognito_sub = :sub
        returning user_id, marketing_opt
     ),
     saved as (
       insert into user_settings (user_id, reminders_enabled, reminder_lead_days)
       select user_id,
              coalesce(cast(:reminders_enabled as boolean), true),
              coalesce(cast(string_to_array(cast(:lead_days as text), ',') as integer[]), ${DEFAULT_LEAD_DAYS})
         from me
       on conflict (user_id) do update set
         reminders_enabled = coalesce(cast(:reminders_enabled as boolean), user_settings.reminders_enabled),
         reminder_lead_days = coalesce(
           cast(string_to_array(cast(:lead_days as text), ',') as integer[]),
           user_settings.reminder_lead_days),
         updated_at = now()
       returning user_id, reminders_enabled, reminder_lead_days, calendar_token_created_at
     )
     select me.marketing_opt, saved.reminders_enabled,
            array_to_string(saved.reminder_lead_days, ',') as lead_days,
            ${iso('saved.calendar_token_created_at')} as feed_created_at
       from me join saved on saved.user_id = me.user_id`,
    {
      sub,
      marketing_opt: change.marketing_opt ?? null,
      reminders_enabled: change.reminders_enabled ?? null,
      lead_days: leadDays === undefined ? null : leadDays.join(','),
    },
    settingsRow,
  );
  const row = rows[0];
  return row && toSettings(row);
}

const feedRow = z.object({ created_at: z.string() });

/**
 * Turns the feed on with `hash` as its token's hash, only while it is off.
 * Answers when, or undefined when the user is missing or the feed is already on.
 */
export async function enableFeed(
  db: Queryable,
  sub: string,
  hash: string,
): Promise<string | undefined> {
  const rows = await db.query(
    `insert into user_settings (user_id, calendar_token_sha256, calendar_token_created_at)
     select user_id, :hash, now() from users where cognito_sub = :sub
     on conflict (user_id) do update set
       calendar_token_sha256 = excluded.calendar_token_sha256,
       calendar_token_created_at = excluded.calendar_token_created_at,
       updated_at = now()
      where user_settings.calendar_token_sha256 is null
     returning ${iso('calendar_token_created_at')} as created_at`,
    { sub, hash },
    feedRow,
  );
  return rows[0]?.created_at;
}

/** Replaces the token's hash, only while the feed is on; undefined otherwise. */
export async function rotateFeed(
  db: Queryable,
  sub: string,
  hash: string,
): Promise<string | undefined> {
  const rows = await db.query(
    `update user_settings s
        set calendar_token_sha256 = :hash, calendar_token_created_at = now(), updated_at = now()
       from users u
      where u.user_id = s.user_id and u.cognito_sub = :sub
        and s.calendar_token_sha256 is not null
      returning ${iso('s.calendar_token_created_at')} as created_at`,
    { sub, hash },
    feedRow,
  );
  return rows[0]?.created_at;
}

/** Whether the caller has a user row (to tell a 404 from a 409). */
export async function userExists(db: Queryable, sub: string): Promise<boolean> {
  const rows = await db.query(
    'select user_id from users where cognito_sub = :sub',
    { sub },
    z.object({ user_id: z.string() }),
  );
  return rows.length > 0;
}

/** Turns the feed off; answers false when the caller has no user row. */
export async function clearFeedToken(db: Queryable, sub: string): Promise<boolean> {
  const rows = await db.query(
    `with me as (select user_id from users where cognito_sub = :sub),
     cleared as (
       update user_settings set calendar_token_sha256 = null, calendar_token_created_at = null,
              updated_at = now()
        where user_id = (select user_id from me) and calendar_token_sha256 is not null
        returning user_id
     )
     select user_id from me`,
    { sub },
    z.object({ user_id: z.string() }),
  );
  return rows.length > 0;
}

const exportRow = z.object({ document: z.string() });

/**
 * Everything of the caller as stored, in one statement: each table's rows
 * whole (row_to_json), so a column added later is exported without a change
 * here. The feed token's hash and the Cognito sub stay out.
 */
export async function exportAccount(
  db: Queryable,
  sub: string,
): Promise<Omit<AccountExport, 'exported_at'> | undefined> {
  const rows = await db.query(
    `select json_build_object(
       'user', json_build_object('user_id', u.user_id, 'email', u.email,
                                 'marketing_opt', u.marketing_opt, 'created_at', u.created_at),
       'settings', (select json_build_object('reminders_enabled', s.reminders_enabled,
                                             'reminder_lead_days', s.reminder_lead_days,
                                             'calendar_feed_on', s.calendar_token_sha256 is not null,
                                             'updated_at', s.updated_at)
                      from user_settings s where s.user_id = u.user_id),
       'certifications', coalesce((select json_agg(row_to_json(c) order by c.created_at, c.certification_id)
                                     from certifications c where c.user_id = u.user_id), '[]'::json),
       'activities', coalesce((select json_agg(row_to_json(a) order by a.activity_date, a.created_at, a.activity_id)
                                 from activities a
                                 join certifications c on c.certification_id = a.certification_id
                                where c.user_id = u.user_id), '[]'::json),
       'credits', coalesce((select json_agg(row_to_json(cr) order by cr.activity_id, cr.certification_id)
                              from activity_credits cr
                              join certifications c on c.certification_id = cr.certification_id
                             where c.user_id = u.user_id), '[]'::json),
       -- The file list without object keys: names, types, sizes and dates.
       'files', coalesce((select json_agg(json_build_object('file_id', f.file_id,
                                                            'activity_id', f.activity_id,
                                                            'file_name', f.file_name,
                                                            'content_type', f.content_type,
                                                            'size', f.size_bytes,
                                                            'uploaded_at', f.uploaded_at)
                                          order by f.uploaded_at, f.file_id)
                            from files f where f.user_id = u.user_id), '[]'::json)
     )::text as document
       from users u
      where u.cognito_sub = :sub`,
    { sub },
    exportRow,
  );
  const row = rows[0];
  return row && (JSON.parse(row.document) as Omit<AccountExport, 'exported_at'>);
}

/**
 * Deletes every row of the user, children first (activities restrict the
 * deletion of their certification); the rest cascades from users. Run inside
 * one transaction. Deleting a user that is already gone deletes nothing.
 */
export async function deleteAccountRows(tx: Queryable, sub: string): Promise<void> {
  await tx.execute(
    `delete from activities a
      using certifications c, users u
      where a.certification_id = c.certification_id and c.user_id = u.user_id
        and u.cognito_sub = :sub`,
    { sub },
  );
  await tx.execute(`delete from users where cognito_sub = :sub`, { sub });
}
