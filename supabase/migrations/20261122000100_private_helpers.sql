-- Internal helpers for triggers and policies. They live in schema `private`, which the API does not serve, so
-- they are never callable as RPCs; every function's EXECUTE is revoked from public and granted only where a
-- policy needs it (triggers run their function without an EXECUTE check).

create schema if not exists private;
revoke all on schema private from public;

-- created_at / updated_at kept by the server on every synced table.
-- * updated_at is always the server's transaction time (now()): clients pull with a keyset cursor
--   (updated_at, id), so a client-sent value must never move a row in that order.
-- * created_at is the server's time for rows written through the API (anon/authenticated); the seed and
--   security-definer internals (which run as the owner) may keep an explicit value. It never changes on update.
-- * An UPDATE that changes nothing (for example a stale edit that the listings guard turned back into the stored
--   row) keeps its updated_at, so it does not make every client pull the row again.
create function private.stamp_times() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.created_at is null or current_user in ('anon', 'authenticated') then
      new.created_at := now();
    end if;
  else
    if new is not distinct from old then
      return new;
    end if;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;

revoke all on function private.stamp_times() from public;
