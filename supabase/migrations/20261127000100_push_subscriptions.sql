-- push_subscriptions: the Web Push subscriptions of a user's devices (one row per browser subscription), so that a
-- new message can reach a person whose app is closed. The device writes its PushSubscription.toJSON() (endpoint,
-- keys.p256dh, keys.auth) through its outbox and deletes the row when it signs out; the server that sends the
-- pushes deletes a row the push service answers 404 or 410 to (it runs as service_role).
--
-- One row per endpoint: an endpoint is a secret only its browser and this server know, so whoever inserts it holds
-- that browser. A new insert of an endpoint replaces the row there was (another account signed in on the same
-- browser without the old row being removed, or new keys for the same endpoint), instead of failing or keeping a
-- row that would deliver the new account's messages to the old one.

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- https, or http to the machine itself (the local stack's tests run a receiver on loopback); the sender checks again.
  endpoint text not null
    constraint push_subscriptions_endpoint_check check (
      char_length(endpoint) <= 2048
      and endpoint ~ '^(https://[^/?#@\s]+|http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?)(/\S*)?$'
    ),
  -- base64url of the P-256 public key (65 bytes) and of the 16-byte auth secret.
  p256dh text not null constraint push_subscriptions_p256dh_check check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  auth text not null constraint push_subscriptions_auth_check check (auth ~ '^[A-Za-z0-9_-]{21,24}={0,2}$'),
  created_at timestamptz not null default now(),
  constraint push_subscriptions_endpoint_key unique (endpoint)
);

create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

-- Definer rights: the row there was may be another account's, which the caller can neither see nor delete.
create function private.push_subscriptions_replace_endpoint() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.push_subscriptions where endpoint = new.endpoint;
  new.created_at := now();
  return new;
end
$$;

revoke all on function private.push_subscriptions_replace_endpoint() from public;

create trigger push_subscriptions_10_replace_endpoint
  before insert on public.push_subscriptions
  for each row execute function private.push_subscriptions_replace_endpoint();

-- Privileges: a subscription is added or removed, never changed.
revoke all on public.push_subscriptions from anon, authenticated;
grant select, insert, delete on public.push_subscriptions to authenticated;
grant all on public.push_subscriptions to service_role;

-- Row-level security: own rows only.
alter table public.push_subscriptions enable row level security;

create policy push_subscriptions_select_own on public.push_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy push_subscriptions_insert_own on public.push_subscriptions
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy push_subscriptions_delete_own on public.push_subscriptions
  for delete to authenticated
  using (user_id = (select auth.uid()));
