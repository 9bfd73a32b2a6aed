-- messages (docs/product.md §3): immutable once sent. content is trimmed by the server, then must be 1..2000 characters.
-- A message belongs to a conversation; the spec's send payload has no conversation_id, so the server fills it in
-- from (listing_id, sender, receiver) when it is missing, and listing_id from the conversation likewise.

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  receiver_id uuid not null references public.profiles (id) on delete cascade,
  content text not null
    constraint messages_content_check check (char_length(content) between 1 and 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint messages_not_to_oneself check (sender_id <> receiver_id)
);

-- A thread in order; the inbox previews (by listing, newest first); the RLS clauses; the sync cursor.
create index messages_conversation_id_created_at_idx on public.messages (conversation_id, created_at);
create index messages_listing_id_created_at_idx on public.messages (listing_id, created_at desc);
create index messages_sender_id_idx on public.messages (sender_id);
create index messages_receiver_id_idx on public.messages (receiver_id);
create index messages_updated_at_id_idx on public.messages (updated_at, id);

-- Definer rights only to look the conversation up; whether the caller may write there is the insert policy's call.
create function private.messages_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.content := btrim(new.content);
  if new.conversation_id is null then
    select c.id into new.conversation_id
    from public.conversations c
    where c.listing_id = new.listing_id
      and ((c.buyer_id = new.sender_id and c.seller_id = new.receiver_id)
        or (c.seller_id = new.sender_id and c.buyer_id = new.receiver_id));
  elsif new.listing_id is null then
    select c.listing_id into new.listing_id from public.conversations c where c.id = new.conversation_id;
  end if;
  return new;
end
$$;

-- A new message moves its conversation up the inbox (and its updated_at, for the conversations cursor).
create function private.bump_conversation_of_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.conversations
  set last_message_at = greatest(last_message_at, new.created_at)
  where id = new.conversation_id;
  return null;
end
$$;

revoke all on function private.messages_before_insert(), private.bump_conversation_of_message() from public;

create trigger messages_10_before_insert
  before insert on public.messages
  for each row execute function private.messages_before_insert();

create trigger messages_90_stamp_times
  before insert or update on public.messages
  for each row execute function private.stamp_times();

create trigger messages_bump_conversation
  after insert on public.messages
  for each row execute function private.bump_conversation_of_message();

-- Privileges: messages are read and sent, never changed or deleted by users.
revoke all on public.messages from anon, authenticated;
grant select on public.messages to anon, authenticated;
grant insert on public.messages to authenticated;
grant all on public.messages to service_role;

-- Row-level security ---------------------------------------------------------------------------------------------
alter table public.messages enable row level security;

create policy messages_select_participant on public.messages
  for select to anon, authenticated
  using ((select auth.uid()) in (sender_id, receiver_id));

-- Only as oneself, to the other participant of a conversation one belongs to, about that conversation's
-- listing, and only while the listing is active (docs/product.md §5: messaging a sold item is refused).
create policy messages_insert_sender on public.messages
  for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and exists (
      select 1
      from public.conversations c
      join public.listings l on l.id = c.listing_id
      where c.id = conversation_id
        and c.listing_id = messages.listing_id
        and l.status = 'active'
        and ((c.buyer_id = sender_id and c.seller_id = receiver_id)
          or (c.seller_id = sender_id and c.buyer_id = receiver_id))
    )
  );

-- No update or delete policy.
