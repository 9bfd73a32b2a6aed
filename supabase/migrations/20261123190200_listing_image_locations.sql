-- Where a listing photo may point (docs/decisions.md#D-image-locations): a path inside the seller's own folder of the listing-images
-- bucket (`{user_id}/…`, as the app and the seed write them) or an https URL. Before, any text up to 2048 chars
-- was accepted: `javascript:` URLs, another user's files, or a third-party http(s) address that would let a seller
-- track who looks at the listing.
--
-- * Checked for API writes (anon/authenticated, see private.is_api_request) when the caller owns the listing;
--   any other caller is refused by RLS anyway, and checking first would tell them whose listing it is.
-- * Path: segments of letters, digits, `_`, `-` and `.`, none starting with a dot (no `.`/`..`), no empty segment.
-- * https URL: a host of letters, digits, dots and dashes, an optional port, then no space, control character,
--   quote, angle bracket or backslash.
-- * Rows written by the server (seed, service_role) are not checked; existing rows are not rewritten.

create function private.listing_images_check_location() returns trigger
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
  if new.image_url ~ '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[^[:space:][:cntrl:]"''<>\\]*)?$'
     or (starts_with(new.image_url, me::text || '/')
         and substr(new.image_url, length(me::text) + 2) ~ '^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$') then
    return new;
  end if;
  raise exception 'new row for relation "listing_images" violates check constraint "listing_images_image_url_location"'
    using errcode = '23514', constraint = 'listing_images_image_url_location', table = 'listing_images',
          detail = 'image_url must be a path in the seller''s folder of the listing-images bucket or an https URL.';
end
$$;

revoke all on function private.listing_images_check_location() from public;

create trigger listing_images_20_check_location
  before insert or update of image_url, listing_id on public.listing_images
  for each row execute function private.listing_images_check_location();
