-- The schema of docs/architecture.md. Totals and percentages are computed in
-- queries, never stored.

create table users (
  user_id uuid primary key default gen_random_uuid(),
  cognito_sub text not null unique,
  email text not null,
  marketing_opt boolean not null default false,
  created_at timestamptz not null default now()
);

-- Email is unique case-insensitively, as Cognito treats it.
create unique index users_email_lower_key on users (lower(email));

create table certifications (
  certification_id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (user_id) on delete cascade,
  certification_name text not null check (length(certification_name) between 1 and 200),
  cpe_needed numeric(12, 2) check (cpe_needed >= 0),
  earned_date date not null,
  expiry_date date,
  verification_link text check (verification_link ~ '^https?://'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint certifications_expiry_after_earned check (expiry_date is null or expiry_date >= earned_date)
);

create index certifications_user_id_idx on certifications (user_id);

create table activities (
  activity_id uuid primary key default gen_random_uuid(),
  -- restrict: a certification with activities cannot be deleted (the product spec's rule).
  certification_id uuid not null references certifications (certification_id) on delete restrict,
  activity_name text not null check (length(activity_name) between 1 and 200),
  description text not null default '',
  cpe_units numeric(12, 2) not null default 0 check (cpe_units >= 0),
  activity_date date not null,
  is_archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Covers the per-certification totals without touching the heap.
create index activities_certification_id_idx on activities (certification_id) include (cpe_units, is_archived);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  message text not null,
  created_at timestamptz not null default now()
);

-- The per-address rate limit looks up recent messages by sender.
create index contact_messages_email_created_idx on contact_messages (lower(email), created_at);
