-- Reminders: what the daily job has claimed and sent, one row per reminder
-- of a certification (its key names the deadline, so a new cycle or a new
-- year gets reminders of its own). The job's one statement per page of users
-- inserts these rows as it selects what is due (src/data/reminders.ts): the
-- primary key is the claim, so two overlapping runs cannot both send one.
-- sent_at stays null until the email went out; a claim left unsent (the send
-- failed, the run died) may be claimed again by a run some hours later
-- (docs/decisions/071).

create table reminder_log (
  certification_id uuid not null references certifications (certification_id) on delete cascade,
  reminder_key text not null check (length(reminder_key) between 1 and 200),
  user_id uuid not null references users (user_id) on delete cascade,
  kind text not null check (kind in ('expiry', 'expired', 'behind-pace', 'annual-minimum',
    'annual-fee', 'grace-period-end', 'category-minimum', 'not-submitted')),
  deadline date not null,
  run_id uuid not null,
  claimed_at timestamptz not null,
  sent_at timestamptz,
  primary key (certification_id, reminder_key)
);

-- Marking a run's claims sent, user by user.
create index reminder_log_unsent_idx on reminder_log (run_id, user_id) where sent_at is null;
-- Account deletion and the user's own history.
create index reminder_log_user_idx on reminder_log (user_id);
