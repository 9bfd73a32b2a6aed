/**
 * A read mark (O1): the newest received message's server time, moved forward only, by the participant's own
 * column (RPC `mark_conversation_read`); the answer's marks are merged forward into the mirror.
 */
import Dexie from 'dexie'
import type { KreisDatabase } from '@/db/database'
import { entry } from './enqueue'
import type { ConversationRecord } from '@/db/records'
import { applyConversations } from '@/db/repositories/mirror'
import { defineKind, groupId, last, opOf } from './kind'

/**
 * Marks a conversation read by `userId` up to its newest message received (server time, so device clocks do not
 * matter). The mark is kept on the server, so it follows the user to other devices. Does nothing when there is
 * nothing new to mark.
 */
export async function markConversationRead(
  db: KreisDatabase,
  userId: string,
  conversationId: string,
  now: number,
): Promise<void> {
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    const c = await db.conversations.get(conversationId)
    if (!c) return
    const column = c.buyer_id === userId ? 'buyer_last_read_at' : c.seller_id === userId ? 'seller_last_read_at' : null
    if (!column) return
    const received = await db.messages
      .where('[conversation_id+created_at]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .reverse() // the newest first: a long thread is not read whole for its last received message
      .filter((m) => m.receiver_id === userId && m.sync_state === 'synced')
      .first()
    if (!received) return
    const current = c[column] ?? null
    if (current !== null && current >= received.created_at) return
    await db.conversations.update(conversationId, { [column]: received.created_at })
    // A group of its own (`read:`), so a refused message of the conversation does not hold it back (P1).
    await db.outbox.add(
      entry(`read:${conversationId}`, { kind: 'conversation.read', read_at: received.created_at }, now),
    )
  })
}

export const conversationRead = defineKind<ConversationRecord | null>({
  kinds: ['conversation.read'],
  unit: 'last-state',
  batched: false,
  // The group names the conversation (it follows an id adopted from the server).
  send: ({ transport }, [unit]) =>
    transport.markConversationRead(groupId(unit![0]!.group), opOf<'conversation.read'>(last(unit!)).read_at),
  tables: (db) => [db.conversations],
  async acknowledge(db, _batch, row) {
    if (row) await applyConversations(db, [row])
  },
  refusal: async () => ({ code: 'write_failed' }),
})
