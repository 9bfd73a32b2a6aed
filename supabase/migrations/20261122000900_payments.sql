-- payments: one row per checkout a member starts (docs/product.md §7.4), written only by the payment functions (service_role).
--
-- * id is the payment's own reference: it is sent to the provider as referenceId and travels in the return URL as
--   `gatewayId`, because a provider (Payrexx) assigns its gateway id only after the redirect URLs are fixed.
-- * gateway_id is the provider's id of the checkout; handle-payment-success asks the provider about it and never
--   trusts the caller's word that it was paid.
-- * amount is in hundredths of CHF and can only be one of the plan prices (docs/product.md §9: CHF 2 welcome, CHF 5 monthly).
-- Members read their own payments; nobody writes through the API.

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null constraint payments_provider_known check (provider in ('payrexx', 'sandbox')),
  gateway_id text not null constraint payments_gateway_id_length check (char_length(gateway_id) between 1 and 100),
  amount integer not null constraint payments_amount_plan_price check (amount in (200, 500)),
  currency text not null default 'CHF' constraint payments_currency_chf check (currency = 'CHF'),
  status text not null default 'pending'
    constraint payments_status_known check (status in ('pending', 'paid', 'cancelled', 'failed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  constraint payments_gateway_unique unique (provider, gateway_id),
  constraint payments_paid_at_when_paid check ((status = 'paid') = (paid_at is not null))
);

create index payments_user_id_created_at_idx on public.payments (user_id, created_at desc);

create trigger payments_90_stamp_times
  before insert or update on public.payments
  for each row execute function private.stamp_times();

revoke all on public.payments from anon, authenticated;
grant select on public.payments to authenticated;
grant all on public.payments to service_role;

alter table public.payments enable row level security;

create policy payments_select_own on public.payments
  for select to authenticated
  using (user_id = (select auth.uid()));
