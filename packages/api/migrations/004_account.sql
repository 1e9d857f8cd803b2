-- Account settings: reminder preferences and the private calendar feed.
-- One row per user, created on first change (absent means the defaults).
-- The calendar feed's token is stored only as its SHA-256 (hex): the feed URL
-- is a bearer secret, and a copy of the database must not open anyone's
-- calendar. Rotating replaces the hash; turning the feed off clears it.

create table user_settings (
  user_id uuid primary key references users (user_id) on delete cascade,
  reminders_enabled boolean not null default true,
  -- Which lead times (days before expiry) the user wants reminders for.
  reminder_lead_days integer[] not null default '{90,60,30,7}'
    constraint user_settings_reminder_lead_days_check
    check (reminder_lead_days <@ array[90, 60, 30, 7]),
  calendar_token_sha256 text unique
    check (calendar_token_sha256 ~ '^[0-9a-f]{64}$'),
  calendar_token_created_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint user_settings_calendar_token_pair
    check ((calendar_token_sha256 is null) = (calendar_token_created_at is null))
);
