-- Search over the whole catalogue: the shop asks the server its search, filters, sort and page when online.
--
-- What a listing is found by, in one normal form the device computes too (src/domain/search-normalise.ts):
-- lower(unaccent(text)) of its title, brand, tags, category (and the shown name "kids" of children), product type,
-- description, location and its seller's first and last name, plus the German spellings without umlauts ("mueller"
-- for "Müller"). A query's words (letters and digits, normalised the same way on the device) must each be part
-- of that text. The device's mirror answers the same rule offline, so both give the same ids in the same order.
--
-- Where it lives: private.listing_search, one row per listing, kept by triggers (a listing's write, its seller's
-- rename). Not a column of listings: the sync pulls listings with `*`, and the text would more than double every
-- pulled row; in schema private no client reads or writes it. Its trigram index (pg_trgm, GIN) answers
-- `like '%word%'` for words of three letters or more by reading only the rows holding the word's trigrams.
--
-- The search itself is public.search_listings: one page of active listings, in the shop's orders with the id as
-- tie-break, after a keyset cursor (the last row of the page before) or a small offset (numbered pages among the
-- first SEARCH_OFFSET_MAX results). It runs as its definer so it can read private.listing_search, and it only
-- ever returns active listings: the rows every visitor may read under the listings' RLS. What it reads is bounded
-- by its indexes and its limit, so it never holds the single-threaded local engine for long.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- The normal form: accents and ligatures replaced (unaccent's rules), then lower case.
create function private.search_fold(t text) returns text
language sql stable parallel safe set search_path = '' as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(t, '')))
$$;

-- A text's words (letters and digits) in normal form, space separated and padded with a space at both ends.
create function private.search_words(t text) returns text
language sql stable parallel safe set search_path = '' as $$
  select ' ' || btrim(regexp_replace(private.search_fold(t), '[^[:alnum:]]+', ' ', 'g')) || ' '
$$;

create function private.listing_search_text(l public.listings, first_name text, last_name text) returns text
language sql stable parallel safe set search_path = '' as $$
  with raw as (
    select concat_ws(' ', l.title, l.brand, array_to_string(l.tags, ' '), l.category,
                     case l.category when 'children' then 'kids' end, l.product_type, l.description, l.location,
                     first_name, last_name) as t
  )
  select private.search_fold(t) ||
         case when t ~ '[äöüÄÖÜ]'
              then ' ' || private.search_fold(replace(replace(replace(replace(replace(replace(t,
                     'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'ae'), 'Ö', 'oe'), 'Ü', 'ue'))
              else '' end
  from raw
$$;

create table private.listing_search (
  listing_id uuid primary key references public.listings (id) on delete cascade,
  search_text text not null,
  -- The location's words, padded: a city filter matches whole words (" 1204 geneve ").
  location_words text not null,
  -- The size's words: a size filter matches one of them ("38 EU" has "38").
  size_words text[] not null
);

create index listing_search_text_trgm_idx on private.listing_search using gin (search_text extensions.gin_trgm_ops);

create function private.listing_search_row(l public.listings) returns private.listing_search
language sql stable set search_path = '' as $$
  select l.id,
         private.listing_search_text(l, p.first_name, p.last_name),
         private.search_words(l.location),
         coalesce(nullif(string_to_array(btrim(private.search_words(l.size)), ' '), '{""}'), '{}')
  from (select 1) as one
  left join public.profiles p on p.id = l.user_id
$$;

create function private.listings_keep_search() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.listing_search
  select (private.listing_search_row(new)).*
  on conflict (listing_id) do update
    set search_text = excluded.search_text, location_words = excluded.location_words, size_words = excluded.size_words;
  return null;
end
$$;

create trigger listings_search_after_write
  after insert or update of title, brand, tags, category, product_type, description, location, size, user_id
  on public.listings
  for each row execute function private.listings_keep_search();

-- A seller's rename reaches the search text of their listings (and nothing else: the listings do not change).
create function private.profiles_keep_search() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update private.listing_search s
     set search_text = private.listing_search_text(l, new.first_name, new.last_name)
    from public.listings l
   where l.user_id = new.id and s.listing_id = l.id;
  return null;
end
$$;

create trigger profiles_search_after_rename
  after update of first_name, last_name on public.profiles
  for each row
  when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
  execute function private.profiles_keep_search();

revoke all on function private.search_fold(text), private.search_words(text),
  private.listing_search_text(public.listings, text, text), private.listing_search_row(public.listings),
  private.listings_keep_search(), private.profiles_keep_search() from public;
revoke all on private.listing_search from public, anon, authenticated;

-- Listings written before this migration.
insert into private.listing_search select (private.listing_search_row(l)).* from public.listings l;

-- The shop's orders over active listings, with the id as tie-break: keyset pages read from where the last one ended.
create index listings_active_newest_idx on public.listings (created_at desc, id desc) where status = 'active';
create index listings_active_price_id_idx on public.listings (price, id) where status = 'active';

-- The most rows a numbered page may skip (the pages among the first results); further pages go by cursor.
create function private.search_offset_max() returns int language sql immutable as 'select 1000';

-- The rows a search matches, as SQL over the parameters $1..$7 of search_listings (terms, category, price bounds,
-- locations, sizes, conditions): only the parameters' presence shapes it, every value stays a parameter.
create function private.search_from_where(terms text[], has_category boolean, has_min boolean, has_max boolean,
  has_locations boolean, has_sizes boolean, has_conditions boolean) returns text
language plpgsql immutable set search_path = '' as $$
declare
  q text := 'from public.listings l';
  i int;
begin
  if cardinality(terms) > 0 or has_locations or has_sizes then
    q := q || ' join private.listing_search s on s.listing_id = l.id';
  end if;
  q := q || ' where l.status = ''active''';
  for i in 1 .. cardinality(terms) loop
    -- The words are letters and digits; LIKE's own characters are escaped all the same.
    q := q || format(' and s.search_text like (''%%'' || replace(replace(replace($1[%s], ''\'', ''\\''), ''%%'', ''\%%''), ''_'', ''\_'') || ''%%'')', i);
  end loop;
  if has_category then q := q || ' and l.category = $2'; end if;
  if has_min then q := q || ' and l.price >= $3'; end if;
  if has_max then q := q || ' and l.price <= $4'; end if;
  if has_locations then q := q || ' and exists (select 1 from unnest($5) c where strpos(s.location_words, c) > 0)'; end if;
  if has_sizes then q := q || ' and s.size_words && $6'; end if;
  if has_conditions then q := q || ' and l.condition = any($7)'; end if;
  return q;
end
$$;

-- The question's size is bounded, so no request can make the search's work grow without end: at most 10 words of
-- at most 100 characters, and lists no longer than the panel could ever send.
create function private.search_check(terms text[], locations text[], sizes text[], conditions text[]) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  if cardinality(coalesce(terms, '{}')) > 10
     or exists (select 1 from unnest(coalesce(terms, '{}')) t where char_length(t) > 100) then
    raise exception 'at most 10 search words of at most 100 characters' using errcode = '22023';
  end if;
  if cardinality(coalesce(locations, '{}')) > 100 or cardinality(coalesce(sizes, '{}')) > 50
     or cardinality(coalesce(conditions, '{}')) > 10 then
    raise exception 'too many locations, sizes or conditions' using errcode = '22023';
  end if;
  return coalesce(terms, '{}');
end
$$;

-- One page of the shop. p_terms: the query's words in normal form (each must be part of the search text);
-- p_locations: padded city words, any of which the location must hold (" geneve "); p_sizes: size words.
-- p_after_key / p_after_id: the sort key (created_at or price, as text) and id of the last row of the page before.
create function public.search_listings(
  p_terms text[] default '{}',
  p_category text default null,
  p_price_min numeric default null,
  p_price_max numeric default null,
  p_locations text[] default null,
  p_sizes text[] default null,
  p_conditions text[] default null,
  p_sort text default 'newest',
  p_after_key text default null,
  p_after_id uuid default null,
  p_offset int default 0,
  p_limit int default 12
) returns setof public.listings
language plpgsql stable security definer set search_path = '' as $$
declare
  terms text[] := private.search_check(p_terms, p_locations, p_sizes, p_conditions);
  q text;
begin
  if p_sort is null or p_sort not in ('newest', 'price_asc', 'price_desc') then
    raise exception 'unknown sort %', p_sort using errcode = '22023';
  end if;
  if coalesce(p_offset, 0) < 0 or coalesce(p_offset, 0) > private.search_offset_max() then
    raise exception 'offset beyond %: page on with the last row''s cursor', private.search_offset_max() using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'limit must be between 1 and 100' using errcode = '22023';
  end if;
  q := 'select l.* ' || private.search_from_where(terms, p_category is not null, p_price_min is not null,
    p_price_max is not null, p_locations is not null, p_sizes is not null, p_conditions is not null);
  if p_after_id is not null then
    q := q || case p_sort
      when 'newest' then ' and (l.created_at, l.id) < ($8::timestamptz, $9)'
      when 'price_asc' then ' and (l.price, l.id) > ($8::numeric, $9)'
      else ' and (l.price, l.id) < ($8::numeric, $9)' end;
  end if;
  q := q || case p_sort
    when 'newest' then ' order by l.created_at desc, l.id desc'
    when 'price_asc' then ' order by l.price, l.id'
    else ' order by l.price desc, l.id desc' end;
  q := q || ' limit $10 offset $11';
  return query execute q using terms, p_category, p_price_min, p_price_max, p_locations, p_sizes, p_conditions,
    p_after_key, p_after_id, p_limit, coalesce(p_offset, 0);
end
$$;

-- How many active listings match, counted up to a cap: a result above it ("more than 1,000") is the cap + 1.
create function private.search_count_cap() returns int language sql immutable as 'select 1000';

create function public.search_listings_count(
  p_terms text[] default '{}',
  p_category text default null,
  p_price_min numeric default null,
  p_price_max numeric default null,
  p_locations text[] default null,
  p_sizes text[] default null,
  p_conditions text[] default null
) returns int
language plpgsql stable security definer set search_path = '' as $$
declare
  terms text[] := private.search_check(p_terms, p_locations, p_sizes, p_conditions);
  n int;
begin
  execute 'select count(*)::int from (select 1 ' || private.search_from_where(terms, p_category is not null,
    p_price_min is not null, p_price_max is not null, p_locations is not null, p_sizes is not null,
    p_conditions is not null) || ' limit $8) x'
    into n using terms, p_category, p_price_min, p_price_max, p_locations, p_sizes, p_conditions,
    private.search_count_cap() + 1;
  return n;
end
$$;

revoke all on function private.search_from_where(text[], boolean, boolean, boolean, boolean, boolean, boolean),
  private.search_check(text[], text[], text[], text[]), private.search_offset_max(), private.search_count_cap() from public;
revoke all on function public.search_listings(text[], text, numeric, numeric, text[], text[], text[], text, text, uuid, int, int),
  public.search_listings_count(text[], text, numeric, numeric, text[], text[], text[]) from public;
grant execute on function public.search_listings(text[], text, numeric, numeric, text[], text[], text[], text, text, uuid, int, int),
  public.search_listings_count(text[], text, numeric, numeric, text[], text[], text[])
  to anon, authenticated, service_role;

-- Planner statistics after a bulk load (npm run seed:scale): hosted Postgres's autovacuum analyzes tables on its
-- own, PGlite runs no autovacuum, and without statistics the search's plans are guesses (a common word, size or
-- seller read as rare). The service role only.
create function public.analyze_catalogue() returns void
language plpgsql security definer set search_path = '' as $$
begin
  analyze public.listings;
  analyze private.listing_search;
  analyze public.listing_images;
  analyze public.profiles;
end
$$;

revoke all on function public.analyze_catalogue() from public, anon, authenticated;
grant execute on function public.analyze_catalogue() to service_role;
