-- Last edit wins for a device whose clock runs ahead of the server (docs/decisions.md#D-last-edit-wins, found by the fault suite,
-- seed 20261765). Listing fields (listings.edited_at), photo sets (listings.images_edited_at) and profiles
-- (profiles.edited_at) keep the device's edit time clamped to now(), so a clock running ahead cannot win for ever.
-- But two edits from such a device were then ordered by their ARRIVAL: the older of two edits, delayed in the
-- network and applied after the newer one, was clamped to its later arrival and won; the user's last edit was lost.
--
-- * Each edit time now has the device's own stamp beside it, as sent (device_edited_at, images_device_edited_at).
-- * When the arriving edit and the stored one were both stamped ahead of the server (device stamp later than the
--   clamped time), they are ordered by their device stamps: an older edit from the same skewed timeline never beats
--   a newer one (ties: the later arrival, as before). The winner's edit time stays clamped and never goes back.
-- * Otherwise, as before, by the clamped times: an edit from a clock that is right (or behind) and made after an
--   ahead edit arrived still wins over it, although its stamp is older than the ahead device's stamp.
-- * A statement that does not send an edit time (server-side updates, a client without it) keeps the stored device
--   stamp; it is not a new edit stamp.
-- * Why the server and not the client: the device stamp is all that orders a device's own edits whatever its clock,
--   it costs the client nothing (old versions too), and the clamp stays the guard against a clock ahead.
--
-- The new columns are the server's business: save_listings' answer leaves them out (as images_edited_at), and the
-- app drops them from pulled listing rows (src/remote/rows.ts). profiles.device_edited_at gets no grant.

alter table public.listings
  add column device_edited_at timestamptz,
  add column images_device_edited_at timestamptz;
alter table public.profiles add column device_edited_at timestamptz;

comment on column public.listings.device_edited_at is
  'The device''s own stamp of the edit in edited_at (before the clamp); orders two edits both stamped ahead of now().';
comment on column public.listings.images_device_edited_at is
  'The device''s own stamp of the photo-set edit in images_edited_at (before the clamp).';
comment on column public.profiles.device_edited_at is
  'The device''s own stamp of the edit in edited_at (before the clamp); orders two edits both stamped ahead of now().';

-- As in 20261122000300_listings, with the device stamp kept and two edits stamped ahead ordered by it.
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

  -- Whether this statement sends an edit stamp (an update that leaves edited_at alone does not).
  stamped := tg_op = 'INSERT' or new.edited_at is distinct from old.edited_at;
  if stamped then
    new.device_edited_at := coalesce(new.edited_at, now());
    new.edited_at := least(new.device_edited_at, now());
  else
    new.device_edited_at := old.device_edited_at;
  end if;

  if tg_op = 'UPDATE' then
    ahead := stamped and new.device_edited_at > new.edited_at
             and coalesce(old.device_edited_at > old.edited_at, false);
    if ahead then
      if new.device_edited_at < old.device_edited_at then
        return old; -- an older edit of a clock ahead, arriving after a newer one: keep the stored row
      end if;
      new.edited_at := greatest(new.edited_at, old.edited_at);
    else
      if new.edited_at < old.edited_at then
        return old; -- a stale offline edit: keep the stored row
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

-- As in 20261123002200_profiles_edited_at, with the device stamp kept and two edits stamped ahead ordered by it.
create or replace function private.profiles_before_update() returns trigger
language plpgsql as $$
declare
  stamped boolean := new.edited_at is distinct from old.edited_at;
  ahead boolean;
begin
  if stamped then
    new.device_edited_at := coalesce(new.edited_at, now());
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

-- As in 20261123220100_listing_tombstones, with: the listing's upsert hands its trigger the device's stamp (the
-- conflict update's `excluded` row holds the insert trigger's clamped time; the stamp as sent is in
-- excluded.device_edited_at), photo sets ordered as listing fields are, and the device stamps left out of the answer.
create or replace function public.save_listings(saves jsonb) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  me uuid := auth.uid();
  save jsonb;
  l jsonb;
  lid uuid;
  owner uuid;
  sent timestamptz;
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

  for save in select value from jsonb_array_elements(saves) loop
    l := nullif(save -> 'listing', 'null'::jsonb);
    lid := coalesce(l ->> 'id', save ->> 'listing_id')::uuid;
    removed := '{}';
    if lid is null then
      raise exception 'a save names no listing' using errcode = '22023';
    end if;

    -- A deleted listing: only its seller learns it (anyone else's save is refused as before, by RLS).
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
    end if;

    if nullif(save -> 'images', 'null'::jsonb) is not null then
      select t.user_id, t.images_edited_at, t.images_device_edited_at into owner, stored_time, stored_sent
      from public.listings t where t.id = lid;
      if owner is distinct from me then
        raise exception 'new row violates row-level security policy for table "listing_images"' using errcode = '42501';
      end if;
      sent := coalesce((save ->> 'images_edited_at')::timestamptz, now());
      set_time := least(sent, now());
      ahead := sent > set_time and coalesce(stored_sent > stored_time, false);
      if stored_time is null or (ahead and sent >= stored_sent) or (not ahead and set_time >= stored_time) then
        -- The rows of the new set; new images only when their file is there (or the URL is external).
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

        -- Files of dropped images that no image row uses any more (external URLs are not ours to delete).
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
