-- The rules engine (packages/shared/src/rules) decides every answer about a
-- certification's standing; the database keeps what it reads and what a
-- renewal decides (docs/certification-rules.md, "Renewal").

-- 1. A category belongs to each credit, not to the activity: the same webinar
-- is Group A for ISC2 and Ways of Working for PMI. Each credit starts with its
-- activity's category; activities.category stays the primary credit's.
alter table activity_credits
  add column category text,
  add constraint activity_credits_category_check
    check (length(category) between 1 and 100
           and category !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');

update activity_credits cr
   set category = a.category
  from activities a
 where a.activity_id = cr.activity_id and a.category is not null;

-- 2. When the holder was first certified (fees and first years count from it;
-- earned_date is the current cycle's first day and moves on renewal; null
-- reads as the earned date, so a row written without it stays valid), and
-- the credits the last renewal carried into the current cycle.
alter table certifications
  add column certified_on date,
  add column carried_in numeric(12, 2) not null default 0,
  add column carried_category text,
  add constraint certifications_certified_on_check
    check (certified_on between date '1900-01-01' and date '2999-12-31'),
  add constraint certifications_carried_in_check
    check (carried_in between 0 and 100000),
  add constraint certifications_carried_category_check
    check (length(carried_category) between 1 and 100
           and carried_category !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');

-- Left null on existing rows: null reads as the earned date (an update here
-- would re-check older rows against constraints added NOT VALID in 002).

-- 3. Every renewed cycle, as the renewal closed it: reports and readiness
-- list past cycles from here (older renewals, made before this table, are
-- worked out from cycle_months as before).
create table certification_cycles (
  certification_id uuid not null references certifications (certification_id) on delete cascade,
  start_date date not null,
  end_date date not null,
  carried_in numeric(12, 2) not null default 0,
  carried_category text,
  carried_out numeric(12, 2) not null default 0,
  renewed_at timestamptz not null default now(),
  primary key (certification_id, start_date),
  constraint certification_cycles_dates check (end_date >= start_date)
);

-- 4. The reminder the engine's windows bring: the end of a suspension.
alter table reminder_log
  drop constraint reminder_log_kind_check,
  add constraint reminder_log_kind_check
    check (kind in ('expiry', 'expired', 'behind-pace', 'annual-minimum', 'annual-fee',
                    'grace-period-end', 'suspension-end', 'category-minimum', 'not-submitted'));
