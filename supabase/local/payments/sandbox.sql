-- The sandbox payment provider's own bookkeeping (local stack only; never part of the project's migrations).
-- Installed idempotently on first use, as superuser; the schema is not visible to the API roles.
create schema if not exists sandbox;
revoke all on schema sandbox from public;

create table if not exists sandbox.gateways (
  id bigserial primary key,
  -- The secret part of the payment link, like Payrexx' gateway hash.
  hash text not null unique,
  amount integer not null check (amount > 0),
  currency text not null,
  purpose text not null default '',
  reference_id text not null default '',
  success_url text not null,
  failed_url text not null,
  cancel_url text not null,
  status text not null default 'waiting' check (status in ('waiting', 'confirmed', 'cancelled')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
