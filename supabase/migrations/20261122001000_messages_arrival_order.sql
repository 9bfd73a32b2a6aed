-- Messages keep the order they were sent in, also when a device sends several queued messages in one request.
-- now() is the transaction's start, so every row of a multi-row insert would get the same created_at and a thread
-- ordered by (created_at, id) would shuffle them. Each message instead takes the statement clock, kept strictly
-- after the newest message already in its conversation (two rows inside one microsecond still stay in order).
-- On insert updated_at (the sync cursor) is the same instant; updates (service role only) keep stamp_times' rule.

create function private.stamp_message_times() returns trigger
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
  -- The caller sees every message of a conversation it writes to (it is one of the two participants).
  if new.created_at is null or current_user in ('anon', 'authenticated') then
    select max(m.created_at) into newest from public.messages m where m.conversation_id = new.conversation_id;
    new.created_at := greatest(clock_timestamp(), newest + interval '1 microsecond');
  end if;
  new.updated_at := new.created_at;
  return new;
end
$$;

revoke all on function private.stamp_message_times() from public;

drop trigger messages_90_stamp_times on public.messages;

create trigger messages_90_stamp_times
  before insert or update on public.messages
  for each row execute function private.stamp_message_times();
