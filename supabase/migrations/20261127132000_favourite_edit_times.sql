-- Favourites: last edit wins by edit time, as for listings and profiles (docs/decisions.md#D-last-edit-wins). Before
-- this, a favourite was an insert to set it and a delete to clear it, with no edit time: the toggle that ARRIVED last
-- won, so a set made offline on one device, sent after a later clear on another device, brought the favourite back
-- (found by the fault suite with its oracle of intent).
--
-- * favorite_edits keeps, per user and listing, the state of the last edit that won (set or cleared) and its time:
--   the device's stamp clamped to now() (edited_at) and the stamp as sent (device_edited_at, through
--   private.device_stamp: finite, at most a day ahead). A cleared favourite
--   keeps its row here, so a later-arriving older set cannot bring it back.
-- * set_favourite(listing, favourite, created_at, edited_at) applies an edit only when it is not older than the stored
--   one (ties: the later arrival wins); two edits both stamped ahead of the server are ordered by their device stamps,
--   as listings_before_write does. A stale edit changes nothing (the next pull shows the device the winner).
-- * public.favorites stays the set of favourites the pulls read. A direct insert or delete (an app version from
--   before this function) is still allowed and counts as an edit made now.

create table public.favorite_edits (
  user_id uuid not null references public.profiles (id) on delete cascade,
  listing_id uuid not null,
  favourite boolean not null,
  edited_at timestamptz not null,
  device_edited_at timestamptz not null,
  constraint favorite_edits_pkey primary key (user_id, listing_id)
);

comment on table public.favorite_edits is
  'The last favourite edit that won per user and listing (set or cleared), for last-edit-wins of set_favourite.';

-- Only set_favourite and the favorites triggers write it (security definer helpers below); users may read their own.
revoke all on public.favorite_edits from anon, authenticated;
grant select on public.favorite_edits to authenticated;
grant all on public.favorite_edits to service_role;

alter table public.favorite_edits enable row level security;

create policy favorite_edits_select_own on public.favorite_edits
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Records (or, when it wins, replaces) the caller's edit of one favourite; true when it won. Last edit wins as in
-- listings_before_write: both stamps ahead of the server (stamp later than its clamped time): by the stamps, and
-- the stored time never goes back; otherwise by the clamped times. Ties: the later arrival.
create function private.record_favourite_edit(p_user uuid, p_listing uuid, p_favourite boolean, p_sent timestamptz)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  sent timestamptz := private.device_stamp(p_sent);
  clamped timestamptz := least(sent, now());
  won boolean;
begin
  if (select auth.uid()) is distinct from p_user and (select auth.uid()) is not null then
    raise exception 'a member edits only their own favourites' using errcode = '42501';
  end if;
  insert into public.favorite_edits as e (user_id, listing_id, favourite, edited_at, device_edited_at)
  values (p_user, p_listing, p_favourite, clamped, sent)
  on conflict (user_id, listing_id) do update set
    favourite = excluded.favourite,
    edited_at = case when excluded.device_edited_at > excluded.edited_at and e.device_edited_at > e.edited_at
                     then greatest(excluded.edited_at, e.edited_at) else excluded.edited_at end,
    device_edited_at = excluded.device_edited_at
  where case when excluded.device_edited_at > excluded.edited_at and e.device_edited_at > e.edited_at
             then excluded.device_edited_at >= e.device_edited_at
             else excluded.edited_at >= e.edited_at end
  returning true into won;
  return coalesce(won, false);
end
$$;

revoke all on function private.record_favourite_edit(uuid, uuid, boolean, timestamptz) from public;
grant execute on function private.record_favourite_edit(uuid, uuid, boolean, timestamptz) to authenticated, service_role;

create function public.set_favourite(p_listing_id uuid, p_favourite boolean, p_created_at timestamptz default null,
                                     p_edited_at timestamptz default null)
returns void
language plpgsql security invoker set search_path = '' as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'permission denied for function set_favourite' using errcode = '42501';
  end if;
  if p_listing_id is null or p_favourite is null then
    raise exception 'a favourite edit names its listing and its state' using errcode = '22023';
  end if;
  perform set_config('kreis.favourite_edit', 'rpc', true);
  if not private.record_favourite_edit(me, p_listing_id, p_favourite, p_edited_at) then
    perform set_config('kreis.favourite_edit', '', true);
    return; -- a stale edit: the newer state stays
  end if;
  if p_favourite then
    insert into public.favorites (user_id, listing_id, created_at)
    values (me, p_listing_id, coalesce(p_created_at, now()))
    on conflict (user_id, listing_id) do nothing;
  else
    delete from public.favorites where user_id = me and listing_id = p_listing_id;
  end if;
  perform set_config('kreis.favourite_edit', '', true);
end
$$;

revoke all on function public.set_favourite(uuid, boolean, timestamptz, timestamptz) from public, anon;
grant execute on function public.set_favourite(uuid, boolean, timestamptz, timestamptz) to authenticated, service_role;

-- A direct insert or delete of a favourite (an older app version) is an edit made now; set_favourite records its own.
create function private.favorites_record_direct_edit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(current_setting('kreis.favourite_edit', true), '') <> 'rpc' then
    if tg_op = 'DELETE' then
      -- A favourite removed with its user's profile (cascade) leaves no edit behind.
      if not exists (select 1 from public.profiles p where p.id = old.user_id) then
        return null;
      end if;
      perform private.record_favourite_edit(old.user_id, old.listing_id, false, null);
    else
      perform private.record_favourite_edit(new.user_id, new.listing_id, true, null);
    end if;
  end if;
  return null;
end
$$;

revoke all on function private.favorites_record_direct_edit() from public;

create trigger favorites_90_record_edit
  after insert or delete on public.favorites
  for each row execute function private.favorites_record_direct_edit();
