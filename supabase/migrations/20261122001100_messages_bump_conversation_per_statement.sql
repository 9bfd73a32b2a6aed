-- A conversation's last_message_at moves once per insert statement, not once per message. A device that was
-- offline sends its queued messages of a conversation in one multi-row insert; the row trigger updated the same
-- conversation row once per message, and every one of those updates was a change for realtime subscribers of
-- conversations (and a dead tuple). The statement trigger reads the inserted rows from its transition table and
-- moves each conversation to its newest message, the same end state.

drop trigger messages_bump_conversation on public.messages;
drop function private.bump_conversation_of_message();

create function private.bump_conversations_of_messages() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.conversations c
  set last_message_at = greatest(c.last_message_at, n.newest)
  from (select i.conversation_id, max(i.created_at) as newest from inserted i group by i.conversation_id) n
  where c.id = n.conversation_id;
  return null;
end
$$;

revoke all on function private.bump_conversations_of_messages() from public;

create trigger messages_bump_conversation
  after insert on public.messages
  referencing new table as inserted
  for each statement execute function private.bump_conversations_of_messages();
