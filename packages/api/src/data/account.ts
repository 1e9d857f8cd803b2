/**
 * SQL for the account page: settings, the calendar feed's token hash, the
 * export and the deletion of everything of a user. Every statement is scoped
 * by the caller's Cognito sub.
 */
import * as z from 'zod/mini';
import type { AccountSettings } from '@cpe/shared/account';
import type { Db, Params, Queryable } from '../db';
import {
  type CertificationWithCredits,
  parseWithCredits,
  withCredits,
  withCreditsRow,
} from './certifications';

/** ISO 8601 in UTC, as the API answers timestamps. */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const settingsRow = z.object({
  marketing_opt: z.boolean(),
  reminders_enabled: z.boolean(),
  /** Comma-separated: arrays do not travel through the Data API's JSON records. */
  lead_days: z.string(),
  locale: z.nullable(z.string()),
  time_zone: z.nullable(z.string()),
  holder_name: z.nullable(z.string()),
  feed_created_at: z.nullable(z.string()),
  forwarding_local: z.string(),
});

/**
 * The settings as stored: the forwarding address's local part, which the
 * handler makes an address with the site's inbound domain.
 */
export type StoredSettings = Omit<AccountSettings, 'forwarding_address'> & {
  forwarding_local: string;
};

function toSettings(row: z.infer<typeof settingsRow>): StoredSettings {
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
    locale: row.locale,
    time_zone: row.time_zone,
    holder_name: row.holder_name,
    calendar_feed: { enabled: row.feed_created_at !== null, created_at: row.feed_created_at },
    forwarding_local: row.forwarding_local,
  };
}

/** The defaults of user_settings, for a user without a row. */
const DEFAULT_LEAD_DAYS = `'{90,60,30,7}'::integer[]`;

/** undefined when the caller has no user row. */
export async function getSettings(db: Queryable, sub: string): Promise<StoredSettings | undefined> {
  const rows = await db.query(
    `select u.marketing_opt, u.forwarding_local,
            coalesce(s.reminders_enabled, true) as reminders_enabled,
            array_to_string(coalesce(s.reminder_lead_days, ${DEFAULT_LEAD_DAYS}), ',') as lead_days,
            s.locale, s.time_zone, s.holder_name,
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
  /** null clears it (back to the default); absent leaves it. */
  locale?: string | null | undefined;
  time_zone?: string | null | undefined;
  holder_name?: string | null | undefined;
}

/** The text settings a change may set or clear: `<name>_set` says whether it is given. */
const TEXT_SETTINGS = ['locale', 'time_zone', 'holder_name'] as const;

/**
 * Applies the change to users.marketing_opt and user_settings (made on first
 * change) in one statement; answers the settings, undefined without a user row.
 */
export async function updateSettings(
  db: Queryable,
  sub: string,
  change: SettingsChange,
): Promise<StoredSettings | undefined> {
  const leadDays = change.reminder_lead_days;
  const rows = await db.query(
    `with me as (
       update users set marketing_opt = coalesce(cast(:marketing_opt as boolean), marketing_opt)
        where cognito_sub = :sub
        returning user_id, marketing_opt, forwarding_local
     ),
     saved as (
       insert into user_settings (user_id, reminders_enabled, reminder_lead_days,
                                  locale, time_zone, holder_name)
       select user_id,
              coalesce(cast(:reminders_enabled as boolean), true),
              coalesce(cast(string_to_array(cast(:lead_days as text), ',') as integer[]), ${DEFAULT_LEAD_DAYS}),
              cast(:locale as text), cast(:time_zone as text), cast(:holder_name as text)
         from me
       on conflict (user_id) do update set
         reminders_enabled = coalesce(cast(:reminders_enabled as boolean), user_settings.reminders_enabled),
         reminder_lead_days = coalesce(
           cast(string_to_array(cast(:lead_days as text), ',') as integer[]),
           user_settings.reminder_lead_days),
         ${TEXT_SETTINGS.map(
           (name) =>
             `${name} = case when cast(:${name}_set as boolean) then cast(:${name} as text) else user_settings.${name} end`,
         ).join(',\n         ')},
         updated_at = now()
       returning user_id, reminders_enabled, reminder_lead_days, locale, time_zone, holder_name,
                 calendar_token_created_at
     )
     select me.marketing_opt, me.forwarding_local, saved.reminders_enabled,
            array_to_string(saved.reminder_lead_days, ',') as lead_days,
            saved.locale, saved.time_zone, saved.holder_name,
            ${iso('saved.calendar_token_created_at')} as feed_created_at
       from me join saved on saved.user_id = me.user_id`,
    {
      sub,
      marketing_opt: change.marketing_opt ?? null,
      reminders_enabled: change.reminders_enabled ?? null,
      lead_days: leadDays === undefined ? null : leadDays.join(','),
      ...Object.fromEntries(
        TEXT_SETTINGS.flatMap((name): [string, Params[string]][] => [
          [name, change[name] ?? null],
          [`${name}_set`, change[name] !== undefined],
        ]),
      ),
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

/**
 * Replaces the token's hash, only while the feed is on and only when it is
 * still the address the request means to replace: `ifMatch`, the
 * `created_at` the client read (compare-and-set: of concurrent rotations
 * naming one address exactly one wins, however soon after it was made), or
 * without it one made before the request arrived (`receivedAt`). Each address's `created_at` is a later
 * second than the one it replaces, so the second-precision value the API
 * answers names one address. 'changed' when the address is another;
 * undefined when the caller has no user row or the feed is off.
 */
export async function rotateFeed(
  db: Queryable,
  sub: string,
  hash: string,
  guard: { receivedAt?: Date | null; ifMatch?: string | null } = {},
): Promise<{ createdAt: string } | 'changed' | undefined> {
  const rows = await db.query(
    `with rotated as (
       update user_settings s
          set calendar_token_sha256 = :hash,
              calendar_token_created_at = greatest(
                clock_timestamp(), date_trunc('second', s.calendar_token_created_at) + interval '1 second'),
              updated_at = now()
         from users u
        where u.user_id = s.user_id and u.cognito_sub = :sub
          and s.calendar_token_sha256 is not null
          -- Naming the address replaces it whenever the request came; without a name,
          -- only an address made before the request arrived is replaced.
          and case when cast(:if_match as text) is not null
                   then ${iso('s.calendar_token_created_at')} = cast(:if_match as text)
                   else cast(:received_at as timestamptz) is null
                        or s.calendar_token_created_at <= cast(:received_at as timestamptz) end
        returning ${iso('s.calendar_token_created_at')} as created_at
     )
     select (select created_at from rotated) as created_at,
            exists (select 1 from user_settings s join users u on u.user_id = s.user_id
                     where u.cognito_sub = :sub and s.calendar_token_sha256 is not null) as feed_on`,
    {
      sub,
      hash,
      if_match: guard.ifMatch ?? null,
      received_at: guard.receivedAt?.toISOString() ?? null,
    },
    z.object({ created_at: z.nullable(z.string()), feed_on: z.boolean() }),
  );
  const row = rows[0];
  if (row?.created_at) return { createdAt: row.created_at };
  return row?.feed_on ? 'changed' : undefined;
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

export interface CalendarFeedData {
  certifications: CertificationWithCredits[];
  /** Each certification's last change (ISO timestamp), by id: what its events' SEQUENCE counts. */
  revisions: Map<string, string>;
}

/**
 * The certifications and credits behind the calendar feed whose token hashes
 * to `tokenSha256`, with when each certification last changed, in one
 * statement; undefined when no feed has that token.
 */
export async function calendarFeedData(
  db: Queryable,
  tokenSha256: string,
): Promise<CalendarFeedData | undefined> {
  const rows = await db.query(
    `with c as materialized (
       select s.user_id as owner, c.*
         from user_settings s
         left join certifications c on c.user_id = s.user_id
        where s.calendar_token_sha256 = :hash
     ), ${withCredits(`
  union all
  select 2, null, cast(c.certification_id as text),
         ${iso('c.updated_at')}, null, null, null
    from c
   where c.certification_id is not null`)}`,
    { hash: tokenSha256 },
    withCreditsRow,
  );
  const read = parseWithCredits(rows);
  if (read.owners.length === 0) return undefined;
  const revisions = new Map<string, string>();
  for (const row of rows) {
    if (row.part === 2 && row.certification_id !== null && row.cert !== null) {
      revisions.set(row.certification_id, row.cert);
    }
  }
  return { certifications: read.certifications, revisions };
}

/** The export's sections, in the order the document lists them. */
export const EXPORT_SECTIONS = [
  'user',
  'settings',
  'certifications',
  'renewed_cycles',
  'activities',
  'credits',
  'files',
  'uploads',
  'reminders',
  'proposals',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/** Everything stored about a user, section by section, each row as stored. */
export type AccountData = Record<ExportSection, Record<string, unknown>[]>;

/**
 * Bytes of JSON one page of the export may hold: well under the Data API's
 * 10 MB result, with room for each row's column names and quotes.
 */
export const EXPORT_PAGE_BYTES = 6 * 1024 * 1024;
/** Per row: the JSON's names and quotes around the document. */
const EXPORT_ROW_OVERHEAD = 160;

const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

/**
 * One row per stored record of the user: its section's number, a key that
 * orders it within the section (the order the export lists it in), and the
 * record as JSON. Secrets and internals stay out: the Cognito sub, the feed
 * token's hash, object keys.
 */
const EXPORT_ROWS = `
  select 0 as section, '' as k,
         cast(json_build_object('user_id', u.user_id, 'email', u.email,
                                'marketing_opt', u.marketing_opt, 'created_at', u.created_at,
                                'forwarding_local', u.forwarding_local) as text) as doc
    from me u
  union all
  select 1, '', cast(to_jsonb(s) - 'calendar_token_sha256' - 'user_id'
                     || jsonb_build_object('calendar_feed_on', s.calendar_token_sha256 is not null) as text)
    from user_settings s join me on me.user_id = s.user_id
  union all
  select 2, ${ts('c.created_at')} || cast(c.certification_id as text), cast(row_to_json(c) as text)
    from certifications c join me on me.user_id = c.user_id
  union all
  select 3, cast(h.certification_id as text) || to_char(h.start_date, 'YYYYMMDD'), cast(row_to_json(h) as text)
    from certification_cycles h
    join certifications c on c.certification_id = h.certification_id
    join me on me.user_id = c.user_id
  union all
  select 4, to_char(a.activity_date, 'YYYYMMDD') || ${ts('a.created_at')} || cast(a.activity_id as text),
         cast(row_to_json(a) as text)
    from activities a
    join certifications c on c.certification_id = a.certification_id
    join me on me.user_id = c.user_id
  union all
  select 5, cast(cr.activity_id as text) || cast(cr.certification_id as text), cast(row_to_json(cr) as text)
    from activity_credits cr
    join certifications c on c.certification_id = cr.certification_id
    join me on me.user_id = c.user_id
  union all
  select 6, ${ts('f.uploaded_at')} || cast(f.file_id as text),
         cast(json_build_object('file_id', f.file_id, 'activity_id', f.activity_id,
                                'file_name', f.file_name, 'content_type', f.content_type,
                                'size', f.size_bytes, 'uploaded_at', f.uploaded_at) as text)
    from files f join me on me.user_id = f.user_id
  union all
  select 7, ${ts('p.created_at')} || cast(p.upload_id as text),
         cast(json_build_object('upload_id', p.upload_id, 'file_name', p.file_name,
                                'content_type', p.content_type, 'size', p.size_bytes,
                                'created_at', p.created_at, 'expires_at', p.expires_at) as text)
    from uploads p join me on me.user_id = p.user_id
  union all
  select 8, to_char(r.deadline, 'YYYYMMDD') || cast(r.certification_id as text) || r.reminder_key,
         cast(to_jsonb(r) - 'user_id' as text)
    from reminder_log r join me on me.user_id = r.user_id
  union all
  select 9, ${ts('p.created_at')} || cast(p.proposal_id as text),
         cast(to_jsonb(p) - 'proof_key' - 'user_id' as text)
    from proposals p join me on me.user_id = p.user_id`;

const exportPageRow = z.object({
  section: z.number(),
  k: z.string(),
  doc: z.string(),
  remaining: z.number(),
});

/** One statement's page of records after `after`; `remaining` says how many follow. */
async function exportPage(
  db: Queryable,
  sub: string,
  after: { section: number; k: string },
  pageBytes: number,
) {
  return db.query(
    `with me as (select * from users where cognito_sub = :sub),
     rows as (
       select x.section, x.k collate "C" as k, x.doc
         from (${EXPORT_ROWS}) x
        where (x.section, x.k collate "C") > (cast(:section as integer), cast(:k as text) collate "C")
     ),
     sized as (
       select rows.*,
              row_number() over w as rn,
              count(*) over () as total,
              sum(${EXPORT_ROW_OVERHEAD} + octet_length(doc)) over w as bytes
         from rows
       window w as (order by section, k)
     )
     select section, k, doc, cast(total - rn as integer) as remaining
       from sized
      where rn = 1 or bytes <= :budget
      order by section, k`,
    { sub, section: after.section, k: after.k, budget: pageBytes },
    exportPageRow,
  );
}

/** Reads every page from the start; false when the first already said there is more (and `more` is set). */
async function readPages(
  db: Queryable,
  sub: string,
  pageBytes: number,
  data: AccountData,
  onlyOne: boolean,
): Promise<boolean> {
  let after = { section: -1, k: '' };
  for (;;) {
    const rows = await exportPage(db, sub, after, pageBytes);
    const last = rows[rows.length - 1];
    const more = last !== undefined && last.remaining > 0;
    if (onlyOne && more) return false;
    for (const row of rows) {
      const section = EXPORT_SECTIONS[row.section];
      if (section !== undefined) data[section].push(JSON.parse(row.doc) as Record<string, unknown>);
    }
    if (!last || !more) return true;
    after = { section: last.section, k: last.k };
  }
}

const emptyData = () =>
  Object.fromEntries(EXPORT_SECTIONS.map((s) => [s, []])) as unknown as AccountData;

/**
 * Everything of the caller as stored, read in pages under the Data API's
 * limits (a result of at most 10 MB as JSON, rows of at most 64 KB: each
 * record is a row of its own): each statement answers the records after the
 * last one read, as many as fit `pageBytes`. An account that fits one page
 * is one statement; a larger one is read again from the start inside one
 * repeatable-read transaction, so its pages are one snapshot. undefined when
 * the caller has no user row.
 */
export async function exportAccount(
  db: Db,
  sub: string,
  pageBytes = EXPORT_PAGE_BYTES,
): Promise<AccountExportData | undefined> {
  let data = emptyData();
  if (!(await readPages(db, sub, pageBytes, data, true))) {
    data = await db.transaction(async (tx) => {
      await tx.execute('set transaction isolation level repeatable read');
      const all = emptyData();
      await readPages(tx, sub, pageBytes, all, false);
      return all;
    });
  }
  const [user] = data.user;
  if (!user) return undefined;
  return { ...data, user, settings: data.settings[0] ?? null };
}

/** The export's document (without its date): one object per section, the user and settings as objects. */
export type AccountExportData = Omit<AccountData, 'user' | 'settings'> & {
  user: Record<string, unknown>;
  settings: Record<string, unknown> | null;
};

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
