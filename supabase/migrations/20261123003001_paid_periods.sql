-- Paid periods (docs/decisions.md#D-paid-periods, docs/product.md §4 subscription phase, §9 pricing): a payment covers one month, so the profile keeps
-- the end of the paid period, written by the server only.
--
-- * profiles.paid_until: the end of the period paid for. A confirmed payment covers one month from the payment, or
--   from the end of the period already paid when that is later (paying early never loses days). Once it passes,
--   the app derives the phase from the account age again and asks to pay (docs/product.md §9: auto-renewing, no refund for
--   partial months). Column privileges: not readable or writable by anon/authenticated (only via my_profile).
-- * public.plan_amount_due(user): what create-payment charges, in hundredths of CHF. CHF 2 is the welcome price of
--   month 2: it applies while the account is under 60 days old and has never paid; every other payment is CHF 5.
-- * public.apply_paid_payment(payment): marks a pending payment paid and extends the profile's paid period, in one
--   transaction; false when the payment was not pending (already applied), so a retry changes nothing.
-- Both functions run as service_role only (handle-payment-success and create-payment).

alter table public.profiles add column paid_until timestamptz;

-- A subscription made active without a paid period (rows from before this migration, the seed, a hand-made fix):
-- it covers one month from its last payment.
create function private.default_paid_until() returns trigger
language plpgsql as $$
begin
  if new.subscription_status = 'active' and new.paid_until is null then
    new.paid_until := coalesce(new.last_payment_date, new.subscription_start_date, now()) + interval '1 month';
  end if;
  return new;
end
$$;

revoke all on function private.default_paid_until() from public;

create trigger profiles_50_default_paid_until
  before insert or update on public.profiles
  for each row execute function private.default_paid_until();

update public.profiles set paid_until = coalesce(last_payment_date, subscription_start_date, now()) + interval '1 month'
  where subscription_status = 'active' and paid_until is null;

-- The owner's full row gains paid_until (appended: create or replace keeps the view's grants and dependants).
create or replace view public.my_profile with (security_invoker = false) as
  select p.id, p.first_name, p.last_name, p.location, p.email, p.profile_picture_url, p.subscription_status,
         p.subscription_start_date, p.last_payment_date, p.created_at, p.updated_at, p.paid_until
  from public.profiles p
  where p.id = (select auth.uid());

-- 60 days of 24 hours, as the app counts them (docs/product.md §9 phase boundaries), whatever the session's time zone.
create function public.plan_amount_due(p_user uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select case
    when p.subscription_start_date is null and p.created_at > now() - interval '1440 hours' then 200
    else 500
  end
  from public.profiles p
  where p.id = p_user
$$;

create function public.apply_paid_payment(p_payment uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  paid public.payments;
  at timestamptz := now();
begin
  update public.payments set status = 'paid', paid_at = at
    where id = p_payment and status = 'pending'
    returning * into paid;
  if not found then
    return false;
  end if;
  update public.profiles set
    subscription_status = 'active',
    subscription_start_date = coalesce(subscription_start_date, at),
    last_payment_date = at,
    paid_until = greatest(coalesce(paid_until, at), at) + interval '1 month'
  where id = paid.user_id;
  return true;
end
$$;

revoke all on function public.plan_amount_due(uuid), public.apply_paid_payment(uuid) from public, anon, authenticated;
grant execute on function public.plan_amount_due(uuid), public.apply_paid_payment(uuid) to service_role;
