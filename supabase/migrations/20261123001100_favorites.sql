-- favorites: a signed-in user's favourite listings, so they follow the user to every device (docs/decisions.md#D-favourites).
-- Written by the client's outbox: an idempotent insert (ON CONFLICT DO NOTHING on the key) to set one, a delete to
-- clear one. listing_id has no foreign key on purpose: a favourite outlives its listing being sold or deleted, so
-- the favourites page can say "no longer available" instead of the heart silently vanishing.

create table public.favorites (
  user_id uuid not null references public.profiles (id) on delete cascade,
  listing_id uuid not null,
  created_at timestamptz not null default now(),
  constraint favorites_pkey primary key (user_id, listing_id)
);

-- The device's favourite time is kept (the order of the favourites page), clamped to the server's now().
create function private.favorites_before_insert() returns trigger
language plpgsql as $$
begin
  new.created_at := least(coalesce(new.created_at, now()), now());
  return new;
end
$$;

revoke all on function private.favorites_before_insert() from public;

create trigger favorites_10_before_insert
  before insert on public.favorites
  for each row execute function private.favorites_before_insert();

-- Privileges: no update (a favourite is set or cleared, never changed).
revoke all on public.favorites from anon, authenticated;
grant select, insert, delete on public.favorites to authenticated;
grant all on public.favorites to service_role;

-- Row-level security: own rows only.
alter table public.favorites enable row level security;

create policy favorites_select_own on public.favorites
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy favorites_insert_own on public.favorites
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy favorites_delete_own on public.favorites
  for delete to authenticated
  using (user_id = (select auth.uid()));
