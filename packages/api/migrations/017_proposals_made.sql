-- Every proposal made, kept after the proposal itself is accepted or
-- dismissed: the per-day limit on forwarded mail (MAX_PROPOSALS_PER_DAY,
-- docs/decisions/120) counts what arrived, not what is still in the inbox.
-- Counting the inbox let a user, or whoever holds a leaked forwarding
-- address, make 50 more proposals each time the inbox was emptied.
--
-- Only the last day is ever read: each insert removes the user's rows of
-- more than a day before it (packages/api/src/data/proposals.ts). A
-- counter, like a rate limiter's, not the user's data: the account export
-- leaves it out, and deleting the account deletes it with the user's row.

create table proposals_made (
  user_id uuid not null references users (user_id) on delete cascade,
  -- Copied from the proposal's row, which checks it.
  source text not null,
  made_at timestamptz not null
);

create index proposals_made_user_id_made_at_idx on proposals_made (user_id, made_at);

-- The inbox as it stands counts as made at the time each proposal arrived.
insert into proposals_made (user_id, source, made_at)
select user_id, source, created_at from proposals
 where created_at > now() - interval '1 day';
