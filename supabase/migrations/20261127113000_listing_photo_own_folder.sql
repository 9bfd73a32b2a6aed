-- Where a listing photo may point (docs/decisions.md#D-image-locations): only a path in the seller's own folder of
-- the listing-images bucket (`{user_id}/…`, as the app uploads it and the seed writes it), the rule profile pictures
-- already follow. Until now any https URL was accepted too, so a seller could point a photo at a server of their own
-- and learn who looks at the listing (address, time, browser) from its log.
--
-- * One rule for both: private.is_own_storage_path(owner, path). Segments of letters, digits, `_`, `-` and `.`,
--   none starting with a dot (no `.`/`..`), no empty segment, the first segment the owner's id.
-- * Still checked for API writes only (private.is_api_request) by the caller who owns the listing; anyone else is
--   refused by RLS. Rows written by the server (seed, seed:scale, service_role) are not checked, and existing rows
--   are not rewritten; the app's content security policy shows images from the project's own storage only.

create function private.is_own_storage_path(owner uuid, path text) returns boolean
language sql immutable set search_path = '' as $$
  select owner is not null and path is not null
     and starts_with(path, owner::text || '/')
     and substr(path, length(owner::text) + 2) ~ '^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$'
$$;

revoke all on function private.is_own_storage_path(uuid, text) from public;
-- The checks below run as the caller.
grant execute on function private.is_own_storage_path(uuid, text) to anon, authenticated, service_role;

create or replace function private.listing_images_check_location() returns trigger
language plpgsql set search_path = '' as $$
declare
  me uuid := auth.uid();
  owner uuid;
begin
  if not private.is_api_request() or me is null then
    return new;
  end if;
  select l.user_id into owner from public.listings l where l.id = new.listing_id;
  if owner is distinct from me then
    return new; -- RLS decides (and refuses)
  end if;
  if private.is_own_storage_path(me, new.image_url) then
    return new;
  end if;
  raise exception 'new row for relation "listing_images" violates check constraint "listing_images_image_url_location"'
    using errcode = '23514', constraint = 'listing_images_image_url_location', table = 'listing_images',
          detail = 'image_url must be a path in the seller''s own folder of the listing-images bucket.';
end
$$;

create or replace function private.profiles_check_picture() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.is_api_request() or new.profile_picture_url is null
     or new.profile_picture_url is not distinct from old.profile_picture_url then
    return new;
  end if;
  if private.is_own_storage_path(new.id, new.profile_picture_url) then
    return new;
  end if;
  raise exception 'new row for relation "profiles" violates check constraint "profiles_picture_url_location"'
    using errcode = '23514', constraint = 'profiles_picture_url_location', table = 'profiles',
          detail = 'profile_picture_url must be a path in the member''s own folder of the listing-images bucket.';
end
$$;
