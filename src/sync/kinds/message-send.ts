/**
 * A message's send (P2, P3, P8, P9): a conversation's consecutive messages go in one insert, in write order, and
 * messages of different conversations share it; the server stamps them in row order and ignores duplicate ids. A
 * refused insert is retried a message at a time (the refused one stops its conversation there), and a refused
 * message is looked up on the server first.
 */
import type { KreisDatabase } from '@/db/database'
import { conversationFor } from '@/db/repositories/inbox'
import type { ConversationRow, MessageRow, OutboxEntry } from '@/db/rows'
import { requestPersistenceOnce } from '@/db/storage-errors'
import { entry, iso, newId, NOT_ON_SERVER, writeState } from './enqueue'
import type { MessageRecord } from '@/db/records'
import { traceHop } from '../trace'
import { messageSyncFailure } from '@/domain/errors'
import { defineKind, opOf } from './kind'

export interface SendMessageInput {
  listingId: string
  sellerId: string
  /** The buyer of the conversation (the sender unless the seller answers). */
  buyerId: string
  senderId: string
  content: string
  messageId?: string
  /** The id of the conversation, if this message has to create it (default: a new UUID). */
  newConversationId?: string
}

/** Queues a message, creating the conversation first when the device knows none. Returns the message id. */
export async function sendMessage(db: KreisDatabase, input: SendMessageInput, now: number): Promise<string> {
  const content = input.content.trim()
  if (!content) throw new Error('empty message')
  const messageId = input.messageId ?? newId()
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    let conversation = await conversationFor(db, input.listingId, input.buyerId)
    const entries: OutboxEntry[] = []
    if (!conversation) {
      conversation = {
        id: input.newConversationId ?? newId(),
        listing_id: input.listingId,
        buyer_id: input.buyerId,
        seller_id: input.sellerId,
        last_message_at: iso(now),
        created_at: iso(now),
        updated_at: NOT_ON_SERVER,
        sync_state: 'pending',
      } satisfies ConversationRow
      const { id, listing_id, buyer_id, seller_id } = conversation
      entries.push(
        entry(
          `conversation:${id}`,
          { kind: 'conversation.create', conversation: { id, listing_id, buyer_id, seller_id } },
          now,
        ),
      )
    }
    const receiverId = input.senderId === input.buyerId ? input.sellerId : input.buyerId
    const message: MessageRow = {
      id: messageId,
      conversation_id: conversation.id,
      listing_id: input.listingId,
      sender_id: input.senderId,
      receiver_id: receiverId,
      content,
      created_at: iso(now),
      updated_at: NOT_ON_SERVER,
      ...(await writeState(db, `conversation:${conversation.id}`)),
    }
    // A known conversation is left as the server has it (its last_message_at moves when the message arrives).
    if (conversation.sync_state !== 'synced') await db.conversations.put(conversation)
    await db.messages.put(message)
    const { id, conversation_id, listing_id, sender_id, receiver_id } = message
    entries.push(
      entry(
        `conversation:${conversation.id}`,
        { kind: 'message.send', message: { id, conversation_id, listing_id, sender_id, receiver_id, content } },
        now,
      ),
    )
    await db.outbox.bulkAdd(entries)
  })
  traceHop('local-write', [messageId])
  void requestPersistenceOnce()
  return messageId
}

export const messageSend = defineKind<MessageRecord[]>({
  kinds: ['message.send'],
  unit: 'in-order',
  batched: true,
  async send({ transport }, batch) {
    const messages = batch.flat().map((e) => opOf<'message.send'>(e).message)
    const ids = messages.map((m) => m.id)
    traceHop('push-request', ids)
    const r = await transport.insertMessages(messages)
    traceHop('push-response', ids)
    return r
  },
  // Only what it writes: the thread's and inbox's reads of conversations, listings and profiles do not wait behind it.
  tables: (db) => [db.messages],
  async acknowledge(db, _batch, rows) {
    await db.messages.bulkPut(rows.map((m) => ({ ...m, sync_state: 'synced' as const })))
  },
  acknowledged: (rows) =>
    traceHop(
      'acknowledged',
      rows.map((m) => m.id),
    ),
  refusal: async (_db, _unit, f) => messageSyncFailure(f),
  split: (unit) => unit.map((e) => [e]),
  async findOnServer(transport, entries) {
    const ids = entries.map((e) => opOf<'message.send'>(e).message.id)
    const found = await transport.findMessages(ids)
    if (!found.ok) return found
    const byId = new Map(found.value.map((m) => [m.id, m]))
    return { ok: true, value: ids.map((id) => byId.get(id)) }
  },
})
