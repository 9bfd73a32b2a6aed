-- listing_images (docs/product.md §3): the photos of a listing, 1-based order. image_url is a storage path in the
-- listing-images bucket (clients use `{user_id}/{listing_id}/{image_id}.{ext}`) or a full http(s) URL.
--
-- No unique (listing_id, image_order): the spec's edit save reorders with one UPDATE per image, each its own
-- request, so two rows briefly share an order; a unique constraint (even deferrable, which only spans one
-- transaction) would reject that. Readers order by (image_order, id), which is deterministic all the same.

create table public.listing_images (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  image_url text not null
    constraint listing_images_image_url_check check (char_length(image_url) between 1 and 2048),
  image_order integer not null default 1
    constraint listing_images_image_order_check check (image_order >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index listing_images_listing_id_order_idx on public.listing_images (listing_id, image_order, id);
create index listing_images_updated_at_id_idx on public.listing_images (updated_at, id);

create trigger listing_images_90_stamp_times
  before insert or update on public.listing_images
  for each row execute function private.stamp_times();

-- Any change to a listing's images moves the listing's updated_at, so one listings cursor sees it. It leaves
-- edited_at alone (not an edit of the listing's content). Definer rights: the write itself already passed RLS,
-- and a cascade from a deleted listing finds no row to touch.
create function private.touch_listing_of_image() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    update public.listings set updated_at = now() where id = new.listing_id;
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.listing_id is distinct from new.listing_id) then
    update public.listings set updated_at = now() where id = old.listing_id;
  end if;
  return null;
end
$$;

revoke all on function private.touch_listing_of_image() from public;

create trigger listing_images_touch_listing
  after insert or update or delete on public.listing_images
  for each row execute function private.touch_listing_of_image();

-- Privileges -------------------------------------------------------------------------------------------------------
revoke all on public.listing_images from anon, authenticated;
grant select on public.listing_images to anon, authenticated;
grant insert, update, delete on public.listing_images to authenticated;
grant all on public.listing_images to service_role;

-- Row-level security: an image follows its listing --------------------------------------------------------------
alter table public.listing_images enable row level security;

-- The subquery runs under listings' own select policy, so an image is visible exactly when its listing is.
create policy listing_images_select_with_listing on public.listing_images
  for select to anon, authenticated
  using (exists (select 1 from public.listings l where l.id = listing_id));

create policy listing_images_insert_own_listing on public.listing_images
  for insert to authenticated
  with check (exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid())));

create policy listing_images_update_own_listing on public.listing_images
  for update to authenticated
  using (exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid())))
  with check (exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid())));

create policy listing_images_delete_own_listing on public.listing_images
  for delete to authenticated
  using (exists (select 1 from public.listings l where l.id = listing_id and l.user_id = (select auth.uid())));
