-- profiles: one row per auth user (id = auth.users.id), created by a trigger when the user signs up.
--
-- Privacy: everyone may read the public columns of every profile (sellers' names show on listings), but the
-- e-mail and the subscription fields are the owner's only. RLS filters rows, not columns, so column privileges do
-- that part: anon/authenticated may SELECT only the public columns (a `select *` by them fails with 42501) and
-- UPDATE only the editable ones (setting subscription fields fails with 42501; only server functions running as
-- service_role or security definer may). The owner reads the full row through the view public.my_profile.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  first_name text constraint profiles_first_name_length check (char_length(first_name) <= 100),
  last_name text constraint profiles_last_name_length check (char_length(last_name) <= 100),
  location text constraint profiles_location_length check (char_length(location) <= 100),
  email text,
  profile_picture_url text constraint profiles_picture_url_length check (char_length(profile_picture_url) <= 2048),
  -- 'active', 'cancelled', or whatever the payment functions record; null until a subscription starts.
  subscription_status text constraint profiles_subscription_status_length check (char_length(subscription_status) <= 40),
  subscription_start_date timestamptz,
  last_payment_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index profiles_updated_at_id_idx on public.profiles (updated_at, id);

create trigger profiles_90_stamp_times
  before insert or update on public.profiles
  for each row execute function private.stamp_times();

-- Sign-up: copy the names from the sign-up metadata and the e-mail. Blank names become null (docs/product.md §5, profile
-- edit). created_at follows the auth user's, so the trial clock (docs/product.md §4) starts at sign-up.
create function private.create_profile_for_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, first_name, last_name, email, created_at)
  values (
    new.id,
    nullif(btrim(new.raw_user_meta_data ->> 'first_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'last_name'), ''),
    new.email,
    new.created_at
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create function private.sync_profile_email() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = new.email where id = new.id and email is distinct from new.email;
  return new;
end
$$;

revoke all on function private.create_profile_for_new_user(), private.sync_profile_email() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row execute function private.sync_profile_email();

-- Privileges -------------------------------------------------------------------------------------------------------
revoke all on public.profiles from anon, authenticated;
grant select (id, first_name, last_name, location, profile_picture_url, created_at, updated_at)
  on public.profiles to anon, authenticated;
-- updated_at is grantable because the spec's profile update sends it; the trigger overwrites it anyway.
grant update (first_name, last_name, location, profile_picture_url, updated_at) on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- Row-level security ---------------------------------------------------------------------------------------------
alter table public.profiles enable row level security;

create policy profiles_select_public on public.profiles
  for select to anon, authenticated
  using (true);

create policy profiles_update_own on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- No insert or delete policy: rows come from the sign-up trigger and go with the auth user.

-- The owner's full row -------------------------------------------------------------------------------------------
-- Definer semantics on purpose (security_invoker = false): the view runs with its owner's rights, so the column
-- privileges above do not hide email and subscription fields from the owner; the where clause limits it to the
-- caller's own row. Granted to authenticated only.
create view public.my_profile with (security_invoker = false) as
  select p.id, p.first_name, p.last_name, p.location, p.email, p.profile_picture_url, p.subscription_status,
         p.subscription_start_date, p.last_payment_date, p.created_at, p.updated_at
  from public.profiles p
  where p.id = (select auth.uid());

revoke all on public.my_profile from public, anon, authenticated;
grant select on public.my_profile to authenticated, service_role;

-- Cancelling a subscription (docs/product.md §4): the only change of a subscription field a user may make, for their own row.
create function public.cancel_subscription() returns public.my_profile
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  result public.my_profile;
begin
  if me is null then
    raise exception 'sign in to cancel a subscription' using errcode = '42501';
  end if;
  update public.profiles set subscription_status = 'cancelled' where id = me;
  if not found then
    raise exception 'no profile for the current user' using errcode = 'P0002';
  end if;
  select * into result from public.my_profile;
  return result;
end
$$;

revoke all on function public.cancel_subscription() from public, anon;
grant execute on function public.cancel_subscription() to authenticated, service_role;
