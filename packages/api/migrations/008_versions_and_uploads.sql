-- Writes that know what they overwrite, and proof that is proof (issue 25
-- items 5 and 6; docs/decisions/095, 096).
--
-- 1. Every certification and activity carries a version: 1 when created,
--    one more on each write of the record (an update, a renewal, a
--    submission date). A PUT names the version it read and applies only
--    while it is still the stored one.
alter table certifications
  add column version integer not null default 1,
  add constraint certifications_version_check check (version >= 1);

alter table activities
  add column version integer not null default 1,
  add constraint activities_version_check check (version >= 1);

-- 2. HEIC photos (what phones take) are proof too; their bytes are checked
--    like the others' before they count.
alter table uploads
  drop constraint uploads_content_type_check,
  add constraint uploads_content_type_check
    check (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/heic'));

alter table files
  drop constraint files_content_type_check,
  add constraint files_content_type_check
    check (content_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/heic'));
