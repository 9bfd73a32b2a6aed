-- listings (docs/product.md §3). Ids may be supplied by the client (offline creation; creates are idempotent upserts).
--
-- Concurrent edits, "last edit wins by edit time; ties go to the later arrival":
-- * edited_at is the device's time of the edit, sent by the client with every create and edit, and clamped to
--   the server's now() (a device clock running ahead must not win forever).
-- * An update whose edited_at is older than the stored one is a stale offline edit: the BEFORE UPDATE trigger
--   returns the stored row instead, so the statement succeeds, changes nothing (updated_at included) and
--   returns the winning row for the client to mirror. The whole row loses, not single fields.
-- * An equal edited_at is applied (the later arrival wins). An update that changes the listing's content without
--   moving edited_at (a client that does not send it) counts as an edit made now.
-- * updated_at is the server's time of the last change of any kind (the sync cursor); a change to the listing's
--   images touches it (see listing_images) without counting as an edit.

create table public.listings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  title text not null
    constraint listings_title_check check (char_length(title) between 3 and 120),
  description text not null
    constraint listings_description_check check (char_length(description) <= 5000),
  price numeric(10, 2) not null
    constraint listings_price_check check (price > 0 and price < 100000),
  condition text not null
    constraint listings_condition_check check (condition in ('new_with_tags', 'very_good', 'worn_but_loved', 'acceptable')),
  category text not null
    constraint listings_category_check check (category in ('women', 'men', 'children', 'shoes', 'accessories')),
  product_type text constraint listings_product_type_length check (char_length(product_type) <= 100),
  brand text constraint listings_brand_length check (char_length(brand) <= 100),
  size text constraint listings_size_length check (char_length(size) <= 40),
  fabric text constraint listings_fabric_length check (char_length(fabric) <= 100),
  location text constraint listings_location_length check (char_length(location) <= 100),
  tags text[] constraint listings_tags_check check (cardinality(tags) <= 20),
  status text not null default 'active'
    constraint listings_status_check check (status in ('active', 'sold')),
  edited_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The feed: status = active order by created_at desc (docs/product.md §7.2).
create index listings_status_created_at_idx on public.listings (status, created_at desc);
-- A seller's own listings (edit load, profile, RLS owner clause).
create index listings_user_id_idx on public.listings (user_id, created_at desc);
-- Feed filters (docs/product.md §3 filter panel) on active listings.
create index listings_active_category_idx on public.listings (category, created_at desc) where status = 'active';
create index listings_active_location_idx on public.listings (location) where status = 'active';
create index listings_active_price_idx on public.listings (price) where status = 'active';
-- The sync cursor.
create index listings_updated_at_id_idx on public.listings (updated_at, id);

-- Normalisation (docs/product.md §5: trimmed text, blank optional fields stored as null) and the edit-time rule above.
create function private.listings_before_write() returns trigger
language plpgsql as $$
begin
  new.title := btrim(new.title);
  new.description := btrim(new.description);
  new.location := nullif(btrim(new.location), '');
  new.product_type := nullif(btrim(new.product_type), '');
  new.brand := nullif(btrim(new.brand), '');
  new.size := nullif(btrim(new.size), '');
  new.fabric := nullif(btrim(new.fabric), '');
  new.edited_at := least(coalesce(new.edited_at, now()), now());

  if tg_op = 'UPDATE' then
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
  return new;
end
$$;

revoke all on function private.listings_before_write() from public;

-- Triggers fire in name order: the edit rule first, then the timestamps (which see a kept row as unchanged).
create trigger listings_10_before_write
  before insert or update on public.listings
  for each row execute function private.listings_before_write();

create trigger listings_90_stamp_times
  before insert or update on public.listings
  for each row execute function private.stamp_times();

-- Privileges -------------------------------------------------------------------------------------------------------
revoke all on public.listings from anon, authenticated;
grant select on public.listings to anon, authenticated;
grant insert, update, delete on public.listings to authenticated;
grant all on public.listings to service_role;

-- Row-level security ---------------------------------------------------------------------------------------------
alter table public.listings enable row level security;

-- Widened in the conversations migration to let both participants of a conversation see its listing.
create policy listings_select_visible on public.listings
  for select to anon, authenticated
  using (status = 'active' or user_id = (select auth.uid()));

create policy listings_insert_own on public.listings
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy listings_update_own on public.listings
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy listings_delete_own on public.listings
  for delete to authenticated
  using (user_id = (select auth.uid()));
