-- Single-line text loses its direction-control characters (U+061C, U+200E,
-- U+200F, U+202A-U+202E, U+2066-U+2069) when written since issue 25: a name
-- reads as it is stored, so "invoice<RLO>fdp.exe" cannot pose as a PDF in a
-- report, a mail or a download. Rows written before keep theirs until now:
-- they lose them here, trimmed as the schema trims. A required name left
-- empty (it held nothing else) becomes '?', as migration 002 did for control
-- characters; an optional one becomes null.

update certifications
   set certification_name = coalesce(nullif(btrim(regexp_replace(certification_name,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), ''), '?')
 where certification_name ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update certifications
   set carried_category = nullif(btrim(regexp_replace(carried_category,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), '')
 where carried_category ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update certification_cycles
   set carried_category = nullif(btrim(regexp_replace(carried_category,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), '')
 where carried_category ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update activities
   set activity_name = coalesce(nullif(btrim(regexp_replace(activity_name,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), ''), '?')
 where activity_name ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update activities
   set provider = nullif(btrim(regexp_replace(provider,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), '')
 where provider ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update activities
   set category = nullif(btrim(regexp_replace(category,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), '')
 where category ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update activity_credits
   set category = nullif(btrim(regexp_replace(category,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), '')
 where category ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update files
   set file_name = coalesce(nullif(btrim(regexp_replace(file_name,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), ''), '?')
 where file_name ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update uploads
   set file_name = coalesce(nullif(btrim(regexp_replace(file_name,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), ''), '?')
 where file_name ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';

update user_settings
   set holder_name = nullif(btrim(regexp_replace(holder_name,
         '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')), '')
 where holder_name ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';
