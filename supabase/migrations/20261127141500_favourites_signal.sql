-- Favourites changed: a private signal to the user's own devices (docs/product.md#R-favourites-live), so a favourite
-- set or cleared on one device reaches the others without waiting for their next pull. favorites stays out of the
-- realtime publication: a delete event would skip row-level security on hosted Supabase and tell every subscriber
-- whose favourite went. The signal carries no row, only whose favourites changed; the device pulls its set.
--
-- The local stack's realtime listens on this channel (supabase/local/realtime/user-signals.ts) and sends a
-- Broadcast `favorites` to the private topic `user:<id>`, which only that user may join. NOTIFY is delivered when
-- the transaction commits, and duplicates within one transaction are folded into one, so a batch of favourites is
-- one signal. On hosted Supabase the same trigger calls realtime.send(payload, 'favorites', 'user:' || id, true),
-- with a select policy on realtime.messages that lets a user read the topic `'user:' || auth.uid()` only.

create function private.favorites_signal() returns trigger
language plpgsql as $$
begin
  perform pg_notify(
    'kreis_user_signal',
    json_build_object('user_id', coalesce(new.user_id, old.user_id), 'event', 'favorites')::text
  );
  return null;
end
$$;

revoke all on function private.favorites_signal() from public;

create trigger favorites_90_signal
  after insert or delete on public.favorites
  for each row execute function private.favorites_signal();
