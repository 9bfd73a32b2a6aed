-- The pull by transaction (docs/decisions.md#D-pull-by-transaction): a row whose transaction commits later than the pull's look-back is
-- no longer missed.
--
-- Before: each pull started PULL_LOOKBACK_MS (2 s) before its (updated_at, id) cursor. updated_at is the writing
-- transaction's start time (now()), so a transaction that commits more than 2 s after it began (a slow statement, a
-- lock wait, a big batch) becomes visible with an updated_at older than rows every device has already pulled past,
-- and no later pull reads it (only its realtime event, if it got through, told anyone).
--
-- Now every pulled table (profiles, listings, conversations, messages) carries sync_xid, the id of the transaction
-- that last changed the row (pg_current_xact_id(): 64 bits with the epoch, never wraps), and pull_horizon() returns
-- the oldest transaction still in flight in the caller's snapshot (pg_snapshot_xmin). A pull asks for the horizon
-- first, then reads its pages in (sync_xid, id) order; the next pull reads again every row of a transaction from
-- that horizon on (sync_xid >= horizon). Every transaction the pages did not see was either in flight when the
-- horizon was taken or got its id after that: either way its id is at or above the horizon, so the next pull reads
-- its rows however late it commits. What a pull reads again is the rows of transactions that committed while the
-- previous one ran (usually none), instead of every row of the last 2 s; a transaction that stays open for long
-- (a migration, a batch job) holds the horizon back, and pulls re-read what committed since it began until it ends.
--
-- * sync_xid is stamped by the last BEFORE trigger (95) of each pulled table, on insert and on any update that
--   changes the row (an update that changes nothing keeps it, as it keeps updated_at). Rows written before this
--   migration keep 0 (older than any horizon). Served as a bigint (a JSON number): exact in JavaScript below 2^53,
--   i.e. for the first 2^21 epochs of 2^32 transactions.
-- * A row's updated_at never goes back any more (stamp_times): a transaction that began before another one
--   committed a change to the row, and changes the row after that commit, used to stamp its older now(), and a
--   device that had the other version kept it (the mirror takes only a newer updated_at, db/reconcile.ts). It
--   now stamps 1 µs after the stored updated_at when that is not older than its now().
-- * The horizon and the pages must come from the same database: a read replica behind the primary could miss rows
--   of transactions older than a horizon read on the primary (PostgREST here reads the primary).
-- * Clients pulling with the (updated_at, id) cursor keep working (updated_at and its index are unchanged); the app
--   moves a device's stored cursor over with one last pull by updated_at (src/sync/pull.ts).

-- updated_at only moves forward on a row (see above); otherwise as in 20261123190100_api_caller_guards.
create or replace function private.stamp_times() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.created_at is null or private.is_api_request() then
      new.created_at := now();
    end if;
    new.updated_at := now();
    return new;
  end if;
  if new is not distinct from old then
    return new;
  end if;
  new.created_at := old.created_at;
  new.updated_at := greatest(now(), old.updated_at + interval '1 microsecond');
  return new;
end
$$;

create function private.stamp_sync_xid() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new is not distinct from old then
    return new;
  end if;
  new.sync_xid := pg_catalog.pg_current_xact_id()::text::bigint;
  return new;
end
$$;

revoke all on function private.stamp_sync_xid() from public;

alter table public.profiles add column sync_xid bigint not null default 0;
alter table public.listings add column sync_xid bigint not null default 0;
alter table public.conversations add column sync_xid bigint not null default 0;
alter table public.messages add column sync_xid bigint not null default 0;

comment on column public.listings.sync_xid is
  'Id of the transaction that last changed the row (pull cursor with pull_horizon(); set by trigger).';

-- Last of the BEFORE triggers (name order), so it sees every change the others made.
create trigger profiles_95_stamp_sync_xid
  before insert or update on public.profiles
  for each row execute function private.stamp_sync_xid();
create trigger listings_95_stamp_sync_xid
  before insert or update on public.listings
  for each row execute function private.stamp_sync_xid();
create trigger conversations_95_stamp_sync_xid
  before insert or update on public.conversations
  for each row execute function private.stamp_sync_xid();
create trigger messages_95_stamp_sync_xid
  before insert or update on public.messages
  for each row execute function private.stamp_sync_xid();

-- The pull cursor (the (updated_at, id) indexes stay for clients that still pull by time).
create index profiles_sync_xid_id_idx on public.profiles (sync_xid, id);
create index listings_sync_xid_id_idx on public.listings (sync_xid, id);
create index conversations_sync_xid_id_idx on public.conversations (sync_xid, id);
create index messages_sync_xid_id_idx on public.messages (sync_xid, id);

-- profiles grants columns one by one (the private ones stay hidden); the other tables grant select on the table.
grant select (sync_xid) on public.profiles to anon, authenticated;

-- The oldest transaction still in flight in the caller's snapshot: every transaction below it has ended. Stable, so
-- it reads the snapshot of the request's statement; callable by visitors too (they pull the public feed).
create function public.pull_horizon() returns bigint
language sql stable security invoker set search_path = '' as $$
  select pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot())::text::bigint
$$;

revoke all on function public.pull_horizon() from public;
grant execute on function public.pull_horizon() to anon, authenticated, service_role;
