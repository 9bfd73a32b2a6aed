-- A deleted listing stays deleted (docs/decisions.md#D-deleted-stays-deleted: found by the fault suite).
--
-- save_listings upserts by id, so a seller's other device that still held a listing (an edit made offline before
-- it learnt of the deletion, or a retry whose first answer was lost) re-created it after the delete: a listing
-- without its photos, conversations or messages, back in the feed. Deletion is final instead:
--
-- * public.listing_tombstones keeps (listing_id, user_id, deleted_at) of every deleted listing, written by a
--   trigger after the delete (whoever deletes: the seller, a cascade from the account, the service role).
-- * save_listings skips a save of a tombstoned id, whatever its edit time (a save older than the delete, and also
--   one stamped later by a device whose clock runs ahead: the listing's photos, conversations and messages went
--   with it, so a later edit cannot bring it back whole). The skip is idempotent and no error: the answer for
--   that save is { listing: null, listing_id, images: [], removed: [paths], deleted_at } and the device drops its
--   copy (the winner is "gone"). `removed` names the save's own photo files (in the caller's folder) so that the
--   caller deletes what it uploaded for the refused save; no image row can reference them.
-- * Any other insert of a tombstoned id (a direct REST insert) is refused with 23505: the id belongs to a deleted
--   listing.
--
-- The seller may read their own tombstones (a device can tell "deleted" from "not visible"); nobody writes them
-- directly.

create table public.listing_tombstones (
  listing_id uuid primary key,
  user_id uuid not null,
  deleted_at timestamptz not null default now()
);

comment on table public.listing_tombstones is
  'Ids of deleted listings (deletion is final: save_listings skips them, inserts are refused).';

create index listing_tombstones_user_id_idx on public.listing_tombstones (user_id, deleted_at desc);

revoke all on public.listing_tombstones from anon, authenticated;
grant select on public.listing_tombstones to authenticated;
grant all on public.listing_tombstones to service_role;

alter table public.listing_tombstones enable row level security;

create policy listing_tombstones_select_own on public.listing_tombstones
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Written by the delete itself (security definer: the deleting seller has no insert right on the table).
create function private.listings_after_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.listing_tombstones (listing_id, user_id)
  values (old.id, old.user_id)
  on conflict (listing_id) do nothing;
  return old;
end
$$;

revoke all on function private.listings_after_delete() from public;

create trigger listings_after_delete_tombstone
  after delete on public.listings
  for each row execute function private.listings_after_delete();

-- A deleted id is never inserted again (fires before the edit rule and the time stamps).
create function private.listings_refuse_deleted() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.listing_tombstones t where t.listing_id = new.id) then
    raise exception 'listing % was deleted', new.id
      using errcode = '23505', constraint = 'listing_tombstones_pkey';
  end if;
  return new;
end
$$;

revoke all on function private.listings_refuse_deleted() from public;

create trigger listings_05_refuse_deleted
  before insert on public.listings
  for each row execute function private.listings_refuse_deleted();

-- save_listings as in 20261123002100, plus the tombstone check at the top of each save.
create or replace function public.save_listings(saves jsonb) returns jsonb
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

-- The deletion time of `lid` when it was the caller's listing; null otherwise (never tells about another's).
-- Security definer so that the check does not depend on the tombstones' select policy.
create function private.my_listing_deleted_at(lid uuid) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select t.deleted_at from public.listing_tombstones t where t.listing_id = lid and t.user_id = (select auth.uid())
$$;

revoke all on function private.my_listing_deleted_at(uuid) from public;
grant execute on function private.my_listing_deleted_at(uuid) to authenticated, service_role;

revoke all on function public.save_listings(jsonb) from public, anon;
grant execute on function public.save_listings(jsonb) to authenticated, service_role;
