-- Server-owned columns whatever the caller sends, and one refusal for every conversation a buyer may not open
-- (docs/decisions.md#D-api-caller-guards).
--
-- * The bug: conversations_before_write is security definer, so inside it current_user is the function's owner,
--   never anon/authenticated, and its "reset last_message_at for API callers" branch never ran: a buyer opening a
--   conversation could set last_message_at (e.g. 2099) and stay on top of the seller's inbox for ever, or set the
--   seller's read mark. Who is calling is now read from the request's JWT role (auth.role(), set by PostgREST and
--   by the local stack for every API request), which a definer function sees unchanged; current_user is kept as a
--   second signal for invoker contexts that set a role without claims.
-- * Every trigger that trusted current_user moves to the same helper, definer or not (stamp_times,
--   stamp_message_times, trial_users_before_insert): an API write reached through any definer function can no
--   longer keep client-sent times. Reviewed and unaffected (no caller check): create_profile_for_new_user,
--   sync_profile_email, touch_listing_of_image, is_listing_participant, messages_before_insert,
--   bump_conversations_of_messages, cancel_subscription, mark_conversation_read, plan_amount_due,
--   apply_paid_payment (each acts on auth.uid() or runs for service_role only).
-- * The owner oracle: conversations_before_write read the listing with definer rights and answered 23514 (400)
--   when the guessed seller was wrong but RLS's 42501 (403) when it was right, even for a sold listing the caller
--   cannot see. An API caller now gets RLS's refusal for any listing that is missing or not active, before the
--   seller is compared.

create function private.is_api_request() returns boolean
language sql stable set search_path = '' as $$
  select coalesce(auth.role(), '') in ('anon', 'authenticated') or current_user in ('anon', 'authenticated')
$$;

revoke all on function private.is_api_request() from public;
grant execute on function private.is_api_request() to anon, authenticated, service_role;

create or replace function private.conversations_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  api boolean := private.is_api_request();
  owner uuid;
  listing_status text;
begin
  if tg_op = 'INSERT' and api then
    new.last_message_at := now();
    new.buyer_last_read_at := null;
    new.seller_last_read_at := null;
  end if;
  select l.user_id, l.status into owner, listing_status from public.listings l where l.id = new.listing_id;
  if api and (owner is null or listing_status <> 'active') then
    -- The words of RLS's own refusal, so a sold or missing listing looks the same whatever seller was guessed.
    raise exception 'new row violates row-level security policy for table "conversations"' using errcode = '42501';
  end if;
  if owner is null then
    return new; -- the foreign key reports the missing listing
  end if;
  if new.seller_id is null then
    new.seller_id := owner;
  elsif new.seller_id <> owner then
    -- Worded like a CHECK violation, so that clients map it like one.
    raise exception 'new row for relation "conversations" violates check constraint "conversations_seller_is_listing_owner"'
      using errcode = '23514', constraint = 'conversations_seller_is_listing_owner', table = 'conversations',
            detail = 'seller_id must be the user_id of the listing.';
  end if;
  return new;
end
$$;

create or replace function private.stamp_times() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.created_at is null or private.is_api_request() then
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

create or replace function private.stamp_message_times() returns trigger
language plpgsql set search_path = '' as $$
declare
  newest timestamptz;
begin
  if tg_op = 'UPDATE' then
    if new is not distinct from old then
      return new;
    end if;
    new.created_at := old.created_at;
    new.updated_at := now();
    return new;
  end if;
  if new.created_at is null or private.is_api_request() then
    select max(m.created_at) into newest from public.messages m where m.conversation_id = new.conversation_id;
    new.created_at := greatest(clock_timestamp(), newest + interval '1 microsecond');
  end if;
  new.updated_at := new.created_at;
  return new;
end
$$;

create or replace function private.trial_users_before_insert() returns trigger
language plpgsql as $$
begin
  new.email := btrim(new.email);
  new.first_name := nullif(btrim(new.first_name), '');
  new.city := nullif(btrim(new.city), '');
  if private.is_api_request() then
    new.trial_status := 'active';
    new.signup_date := now();
    new.trial_end_date := now() + interval '30 days';
    new.created_at := now();
  end if;
  return new;
end
$$;
