-- The local stack's own hook (not a migration: hosted Supabase calls the send-push function from a Database Webhook
-- instead): each inserted message NOTIFYs its id on channel kreis_push after its transaction commits, and the
-- stack's push sender (push/index.ts) does the sending, outside the request that inserted it.

create or replace function private.kreis_notify_message_push() returns trigger
language plpgsql as $$
begin
  perform pg_notify('kreis_push', new.id::text);
  return null;
end
$$;

revoke all on function private.kreis_notify_message_push() from public;

drop trigger if exists messages_zz_kreis_push on public.messages;
create trigger messages_zz_kreis_push
  after insert on public.messages
  for each row execute function private.kreis_notify_message_push();
