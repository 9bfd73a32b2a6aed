-- trial_users (docs/product.md §3): sign-ups from the landing page's trial form. Anyone may insert; nobody but
-- service_role may read, so the list of addresses never leaks. A second sign-up with the same address (in any
-- letter case) fails with 23505, which the form reports as "Email already registered" (docs/product.md §8).

create table public.trial_users (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint trial_users_email_check check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  first_name text constraint trial_users_first_name_length check (char_length(first_name) <= 100),
  city text constraint trial_users_city_length check (char_length(city) <= 100),
  trial_status text not null default 'active'
    constraint trial_users_trial_status_check check (trial_status in ('active', 'expired', 'converted')),
  signup_date timestamptz not null default now(),
  trial_end_date timestamptz not null default now() + interval '30 days',
  created_at timestamptz not null default now()
);

create unique index trial_users_email_key on public.trial_users (lower(email));

-- The trial dates are the server's: a sign-up through the API starts now and runs 30 days (docs/product.md §9), whatever
-- the client sent; a new trial is always active.
create function private.trial_users_before_insert() returns trigger
language plpgsql as $$
begin
  new.email := btrim(new.email);
  new.first_name := nullif(btrim(new.first_name), '');
  new.city := nullif(btrim(new.city), '');
  if current_user in ('anon', 'authenticated') then
    new.trial_status := 'active';
    new.signup_date := now();
    new.trial_end_date := now() + interval '30 days';
    new.created_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.trial_users_before_insert() from public;

create trigger trial_users_10_before_insert
  before insert on public.trial_users
  for each row execute function private.trial_users_before_insert();

-- Privileges: insert only (no select, so the client must not ask for the row back).
revoke all on public.trial_users from anon, authenticated;
grant insert (email, first_name, city, trial_status, signup_date, trial_end_date) on public.trial_users to anon, authenticated;
grant all on public.trial_users to service_role;

alter table public.trial_users enable row level security;

create policy trial_users_insert_anyone on public.trial_users
  for insert to anon, authenticated
  with check (true);
