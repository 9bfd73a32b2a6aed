/** The memory model's messages slice (the same operations as src/remote/transport/messages.ts). */
import type { MessagesSlice } from '../../protocol'
import * as screenOps from '../memory-screen-ops'
import type { MemoryContext } from './context'

export const memoryMessages = ({ server, userId, write, read }: MemoryContext): MessagesSlice => ({
  createConversations(rows) {
    const copy = structuredClone(rows)
    return write(
      'createConversations',
      copy.flatMap((c) => [`conversation:${c.id}`, `conversation:${c.listing_id}:${c.buyer_id}`]),
      () => server.createConversations(userId, copy),
    )
  },
  insertMessages(rows) {
    const copy = structuredClone(rows)
    return write(
      'insertMessages',
      copy.flatMap((m) => [`message:${m.id}`, `conversation:${m.conversation_id}`]),
      () => server.insertMessages(userId, copy),
    )
  },
  findMessages(ids) {
    return read(() =>
      ids
        .map((id) => server.messages.get(id))
        .filter((m) => m !== undefined && server.canSeeMessage(userId, m))
        .map((m) => structuredClone(m!)),
    )
  },
  findConversations(rows) {
    return read(() =>
      rows
        .map(
          (c) =>
            server.conversations.get(c.id) ??
            [...server.conversations.values()].find((x) => x.listing_id === c.listing_id && x.buyer_id === c.buyer_id),
        )
        .filter((c) => c !== undefined && server.canSeeConversation(userId, c))
        .map((c) => structuredClone(c!)),
    )
  },
  markConversationRead(conversationId, readAt) {
    return write('markConversationRead', [`conversation:${conversationId}`], () =>
      screenOps.markConversationRead(server, userId, conversationId, readAt),
    )
  },
})
