/**
 * A conversation's creation (P1, P8, P9): before its messages; conversations of different groups share a request;
 * a duplicate is success, and a conversation another device created first for the same listing and buyer is
 * adopted (the queued messages follow its id). A refused one is looked up on the server first.
 */
import type { KreisDatabase } from '@/db/database'
import type { ConversationRecord } from '@/db/records'
import { messagesOf } from '@/db/repositories/mirror'
import { messageSyncFailure } from '@/domain/errors'
import { defineKind, opOf } from './kind'

export const conversationCreate = defineKind<ConversationRecord[]>({
  kinds: ['conversation.create'],
  unit: 'alone',
  batched: true,
  send: ({ transport }, batch) =>
    transport.createConversations(batch.map((u) => opOf<'conversation.create'>(u[0]!).conversation)),
  tables: (db) => [db.conversations, db.messages],
  async acknowledge(db, batch, servers) {
    for (const [i, unit] of batch.entries()) {
      const server = servers[i]!
      const localId = opOf<'conversation.create'>(unit[0]!).conversation.id
      if (server.id !== localId) await adoptConversationId(db, localId, server.id)
      const local = await db.conversations.get(server.id)
      await db.conversations.put({
        ...server,
        last_message_at: maxIso(server.last_message_at, local?.last_message_at ?? null),
        sync_state: 'synced',
      })
    }
  },
  refusal: async (_db, _unit, f) => messageSyncFailure(f),
  async findOnServer(transport, entries) {
    const writes = entries.map((e) => opOf<'conversation.create'>(e).conversation)
    const found = await transport.findConversations(writes)
    if (!found.ok) return found
    const key = (c: { listing_id: string; buyer_id: string }) => `${c.listing_id} ${c.buyer_id}`
    const byKey = new Map(found.value.map((c) => [key(c), c]))
    return { ok: true, value: writes.map((w) => byKey.get(key(w))) }
  },
})

/** The later of two ISO times (null: unknown). Exported for its table test. */
export function maxIso(a: string | null, b: string | null): string | null {
  if (a === null) return b
  if (b === null) return a
  return a > b ? a : b
}

/**
 * Another device created the conversation for this listing and buyer first: move the local conversation and its
 * unsent messages to the server's id.
 */
async function adoptConversationId(db: KreisDatabase, localId: string, serverId: string): Promise<void> {
  await db.conversations.delete(localId)
  await messagesOf(db, localId).modify({ conversation_id: serverId })
  await db.outbox
    .where('group')
    .equals(`conversation:${localId}`)
    .modify((e) => {
      e.group = `conversation:${serverId}`
      if (e.op.kind === 'message.send') e.op = { ...e.op, message: { ...e.op.message, conversation_id: serverId } }
    })
  await db.outbox
    .where('group')
    .equals(`read:${localId}`)
    .modify({ group: `read:${serverId}` })
}
