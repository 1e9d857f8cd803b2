-- A late credit kept by a renewal: the start_date (in certification_cycles)
-- of the cycle it was kept for. A renewal in a window after expiry keeps the
-- late credits the old cycle needed; dated after that cycle's end, they
-- belong to it all the same, and its readiness and audit report list them.
-- Null for every other credit: it belongs to the cycle its date falls in.

alter table activity_credits add column late_for_cycle date;

-- The late credits of the last renewal are those archived with a date in the
-- current cycle: nothing else archives such a credit.
update activity_credits cr
   set late_for_cycle = (select max(h.start_date) from certification_cycles h
                          where h.certification_id = cr.certification_id)
  from certifications c
 where c.certification_id = cr.certification_id
   and cr.is_archived
   and cr.activity_date >= c.earned_date
   and exists (select 1 from certification_cycles h where h.certification_id = cr.certification_id);
