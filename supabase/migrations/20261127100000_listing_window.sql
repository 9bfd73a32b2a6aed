-- The device's window of the catalogue: a device no longer mirrors every listing, only a bounded set of them.
--
-- The window a device holds is the newest p_window active listings, plus every listing the caller owns (any
-- status), has favourited, or has a conversation about, plus the ids the device names itself (p_extra: the
-- listings it opened recently, the ones it has queued writes or drafts for, those of search answers it keeps).
-- The server computes all of it except p_extra, so a device does not need to send its favourites or
-- conversations.
--
-- * window_listings(…) is the pull by transaction (migration 20261125114800) restricted to the window: the rows of
--   the window from a position on, in (sync_xid, id) order, one page at a time. PostgREST embeds the images and
--   the seller on its rows as on a table read.
-- * window_listing_ids(…) names the window's ids, in id order, one page at a time: a device drops what it holds
--   that is not among them and fetches what it lacks (a listing can enter the window without being changed:
--   the one that moves into the newest N when another sells, a listing just favourited).
-- * "Newest" is by creation time: every listing created since the oldest of the newest p_window active ones,
--   sold ones too, so a device hears that a listing of its window sold (where it may still read it) instead of
--   keeping the active version it holds; the device then evicts it unless it is the user's business.
-- * Everything runs as the caller (security invoker): row level security still decides what anyone reads; p_extra
--   cannot reveal a row the caller may not see.
-- * A sold listing stays readable to the people who favourited it, as it already was to those who talk about it,
--   so their favourites and threads keep its title and photo.
-- * The caps (window ≤ 5,000, extra ids ≤ 2,000, page ≤ 1,000 rows) keep any one call small whatever a client asks.

-- The listings the caller favourited or converses about. Definer: visitors have no grant on favorites, and the
-- listings policy below must not read conversations or favorites under their own policies (recursion).
create function private.caller_held_listing_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select f.listing_id from public.favorites f where f.user_id = (select auth.uid())
  union
  select c.listing_id from public.conversations c where (select auth.uid()) in (c.buyer_id, c.seller_id)
$$;

revoke all on function private.caller_held_listing_ids() from public;
grant execute on function private.caller_held_listing_ids() to anon, authenticated, service_role;

create function private.is_favourited_by_caller(listing uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.favorites f where f.listing_id = listing and f.user_id = (select auth.uid()))
$$;

revoke all on function private.is_favourited_by_caller(uuid) from public;
grant execute on function private.is_favourited_by_caller(uuid) to anon, authenticated, service_role;

alter policy listings_select_visible on public.listings
  using (
    status = 'active'
    or user_id = (select auth.uid())
    or private.is_listing_participant(id)
    or private.is_favourited_by_caller(id)
  );

-- The ids of the window (before row level security, which the callers below apply by reading public.listings).
create function private.window_candidate_ids(p_window integer, p_extra uuid[]) returns setof uuid
language sql stable security invoker set search_path = '' as $$
  select n.id from public.listings n
  where n.status in ('active', 'sold')
    and n.created_at >= coalesce((
      select c.created_at from public.listings c
      where c.status = 'active'
      order by c.created_at desc, c.id desc
      offset least(greatest(coalesce(p_window, 0), 1), 5000) - 1
      limit 1
    ), '-infinity'::timestamptz)
  union
  select o.id from public.listings o where o.user_id = (select auth.uid())
  union
  select h from private.caller_held_listing_ids() h
  union
  select e from unnest((coalesce(p_extra, '{}'::uuid[]))[1:2000]) e
$$;

revoke all on function private.window_candidate_ids(integer, uuid[]) from public;
grant execute on function private.window_candidate_ids(integer, uuid[]) to anon, authenticated, service_role;

create function public.window_listings(
  p_window integer,
  p_extra uuid[] default '{}',
  p_since bigint default null,
  p_after_xid bigint default null,
  p_after_id uuid default null,
  p_limit integer default 100
) returns setof public.listings
language sql stable security invoker set search_path = '' as $$
  select l.* from public.listings l
  where l.id in (select w from private.window_candidate_ids(p_window, p_extra) w)
    and case
      when p_after_xid is not null then (l.sync_xid, l.id) > (p_after_xid, coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid))
      when p_since is not null then l.sync_xid >= p_since
      else true
    end
  order by l.sync_xid, l.id
  limit least(greatest(coalesce(p_limit, 100), 0), 1000)
$$;

revoke all on function public.window_listings(integer, uuid[], bigint, bigint, uuid, integer) from public;
grant execute on function public.window_listings(integer, uuid[], bigint, bigint, uuid, integer) to anon, authenticated, service_role;

create function public.window_listing_ids(
  p_window integer,
  p_extra uuid[] default '{}',
  p_after uuid default null,
  p_limit integer default 1000
) returns table (id uuid)
language sql stable security invoker set search_path = '' as $$
  select l.id from public.listings l
  where l.id in (select w from private.window_candidate_ids(p_window, p_extra) w)
    and (p_after is null or l.id > p_after)
  order by l.id
  limit least(greatest(coalesce(p_limit, 1000), 0), 1000)
$$;

revoke all on function public.window_listing_ids(integer, uuid[], uuid, integer) from public;
grant execute on function public.window_listing_ids(integer, uuid[], uuid, integer) to anon, authenticated, service_role;
