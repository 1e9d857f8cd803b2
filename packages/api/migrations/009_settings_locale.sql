-- How mail speaks to the holder, and the name their audit reports carry.
-- locale: a BCP 47 language tag (en-GB, de-DE, zh-Hant-TW) for the digest's
-- dates and numbers; time_zone: an IANA zone (Europe/Berlin) for which day
-- "today" is when the daily job runs. Null means the defaults (en-GB, UTC);
-- the account page offers the browser's own. The API checks both against
-- Intl before storing; the checks here keep the shapes (and any other
-- writer) honest. holder_name: the name on the audit reports, next to the
-- email; null leaves it out.

alter table user_settings
  add column locale text,
  add column time_zone text,
  add column holder_name text,
  add constraint user_settings_locale_check
    check (length(locale) between 2 and 35
           and locale ~ '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$'),
  add constraint user_settings_time_zone_check
    check (length(time_zone) between 1 and 64
           and time_zone ~ '^[A-Za-z0-9_+/-]+$'),
  add constraint user_settings_holder_name_check
    check (length(holder_name) between 1 and 200
           and holder_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
