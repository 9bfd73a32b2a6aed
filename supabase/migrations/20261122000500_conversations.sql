-- conversations (docs/product.md §3): one per (listing, buyer); the seller is the listing's owner. last_message_at is
-- server-kept: now() when opened, then moved by each new message (messages migration).

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  buyer_id uuid not null references public.profiles (id) on delete cascade,
  seller_id uuid not null references public.profiles (id) on delete cascade,
  last_message_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint conversations_listing_buyer_key unique (listing_id, buyer_id),
  constraint conversations_buyer_is_not_seller check (buyer_id <> seller_id)
);

-- The inbox: buyer or seller is the user, order last_message_at desc (docs/product.md §7.2); also the RLS clauses.
create index conversations_buyer_id_idx on public.conversations (buyer_id, last_message_at desc);
create index conversations_seller_id_idx on public.conversations (seller_id, last_message_at desc);
create index conversations_updated_at_id_idx on public.conversations (updated_at, id);

-- seller_id must be the listing's user_id: filled in when the client leaves it out, rejected (23514) when it
-- names someone else. Definer rights to read the listing even when the caller may not (a sold one).
create function private.conversations_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
begin
  if tg_op = 'INSERT' and current_user in ('anon', 'authenticated') then
    new.last_message_at := now();
  end if;
  select l.user_id into owner from public.listings l where l.id = new.listing_id;
  if not found then
    return new; -- the foreign key reports the missing listing
  end if;
  if new.seller_id is null then
    new.seller_id := owner;
  elsif new.seller_id <> owner then
    -- Worded like a CHECK violation, so that clients map it like one.
    raise exception 'new row for relation "conversations" violates check constraint "conversations_seller_is_listing_owner"'
      using errcode = '23514', constraint = 'conversations_seller_is_listing_owner', table = 'conversations',
            detail = 'seller_id must be the user_id of the listing.';
  end if;
  return new;
end
$$;

revoke all on function private.conversations_before_write() from public;

create trigger conversations_10_before_write
  before insert or update of listing_id, seller_id on public.conversations
  for each row execute function private.conversations_before_write();

create trigger conversations_90_stamp_times
  before insert or update on public.conversations
  for each row execute function private.stamp_times();

-- Privileges: participants open conversations and read them; they never change or delete one (creates are
-- idempotent with ON CONFLICT DO NOTHING, which needs no update privilege).
revoke all on public.conversations from anon, authenticated;
grant select on public.conversations to anon, authenticated;
grant insert on public.conversations to authenticated;
grant all on public.conversations to service_role;

-- Row-level security ---------------------------------------------------------------------------------------------
alter table public.conversations enable row level security;

create policy conversations_select_participant on public.conversations
  for select to anon, authenticated
  using ((select auth.uid()) in (buyer_id, seller_id));

-- A buyer opens a conversation as themself, on someone else's active listing.
create policy conversations_insert_buyer on public.conversations
  for insert to authenticated
  with check (
    buyer_id = (select auth.uid())
    and exists (
      select 1 from public.listings l
      where l.id = listing_id and l.status = 'active' and l.user_id = seller_id and l.user_id <> (select auth.uid())
    )
  );

-- No update or delete policy: conversations are immutable for users.

-- Participants keep seeing the listing they talk about after it is sold (the thread shows "Item sold", docs/product.md §8).
-- A definer function rather than a subquery: conversations' insert policy reads listings, so a listings policy
-- that read conversations directly would make Postgres report infinite recursion between the two policies.
create function private.is_listing_participant(listing uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.conversations c
    where c.listing_id = listing and (select auth.uid()) in (c.buyer_id, c.seller_id)
  )
$$;

revoke all on function private.is_listing_participant(uuid) from public;
grant usage on schema private to anon, authenticated, service_role;
grant execute on function private.is_listing_participant(uuid) to anon, authenticated, service_role;

alter policy listings_select_visible on public.listings
  using (
    status = 'active'
    or user_id = (select auth.uid())
    or private.is_listing_participant(id)
  );
