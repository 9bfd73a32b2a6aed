-- What a confirmed payment buys, decided when it is applied (not only when its checkout was opened).
--
-- * A payment buys the month after what is already covered: the paid period, or the free first month (30 days of
--   24 hours from the account's creation) when that ends later, or the payment's own time when both have passed.
--   Before, paying CHF 2 on day 1 of the trial bought the month the trial already covered.
-- * The welcome price once per account: a CHF 2 payment buys a whole month only when it is the account's first
--   paid payment. Several CHF 2 checkouts opened before the first was paid used to give a month each (3 months for
--   CHF 6); a later one now buys what its amount pays for at the monthly price (CHF 2 of CHF 5: 12 of 30 days).
-- * Concurrent applications of two payments of one account are serialised on the profile row.

create or replace function public.apply_paid_payment(p_payment uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  paid public.payments;
  at timestamptz := now();
  created timestamptz;
  covered timestamptz;
  earlier_paid boolean;
  bought interval;
begin
  update public.payments set status = 'paid', paid_at = at
    where id = p_payment and status = 'pending'
    returning * into paid;
  if not found then
    return false;
  end if;
  select p.created_at, p.paid_until into created, covered from public.profiles p where p.id = paid.user_id for update;
  covered := greatest(coalesce(covered, at), created + interval '720 hours', at);
  earlier_paid := exists (select 1 from public.payments x
                          where x.user_id = paid.user_id and x.status = 'paid' and x.id <> paid.id);
  bought := case
    when paid.amount >= 500 or not earlier_paid then interval '1 month'
    else interval '30 days' * (paid.amount / 500.0)
  end;
  update public.profiles set
    subscription_status = 'active',
    subscription_start_date = coalesce(subscription_start_date, at),
    last_payment_date = at,
    paid_until = covered + bought
  where id = paid.user_id;
  return true;
end
$$;

revoke all on function public.apply_paid_payment(uuid) from public, anon, authenticated;
grant execute on function public.apply_paid_payment(uuid) to service_role;

-- A checkout the payer cancelled (or the provider declined) is recorded so, once the provider says so.
create function public.settle_unpaid_payment(p_payment uuid, p_status text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if p_status not in ('cancelled', 'failed') then
    raise exception 'a payment settles unpaid as cancelled or failed, not %', p_status using errcode = '22023';
  end if;
  update public.payments set status = p_status where id = p_payment and status = 'pending';
  return found;
end
$$;

revoke all on function public.settle_unpaid_payment(uuid, text) from public, anon, authenticated;
grant execute on function public.settle_unpaid_payment(uuid, text) to service_role;
