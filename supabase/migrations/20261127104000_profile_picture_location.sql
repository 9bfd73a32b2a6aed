-- Where a profile picture may point: nowhere (null) or a file in the member's own folder of the listing-images
-- bucket (`{user_id}/…`, as the app uploads it). Before, any text was accepted: `javascript:` URLs, a third-party
-- address that tracks who looks at the profile, or another member's photo.
--
-- * Checked for API writes (anon/authenticated, private.is_api_request); rows written by the server (seed,
--   service_role) are not, and existing rows are not rewritten.
-- * Path: as for listing photos, segments of letters, digits, `_`, `-` and `.`, none starting with a dot.

create function private.profiles_check_picture() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not private.is_api_request() or new.profile_picture_url is null
     or new.profile_picture_url is not distinct from old.profile_picture_url then
    return new;
  end if;
  if starts_with(new.profile_picture_url, new.id::text || '/')
     and substr(new.profile_picture_url, length(new.id::text) + 2) ~ '^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$' then
    return new;
  end if;
  raise exception 'new row for relation "profiles" violates check constraint "profiles_picture_url_location"'
    using errcode = '23514', constraint = 'profiles_picture_url_location', table = 'profiles',
          detail = 'profile_picture_url must be a path in the member''s own folder of the listing-images bucket.';
end
$$;

revoke all on function private.profiles_check_picture() from public;

create trigger profiles_20_check_picture
  before update of profile_picture_url on public.profiles
  for each row execute function private.profiles_check_picture();
