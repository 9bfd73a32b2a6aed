-- A listing and its photos commit together, and photo sets follow "last edit wins, by edit time" (docs/decisions.md#D-atomic-listing-save).
--
-- public.save_listings(saves jsonb) takes an array of saves, each
--   { "listing": { id, user_id, title, …, status, edited_at } | null,
--     "listing_id": uuid,                     -- when listing is null
--     "images": [{ id, listing_id, image_url, image_order }, …] | null,   -- null: the photo set is not changed
--     "images_edited_at": timestamptz }        -- the device's time of the photo-set edit
-- and applies all of them in one transaction: no reader ever sees a listing without its photos or half a set, and
-- a refused save (RLS 42501, CHECK 23514) changes nothing. Repeating a call changes nothing (upserts by id).
--
-- * Listing fields: the listings trigger keeps the latest edited_at (a stale edit returns the stored row).
-- * Photo sets: listings.images_edited_at is the edit time of the current set, clamped to the server's now(); a set
--   older than it is ignored (ties: the later arrival wins). A set never takes a new image whose storage file is
--   missing (a stale set that kept a photo another device's newer edit dropped and deleted): a broken cover image
--   is worse than a photo fewer.
-- * The answer, per save in order: { listing, images, removed } with the server's winning row and set, and the
--   storage paths of images this call dropped that no image row references any more. The caller deletes those
--   files after the commit (a file is never deleted while a committed set uses it).
--
-- Security invoker: listings' and listing_images' RLS decide as for direct writes (insert and update policies,
-- checked before ON CONFLICT), and a set is refused for a listing that is not the caller's.

alter table public.listings add column images_edited_at timestamptz;

comment on column public.listings.images_edited_at is
  'Edit time of the current photo set (device time clamped to now()); save_listings keeps the latest set.';

create function public.save_listings(saves jsonb) returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  me uuid := auth.uid();
  save jsonb;
  l jsonb;
  lid uuid;
  owner uuid;
  set_time timestamptz;
  stored_time timestamptz;
  removed text[];
  kept jsonb;
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
        edited_at = excluded.edited_at;
    end if;

    if nullif(save -> 'images', 'null'::jsonb) is not null then
      select t.user_id, t.images_edited_at into owner, stored_time from public.listings t where t.id = lid;
      if owner is distinct from me then
        raise exception 'new row violates row-level security policy for table "listing_images"' using errcode = '42501';
      end if;
      set_time := least(coalesce((save ->> 'images_edited_at')::timestamptz, now()), now());
      if stored_time is null or set_time >= stored_time then
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

        update public.listings t set images_edited_at = set_time where t.id = lid;

        -- Files of dropped images that no image row uses any more (external URLs are not ours to delete).
        select coalesce(array_agg(distinct p), '{}') into removed
        from unnest(removed) p
        where p !~ '^https?://' and not exists (select 1 from public.listing_images x where x.image_url = p);
      end if;
    end if;

    answer := answer || jsonb_build_array(jsonb_build_object(
      'listing', (select to_jsonb(t) - 'images_edited_at' from public.listings t where t.id = lid),
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
