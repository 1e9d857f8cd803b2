-- Spreadsheet import (docs/decisions/115): an imported activity keeps the
-- key of the row it came from (a hex SHA-256 of its certification, date,
-- title, provider and units, normalised; the API computes it, no client
-- sends it), so importing the same file again creates nothing twice, even
-- when two imports run at once. Activities typed by hand have none. The key
-- is per certification, so per user.
alter table activities add column import_key text;

create unique index activities_import_key_idx on activities (certification_id, import_key)
  where import_key is not null;
