-- Audit-ready (issue 11): an activity counts for several certifications
-- (one credit each, with its own units, archive flag and the date it was
-- submitted to the body's portal), carries a provider and a category, and
-- keeps proof files in the evidence bucket. Every CHECK states the rule the
-- API's schema states (packages/shared/src/schemas.ts; the patterns are
-- packages/shared/src/text-rules.ts, verbatim).

alter table activities
  add column provider text,
  add column category text,
  add constraint activities_provider_check
    check (length(provider) between 1 and 200
           and provider !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  add constraint activities_category_check
    check (length(category) between 1 and 100
           and category !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');

-- One row per certification an activity counts for, the primary one
-- (activities.certification_id) included. activities.cpe_units and
-- activities.is_archived stay the primary credit's figures, so the product
-- spec's answers read as before. Totals, progress and renewal read credits:
-- renewing one certification archives only its own credits.
create table activity_credits (
  activity_id uuid not null references activities (activity_id) on delete cascade,
  -- restrict: a certification an activity counts for cannot be deleted (as for activities).
  certification_id uuid not null references certifications (certification_id) on delete restrict,
  cpe_units numeric(12, 2) not null
    constraint activity_credits_cpe_units_check check (cpe_units between 0 and 100000),
  submitted_on date
    constraint activity_credits_submitted_on_check
      check (submitted_on between date '1900-01-01' and date '2999-12-31'),
  is_archived boolean not null default false,
  primary key (activity_id, certification_id)
);

-- Per-certification totals: the credits of a certification with their units and flag.
create index activity_credits_certification_id_idx on activity_credits (certification_id)
  include (cpe_units, is_archived);

insert into activity_credits (activity_id, certification_id, cpe_units, is_archived)
  select activity_id, certification_id, cpe_units, is_archived from activities;

-- Browser uploads waiting to be attached: what the presigned POST was signed
-- for. The object's key is users/{cognito_sub}/uploads/{upload_id}; it
-- carries the tag cpe-upload=pending until attached, and the bucket's
-- lifecycle rule expires pending objects (docs/decisions/050).
create table uploads (
  upload_id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (user_id) on delete cascade,
  object_key text not null unique,
  file_name text not null
    constraint uploads_file_name_check
      check (length(file_name) between 1 and 200
             and file_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  content_type text not null
    constraint uploads_content_type_check
      check (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
  size_bytes integer not null
    constraint uploads_size_bytes_check check (size_bytes between 1 and 10485760),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

create index uploads_user_id_idx on uploads (user_id, expires_at);

-- Proof files of an activity. user_id is the owner (the activity's, through
-- its primary certification); the object lives at object_key.
create table files (
  file_id uuid primary key default gen_random_uuid(),
  activity_id uuid not null references activities (activity_id) on delete cascade,
  user_id uuid not null references users (user_id) on delete cascade,
  object_key text not null unique,
  file_name text not null
    constraint files_file_name_check
      check (length(file_name) between 1 and 200
             and file_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  content_type text not null
    constraint files_content_type_check
      check (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
  size_bytes integer not null
    constraint files_size_bytes_check check (size_bytes between 1 and 10485760),
  uploaded_at timestamptz not null default now()
);

create index files_activity_id_idx on files (activity_id);
create index files_user_id_idx on files (user_id);
