-- The holder's member (or certificate) number with the certifying body, per
-- certification: audit reports print it next to the holder's name, as the
-- bodies' audit forms ask for it. Null: none given. One line of at most 100
-- characters, without control or direction-control characters (the schema
-- in @cpe/shared refuses them first).

alter table certifications
  add column member_id text,
  add constraint certifications_member_id_check
    check (length(member_id) between 1 and 100
           and member_id !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]');
