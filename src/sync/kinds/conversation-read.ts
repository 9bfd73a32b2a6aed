/**
 * A read mark (O1): the newest received message's server time, moved forward only, by the participant's own
 * column (RPC `mark_conversation_read`); the answer's marks are merged forward into the mirror.
 */
import type { ConversationRecord } from '@/db/records'
import { applyConversations } from '@/db/repositories/mirror'
import { defineKind, groupId, last, opOf } from './kind'

export const conversationRead = defineKind<ConversationRecord | null>({
  unit: 'last-state',
  batched: false,
  // The group names the conversation (it follows an id adopted from the server).
  send: ({ transport }, [unit]) => transport.markConversationRead(groupId(unit![0]!.group), opOf<'conversation.read'>(last(unit!)).read_at),
  tables: (db) => [db.conversations],
  async acknowledge(db, _batch, row) {
    if (row) await applyConversations(db, [row])
  },
  refusal: async () => ({ code: 'write_failed' }),
})
