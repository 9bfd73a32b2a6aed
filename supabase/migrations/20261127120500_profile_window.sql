-- The profiles a device holds are those of its window, not every profile: the sellers of the window's listings
-- (migration 20261127100000), the caller's conversation counterparts and the caller. Before this a device pulled
-- every changed public profile, so a fresh device held one row per account of the marketplace.
--
-- * window_profiles(…) is the pull by transaction (migration 20261125114800) of those profiles: their public
--   columns from a position on, in (sync_xid, id) order, one page at a time. A seller's rename changes only the
--   profile row, so this stream is how a held card learns it.
-- * A profile can enter the window without changing (a new conversation with a buyer known for long): the device
--   fetches the profiles it needs and lacks by id (plain reads of public.profiles, which everyone may read).
-- * Security invoker: the listings of the window are read under their row level security, so p_extra names no
--   seller of a listing the caller may not see. Counterparts come from a definer helper (visitors have no grant on
--   conversations, and it returns only the caller's own).
-- * The caps of window_listings hold (window ≤ 5,000, extra ids ≤ 2,000, page ≤ 1,000 rows).

create function private.caller_counterpart_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select case when c.buyer_id = (select auth.uid()) then c.seller_id else c.buyer_id end
  from public.conversations c
  where (select auth.uid()) in (c.buyer_id, c.seller_id)
$$;

revoke all on function private.caller_counterpart_ids() from public;
grant execute on function private.caller_counterpart_ids() to anon, authenticated, service_role;

create function public.window_profiles(
  p_window integer,
  p_extra uuid[] default '{}',
  p_since bigint default null,
  p_after_xid bigint default null,
  p_after_id uuid default null,
  p_limit integer default 100
) returns table (
  id uuid,
  first_name text,
  last_name text,
  location text,
  profile_picture_url text,
  created_at timestamptz,
  updated_at timestamptz,
  sync_xid bigint
)
language sql stable security invoker set search_path = '' as $$
  select p.id, p.first_name, p.last_name, p.location, p.profile_picture_url, p.created_at, p.updated_at, p.sync_xid
  from public.profiles p
  where p.id in (
      select l.user_id from public.listings l
      where l.id in (select w from private.window_candidate_ids(p_window, p_extra) w)
      union
      select c from private.caller_counterpart_ids() c
      union
      select (select auth.uid())
    )
    and case
      when p_after_xid is not null then (p.sync_xid, p.id) > (p_after_xid, coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid))
      when p_since is not null then p.sync_xid >= p_since
      else true
    end
  order by p.sync_xid, p.id
  limit least(greatest(coalesce(p_limit, 100), 0), 1000)
$$;

revoke all on function public.window_profiles(integer, uuid[], bigint, bigint, uuid, integer) from public;
grant execute on function public.window_profiles(integer, uuid[], bigint, bigint, uuid, integer) to anon, authenticated, service_role;
