-- Forwarding by email (issue 28 item 2): every user has a private address,
-- <forwarding_local>@in.<site domain>, that certificates are forwarded to.
-- The local part is 20 characters of an alphabet without look-alikes (no
-- 0/o, 1/l/i), each from a random byte of two v4 UUIDs (the bytes that carry
-- no version or variant bits), reduced modulo 31: about 99 bits, so an
-- address cannot be guessed. gen_random_uuid() draws from the server's strong
-- random source. Rotating draws a new one (the old stops working at once);
-- the unique index makes one address name one user.

create function cpe_forwarding_local() returns text
language sql volatile parallel safe as $$
  select string_agg(substr('abcdefghjkmnpqrstuvwxyz23456789', get_byte(r.b, p.i) % 31 + 1, 1), '' order by p.n)
    from (select uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) as b) r
   cross join unnest(array[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21])
         with ordinality as p(i, n)
$$;

-- A volatile default is evaluated per row: every existing user gets an address of their own.
alter table users
  add column forwarding_local text not null default cpe_forwarding_local()
    constraint users_forwarding_local_check check (forwarding_local ~ '^[a-hjkmnp-z2-9]{20}$');

create unique index users_forwarding_local_key on users (forwarding_local);
