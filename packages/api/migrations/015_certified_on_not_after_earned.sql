-- The day first certified is never after the current cycle's start
-- (docs/decisions/125): the API now takes it on create and update. An update
-- of a renewed certification's earned date to before its first-certified day
-- could leave such a row; it is brought back to the earned date first. Rows
-- written before migration 007 keep null (read as the earned date).

update certifications set certified_on = earned_date where certified_on > earned_date;

alter table certifications
  add constraint certifications_certified_on_earned_check
    check (certified_on <= earned_date);
