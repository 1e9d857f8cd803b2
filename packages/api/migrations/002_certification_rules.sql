-- Certifications remember their rules (catalogue entry, unit, cycle length in
-- months, annual minimum); every CHECK states the rule the API's schema
-- states (the patterns are packages/shared/src/text-rules.ts, verbatim); the
-- contact form keys its rate limits and holds notifications past the owner's
-- cap. After these statements, in the same transaction, the migrate handler
-- matches existing certifications to catalogue entries by name
-- (src/db/data-steps.ts).

-- Month arithmetic, the same rules as packages/shared/src/dates.ts.

-- addMonthsEndOfMonthIso: a day the month lacks becomes its last day; a
-- month's last day stays the last day. Renewal moves expiry with it.
create function cpe_add_months_eom(d date, n integer) returns date
language sql immutable strict parallel safe as $$
  select case
    when d = cast(date_trunc('month', cast(d as timestamp)) + interval '1 month' - interval '1 day' as date)
      then cast(date_trunc('month', cast(d as timestamp)) + make_interval(months => n + 1) - interval '1 day' as date)
    else cast(d + make_interval(months => n) as date)
  end
$$;

-- cycleMonthsBetween: whole months from earned to the date nearest expiry
-- (a tie goes to the longer), at least 1.
create function cpe_cycle_months(earned date, expiry date) returns integer
language sql immutable strict parallel safe as $$
  select greatest(1, months)
    from (
      select b.base + candidates.k as months
        from (select cast((extract(year from expiry) - extract(year from earned)) * 12
                          + extract(month from expiry) - extract(month from earned) as integer) as base) b
       cross join (values (-1), (0), (1)) as candidates(k)
    ) c
   order by abs(cast(earned + make_interval(months => months) as date) - expiry), months desc
   limit 1
$$;

-- cycleYearIso's index: the number of the cycle year (from 0) holding today,
-- years counted from the earned-date anniversary.
create function cpe_cycle_year(earned date, today date) returns integer
language sql immutable strict parallel safe as $$
  select case
    when today <= earned then 0
    when cast(earned + make_interval(years => y) as date) <= today then y
    else greatest(0, y - 1)
  end
  from (select cast(extract(year from today) - extract(year from earned) as integer) as y) t
$$;

alter table certifications
  add column catalogue_id text,
  add column unit text,
  add column cycle_months integer,
  add column annual_minimum numeric(12, 2);

-- A cycle with an expiry always has a length; older rows get theirs from their dates.
update certifications
   set cycle_months = cpe_cycle_months(earned_date, expiry_date)
 where expiry_date is not null;

-- Single-line text never holds control characters now (they reached mail
-- headers). Older rows lose them: each run becomes one space.
update certifications
   set certification_name = coalesce(nullif(btrim(regexp_replace(certification_name,
         '[\u0001-\u001f\u007f-\u009f\u2028\u2029]+', ' ', 'g')), ''), '?')
 where certification_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';

update activities
   set activity_name = coalesce(nullif(btrim(regexp_replace(activity_name,
         '[\u0001-\u001f\u007f-\u009f\u2028\u2029]+', ' ', 'g')), ''), '?')
 where activity_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';

update activities
   set description = regexp_replace(description,
         '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+', ' ', 'g')
 where description ~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]';

-- Each CHECK is the schema's rule. Rules that are new for existing columns
-- are NOT VALID: enforced on every insert and update, without refusing to
-- deploy over an older row (whose next update must then satisfy them).
alter table certifications
  drop constraint certifications_certification_name_check,
  drop constraint certifications_cpe_needed_check,
  drop constraint certifications_verification_link_check,
  add constraint certifications_certification_name_check
    check (length(certification_name) between 1 and 200
           and certification_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  add constraint certifications_cpe_needed_check
    check (cpe_needed between 0 and 100000) not valid,
  add constraint certifications_verification_link_check
    check (length(verification_link) <= 2048
           and verification_link ~ '^[Hh][Tt][Tt][Pp][Ss]?://[^\u0001-\u0020\u007f-\u009f\\]+$') not valid,
  add constraint certifications_earned_date_check
    check (earned_date between date '1900-01-01' and date '2999-12-31') not valid,
  add constraint certifications_expiry_date_check
    check (expiry_date between date '1900-01-01' and date '2999-12-31') not valid,
  add constraint certifications_catalogue_id_check
    check (length(catalogue_id) <= 64 and catalogue_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add constraint certifications_unit_check
    check (unit in ('CPE', 'CEU', 'PDU', 'ECE', 'CE', 'SEU', 'PDC', 'CPD hours')),
  add constraint certifications_cycle_months_check
    check (cycle_months between 1 and 13200),
  add constraint certifications_annual_minimum_check
    check (annual_minimum between 0 and 100000),
  add constraint certifications_cycle_with_expiry
    check (expiry_date is null or cycle_months is not null);

alter table activities
  drop constraint activities_activity_name_check,
  drop constraint activities_cpe_units_check,
  add constraint activities_activity_name_check
    check (length(activity_name) between 1 and 200
           and activity_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  add constraint activities_description_check
    check (length(description) <= 5000
           and description !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]') not valid,
  add constraint activities_cpe_units_check
    check (cpe_units between 0 and 100000) not valid,
  add constraint activities_activity_date_check
    check (activity_date between date '1900-01-01' and date '2999-12-31') not valid;

-- The figures per cycle, cycle year and calendar year read the activity date
-- too: keep them index-only.
drop index activities_certification_id_idx;
create index activities_certification_id_idx on activities (certification_id)
  include (cpe_units, is_archived, activity_date);

-- Contact: the sender's mailbox key (src/contact/keys.ts), the client's
-- network key, and when (in which notification) the owner was told.
alter table contact_messages
  add column sender_key text,
  add column client_key text,
  add column notified_at timestamptz,
  add column notification_id uuid;

-- Earlier messages were each notified when they arrived.
update contact_messages
   set sender_key = lower(email), notified_at = created_at, notification_id = id;

-- sender_key stays nullable: a row written without it (by hand, by an older
-- writer) only escapes the per-sender count, it does not fail the write.
alter table contact_messages
  add constraint contact_messages_name_check
    check (length(name) between 1 and 200
           and name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]') not valid,
  add constraint contact_messages_message_check
    check (length(message) between 1 and 5000
           and message !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]') not valid;

drop index contact_messages_email_created_idx;
create index contact_messages_sender_created_idx on contact_messages (sender_key, created_at);
create index contact_messages_client_created_idx on contact_messages (client_key, created_at);
create index contact_messages_notified_idx on contact_messages (notified_at);
-- Held-back messages, oldest first.
create index contact_messages_held_idx on contact_messages (created_at, id) where notified_at is null;
