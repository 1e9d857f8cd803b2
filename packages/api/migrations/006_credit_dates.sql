-- A certification's figures (total, cycle, cycle year, calendar year) are
-- sums of its credits by activity date, worked out by every list, every
-- single certification and every reminder run (src/data/certifications.ts).
-- Two changes make that pass about half as costly (docs/performance.md):

-- 1. Each credit carries its activity's date, so the sums read one index of
-- activity_credits instead of looking every credit's activity up. The
-- foreign key includes the date: the database refuses a credit whose date is
-- not its activity's, and changing an activity's date moves its credits'
-- dates in the same statement (on update cascade).
alter table activities
  add constraint activities_activity_id_activity_date_key unique (activity_id, activity_date);

alter table activity_credits add column activity_date date;

update activity_credits cr
   set activity_date = a.activity_date
  from activities a
 where a.activity_id = cr.activity_id;

alter table activity_credits
  alter column activity_date set not null,
  drop constraint activity_credits_activity_id_fkey,
  add constraint activity_credits_activity_id_activity_date_fkey
    foreign key (activity_id, activity_date) references activities (activity_id, activity_date)
    on update cascade on delete cascade;

-- Per-certification figures: the credits of a certification with what the sums read.
drop index activity_credits_certification_id_idx;
create index activity_credits_certification_id_idx on activity_credits (certification_id)
  include (cpe_units, is_archived, activity_date);

-- 2. cpe_cycle_year as one expression (no FROM, not STRICT, nulls answered
-- explicitly), so the planner inlines it instead of running a SQL function
-- per certification. Same answers as migration 002's for every input.
create or replace function cpe_cycle_year(earned date, today date) returns integer
language sql immutable parallel safe as $$
  select case
    when earned is null or today is null then null
    when today <= earned then 0
    when cast(earned + make_interval(years => cast(extract(year from today) - extract(year from earned) as integer)) as date) <= today
      then cast(extract(year from today) - extract(year from earned) as integer)
    else greatest(0, cast(extract(year from today) - extract(year from earned) as integer) - 1)
  end
$$;
