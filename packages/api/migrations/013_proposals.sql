-- The inbox (issue 28 item 1): activities proposed from a forwarded email, a
-- certificate upload or an import, waiting for their owner to accept or
-- dismiss them. Each holds what the proposal engine found (every field may
-- be missing) and at most one proof file, kept in the evidence bucket at
-- users/{cognito_sub}/proposals/{proposal_id}: a key no upload form can
-- write (docs/decisions/095). Accepting creates the activity and moves the
-- proof to the activity's file key; dismissing removes both.
--
-- The data module (packages/api/src/data/proposals.ts) cleans what an
-- engine found to these rules before writing, so a CHECK firing means a
-- rule drifted. Single-line text uses the pattern of
-- packages/shared/src/text-rules.ts (SINGLE_LINE_FORBIDDEN, verbatim).

create table proposals (
  proposal_id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (user_id) on delete cascade,
  source text not null
    constraint proposals_source_check check (source in ('email', 'upload', 'import')),
  -- Where it came from, as the inbox shows it ("Email from webinars@example.com: Your certificate").
  source_label text not null
    constraint proposals_source_label_check
      check (length(source_label) between 1 and 300
             and source_label !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  activity_name text
    constraint proposals_activity_name_check
      check (length(activity_name) between 1 and 200
             and activity_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  provider text
    constraint proposals_provider_check
      check (length(provider) between 1 and 200
             and provider !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  activity_date date
    constraint proposals_activity_date_check
      check (activity_date between date '1900-01-01' and date '2999-12-31'),
  cpe_units numeric(12, 2)
    constraint proposals_cpe_units_check check (cpe_units between 0 and 100000),
  description text
    constraint proposals_description_check
      check (length(description) between 1 and 5000
             and description !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'),
  -- The proof file: all four or none.
  proof_key text unique,
  proof_name text
    constraint proposals_proof_name_check
      check (length(proof_name) between 1 and 200
             and proof_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  proof_type text
    constraint proposals_proof_type_check
      check (proof_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/heic')),
  proof_size integer
    constraint proposals_proof_size_check check (proof_size between 1 and 10485760),
  constraint proposals_proof_whole
    check ((proof_key is null) = (proof_name is null)
           and (proof_key is null) = (proof_type is null)
           and (proof_key is null) = (proof_size is null)),
  created_at timestamptz not null default now()
);

-- The inbox lists a user's proposals newest first; the per-day limit counts
-- a user's proposals since a moment.
create index proposals_user_id_created_at_idx on proposals (user_id, created_at desc);
