-- What one request may write, when a listing was made, and device stamps that cannot win for ever.
--
-- The local stack runs one engine that cannot interrupt a statement, and hosted Postgres holds a connection for the
-- whole statement: a single call with thousands of saves or messages made everyone else wait for tens of seconds.
-- Caps are checked before any work is done where the request says how much it asks for.
--
-- * save_listings takes at most 100 saves per call (the app sends at most 100 outbox entries per request) and at
--   most 10 photos per save (the sell flow's limit); more is refused with 413 (PT413) before anything is written.
-- * A listing holds at most 10 photos whatever the route (REST inserts included): an API write that would give it
--   an 11th is refused like a CHECK (23514, listing_images_per_listing).
-- * A member sends at most 300 messages per minute (a device flushing a long offline queue stays well inside it);
--   beyond that the insert is refused with 429 (PT429), which the app's outbox treats as "try again later".
-- * created_at of a listing made through save_listings is the device's creation time (the save's created_at, else
--   the listing's own edit stamp) clamped between 30 days ago and now: a listing made offline sorts by when it was
--   made, not when it reached the server, and no device can date one into the future or the distant past.
-- * Device edit stamps (listings, profiles, photo sets): a stamp that is not a finite time (infinity) is refused
--   (22008); a stamp more than a day ahead of the server counts as one day ahead (a clock set to a wrong time zone
--   is at most 14 hours off). Before, one far-future stamp (year 9999) stored as the device stamp made every later
--   edit from a device whose clock runs ahead lose for ever; now such an edit wins again a day later at the latest.

create index messages_sender_id_created_at_idx on public.messages (sender_id, created_at);

-- ---------------------------------------------------------------------------------------------------------------
-- Photos per listing.

create function private.listing_images_cap() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_api_request() then
    return new;
  end if;
  if (select count(*) from public.listing_images x where x.listing_id = new.listing_id and x.id <> new.id) >= 10 then
    raise exception 'new row for relation "listing_images" violates check constraint "listing_images_per_listing"'
      using errcode = '23514', constraint = 'listing_images_per_listing', table = 'listing_images',
            detail = 'A listing has at most 10 photos.';
  end if;
  return new;
end
$$;

revoke all on function private.listing_images_cap() from public;

create trigger listing_images_30_cap
  before insert or update of listing_id on public.listing_images
  for each row execute function private.listing_images_cap();

-- ---------------------------------------------------------------------------------------------------------------
-- Messages per member per minute. Earlier rows of the same statement are visible here, so one bulk insert counts
-- whole. Definer rights: the count covers the sender's messages in conversations the sender can no longer read.

create function private.messages_rate() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_api_request() then
    return new;
  end if;
  if (select count(*) from public.messages m
      where m.sender_id = new.sender_id and m.created_at > now() - interval '1 minute') >= 300 then
    raise exception 'too many messages: at most 300 per minute'
      using errcode = 'PT429', hint = 'Wait a minute before sending more.';
  end if;
  return new;
end
$$;

revoke all on function private.messages_rate() from public;

create trigger messages_05_rate
  before insert on public.messages
  for each row execute function private.messages_rate();

-- ---------------------------------------------------------------------------------------------------------------
-- Device stamps.

-- The stamp a device sent, as the server keeps it: refused when not finite, at most a day ahead.
create function private.device_stamp(stamp timestamptz) returns timestamptz
language plpgsql stable set search_path = '' as $$
begin
  if stamp is null then
    return now();
  end if;
  if not isfinite(stamp) then
    raise exception 'an edit time must be a finite time, not %', stamp using errcode = '22008';
  end if;
  return least(stamp, now() + interval '1 day');
end
$$;

revoke all on function private.device_stamp(timestamptz) from public;
grant execute on function private.device_stamp(timestamptz) to anon, authenticated, service_role;

-- As in 20261125150100_edits_ahead_of_server, with the device stamp passed through private.device_stamp.
create or replace function private.listings_before_write() returns trigger
language plpgsql as $$
declare
  stamped boolean;
  ahead boolean := false;
begin
  new.title := btrim(new.title);
  new.description := btrim(new.description);
  new.location := nullif(btrim(new.location), '');
  new.product_type := nullif(btrim(new.product_type), '');
  new.brand := nullif(btrim(new.brand), '');
  new.size := nullif(btrim(new.size), '');
  new.fabric := nullif(btrim(new.fabric), '');

  stamped := tg_op = 'INSERT' or new.edited_at is distinct from old.edited_at;
  if stamped then
    new.device_edited_at := private.device_stamp(new.edited_at);
    new.edited_at := least(new.device_edited_at, now());
  else
    new.device_edited_at := old.device_edited_at;
  end if;

  if tg_op = 'UPDATE' then
    ahead := stamped and new.device_edited_at > new.edited_at
             and coalesce(old.device_edited_at > old.edited_at, false);
    if ahead then
      if new.device_edited_at < old.device_edited_at then
        return old;
      end if;
      new.edited_at := greatest(new.edited_at, old.edited_at);
    else
      if new.edited_at < old.edited_at then
        return old;
      end if;
      if new.edited_at = old.edited_at
         and (new.user_id, new.title, new.description, new.price, new.condition, new.category, new.product_type,
              new.brand, new.size, new.fabric, new.location, new.tags, new.status)
             is distinct from
             (old.user_id, old.title, old.description, old.price, old.condition, old.category, old.product_type,
              old.brand, old.size, old.fabric, old.location, old.tags, old.status) then
        new.edited_at := now();
      end if;
    end if;
  end if;
  return new;
end
$$;

revoke all on function private.listings_before_write() from public;

-- As in 20261125150100_edits_ahead_of_server, with the device stamp passed through private.device_stamp.
create or replace function private.profiles_before_update() returns trigger
language plpgsql as $$
declare
  stamped boolean := new.edited_at is distinct from old.edited_at;
  ahead boolean;
begin
  if stamped then
    new.device_edited_at := private.device_stamp(new.edited_at);
    new.edited_at := least(new.device_edited_at, now());
  else
    new.device_edited_at := old.device_edited_at;
  end if;
  ahead := stamped and new.device_edited_at > new.edited_at and coalesce(old.device_edited_at > old.edited_at, false);
  if ahead then
    if new.device_edited_at < old.device_edited_at then
      return old;
    end if;
    new.edited_at := greatest(new.edited_at, old.edited_at);
    return new;
  end if;
  if new.edited_at < old.edited_at then
    return old;
  end if;
  if new.edited_at = old.edited_at
     and (new.first_name, new.last_name, new.location, new.profile_picture_url)
         is distinct from (old.first_name, old.last_name, old.location, old.profile_picture_url) then
    new.edited_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.profiles_before_update() from public;

-- ---------------------------------------------------------------------------------------------------------------
-- created_at of a listing made through save_listings: the function names the creation time in a
-- transaction-local setting for the one insert it makes; this trigger (after stamp_times, which sets now() for API
-- writes) takes it, clamped. Any other insert leaves the setting empty and keeps now().

create function private.listings_created_at() returns trigger
language plpgsql set search_path = '' as $$
declare
  made text := nullif(current_setting('kreis.listing_created_at', true), '');
begin
  if made is not null then
    new.created_at := greatest(least(made::timestamptz, now()), now() - interval '30 days');
  end if;
  return new;
end
$$;

revoke all on function private.listings_created_at() from public;

create trigger listings_92_created_at
  before insert on public.listings
  for each row execute function private.listings_created_at();

-- ---------------------------------------------------------------------------------------------------------------
-- save_listings as in 20261125150100_edits_ahead_of_server, with the caps checked before any save is applied, the
-- creation time handed to the insert, and the photo-set stamp passed through private.device_stamp.
create or replace function public.save_listings(saves jsonb) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  me uuid := auth.uid();
  save jsonb;
  l jsonb;
  lid uuid;
  owner uuid;
  sent timestamptz;
  made timestamptz;
  set_time timestamptz;
  stored_time timestamptz;
  stored_sent timestamptz;
  ahead boolean;
  removed text[];
  kept jsonb;
  gone_at timestamptz;
  answer jsonb := '[]'::jsonb;
begin
  if me is null then
    raise exception 'sign in to save a listing' using errcode = '42501';
  end if;
  if jsonb_typeof(saves) is distinct from 'array' then
    raise exception 'saves must be an array' using errcode = '22023';
  end if;
  if jsonb_array_length(saves) > 100 then
    raise exception 'too many saves: at most 100 per call' using errcode = 'PT413',
      hint = 'Send the saves in several calls.';
  end if;
  if exists (select 1 from jsonb_array_elements(saves) s
             where case when jsonb_typeof(s -> 'images') = 'array' then jsonb_array_length(s -> 'images') else 0 end > 10) then
    raise exception 'new row for relation "listing_images" violates check constraint "listing_images_per_listing"'
      using errcode = '23514', constraint = 'listing_images_per_listing', table = 'listing_images',
            detail = 'A listing has at most 10 photos.';
  end if;

  for save in select value from jsonb_array_elements(saves) loop
    l := nullif(save -> 'listing', 'null'::jsonb);
    lid := coalesce(l ->> 'id', save ->> 'listing_id')::uuid;
    removed := '{}';
    if lid is null then
      raise exception 'a save names no listing' using errcode = '22023';
    end if;

    select private.my_listing_deleted_at(lid) into gone_at;
    if gone_at is not null then
      select coalesce(array_agg(distinct i.image_url), '{}') into removed
      from jsonb_to_recordset(coalesce(nullif(save -> 'images', 'null'::jsonb), '[]'::jsonb)) as i (image_url text)
      where i.image_url like me::text || '/' || lid::text || '/%';
      answer := answer || jsonb_build_array(jsonb_build_object(
        'listing', null, 'listing_id', lid, 'images', '[]'::jsonb, 'removed', to_jsonb(removed), 'deleted_at', gone_at
      ));
      continue;
    end if;

    if l is not null then
      -- When the listing was made on the device: used only if this save creates it (listings_created_at).
      made := private.device_stamp(coalesce(nullif(save ->> 'created_at', ''), l ->> 'edited_at')::timestamptz);
      perform set_config('kreis.listing_created_at', made::text, true);
      insert into public.listings as t (id, user_id, title, description, price, condition, category, product_type,
                                        brand, size, fabric, location, tags, status, edited_at)
      select r.id, r.user_id, r.title, r.description, r.price, r.condition, r.category, r.product_type, r.brand,
             r.size, r.fabric, r.location, r.tags, coalesce(r.status, 'active'), r.edited_at
      from jsonb_populate_record(null::public.listings, l) r
      on conflict (id) do update set
        user_id = excluded.user_id, title = excluded.title, description = excluded.description,
        price = excluded.price, condition = excluded.condition, category = excluded.category,
        product_type = excluded.product_type, brand = excluded.brand, size = excluded.size,
        fabric = excluded.fabric, location = excluded.location, tags = excluded.tags, status = excluded.status,
        edited_at = excluded.device_edited_at;
      perform set_config('kreis.listing_created_at', '', true);
    end if;

    if nullif(save -> 'images', 'null'::jsonb) is not null then
      select t.user_id, t.images_edited_at, t.images_device_edited_at into owner, stored_time, stored_sent
      from public.listings t where t.id = lid;
      if owner is distinct from me then
        raise exception 'new row violates row-level security policy for table "listing_images"' using errcode = '42501';
      end if;
      sent := private.device_stamp((save ->> 'images_edited_at')::timestamptz);
      set_time := least(sent, now());
      ahead := sent > set_time and coalesce(stored_sent > stored_time, false);
      if stored_time is null or (ahead and sent >= stored_sent) or (not ahead and set_time >= stored_time) then
        select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'image_url', i.image_url, 'image_order', i.image_order)), '[]')
        into kept
        from jsonb_to_recordset(save -> 'images') as i (id uuid, image_url text, image_order integer)
        where exists (select 1 from public.listing_images x where x.id = i.id and x.listing_id = lid)
           or i.image_url ~ '^https?://'
           or exists (select 1 from storage.objects o where o.bucket_id = 'listing-images' and o.name = i.image_url);

        with gone as (
          delete from public.listing_images x
          where x.listing_id = lid
            and x.id not in (select k.id from jsonb_to_recordset(kept) as k (id uuid))
          returning x.image_url
        )
        select coalesce(array_agg(g.image_url), '{}') into removed from gone g;

        insert into public.listing_images as x (id, listing_id, image_url, image_order)
        select k.id, lid, k.image_url, k.image_order
        from jsonb_to_recordset(kept) as k (id uuid, image_url text, image_order integer)
        on conflict (id) do update set image_url = excluded.image_url, image_order = excluded.image_order
          where x.listing_id = excluded.listing_id
            and (x.image_url, x.image_order) is distinct from (excluded.image_url, excluded.image_order);

        update public.listings t
        set images_edited_at = case when ahead then greatest(set_time, stored_time) else set_time end,
            images_device_edited_at = sent
        where t.id = lid;

        select coalesce(array_agg(distinct p), '{}') into removed
        from unnest(removed) p
        where p !~ '^https?://' and not exists (select 1 from public.listing_images x where x.image_url = p);
      end if;
    end if;

    answer := answer || jsonb_build_array(jsonb_build_object(
      'listing', (select to_jsonb(t) - 'images_edited_at' - 'device_edited_at' - 'images_device_edited_at'
                  from public.listings t where t.id = lid),
      'images', coalesce((select jsonb_agg(to_jsonb(x) order by x.image_order, x.id) from public.listing_images x
                          where x.listing_id = lid), '[]'::jsonb),
      'removed', to_jsonb(removed)
    ));
  end loop;
  return answer;
end
$$;

revoke all on function public.save_listings(jsonb) from public, anon;
grant execute on function public.save_listings(jsonb) to authenticated, service_role;
