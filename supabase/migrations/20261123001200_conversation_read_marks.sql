-- Read marks: how far each participant has read a conversation, kept on the server so that unread counts follow
-- the user to every device. Each participant moves only their own column, only forward, and only through
-- mark_conversation_read (conversations stay without an update privilege for users, so last_message_at and the
-- rest cannot be touched). The mark is a message time (server clock): the client sends the created_at of the
-- newest message it has shown; a time ahead of the server is clamped to now().

alter table public.conversations
  add column buyer_last_read_at timestamptz,
  add column seller_last_read_at timestamptz;

create function public.mark_conversation_read(p_conversation_id uuid, p_read_at timestamptz)
returns setof public.conversations
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  mark timestamptz := least(p_read_at, now());
begin
  if uid is null then
    raise exception 'permission denied for function mark_conversation_read' using errcode = '42501';
  end if;
  return query
    update public.conversations c
       set buyer_last_read_at = case when c.buyer_id = uid then greatest(c.buyer_last_read_at, mark) else c.buyer_last_read_at end,
           seller_last_read_at = case when c.seller_id = uid then greatest(c.seller_last_read_at, mark) else c.seller_last_read_at end
     where c.id = p_conversation_id and uid in (c.buyer_id, c.seller_id)
    returning c.*;
end
$$;

revoke all on function public.mark_conversation_read(uuid, timestamptz) from public;
grant execute on function public.mark_conversation_read(uuid, timestamptz) to authenticated, service_role;
