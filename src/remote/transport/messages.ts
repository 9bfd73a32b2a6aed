/** The messages slice: conversations created and messages inserted (P8), lookups of refused writes (P9), read marks. */
import type { ConversationRecord, MessageRecord } from '@/db/records'
import type { ConversationWrite, MessageWrite } from '@/db/rows'
import type { MessagesSlice, Result } from '@/sync/protocol'
import { toConversation, toMessage } from '../rows'
import { ok, rows, run, type Row, type SupabaseContext } from './query'

export const messagesSlice = ({ client, tagged }: SupabaseContext): MessagesSlice => ({
  async createConversations(cs: ConversationWrite[]): Promise<Result<ConversationRecord[]>> {
    // ON CONFLICT (listing_id, buyer_id) DO NOTHING returns only the rows it inserted; the others already existed
    // (a retry, or the same conversation opened first on another device) and are read back.
    const ins = await rows(
      client.from('conversations').upsert(cs, { onConflict: 'listing_id,buyer_id', ignoreDuplicates: true }).select(),
      toConversation,
    )
    if (!ins.ok && ins.code !== '23505') return tagged(ins)
    const key = (c: ConversationWrite) => `${c.listing_id} ${c.buyer_id}`
    const found = new Map((ins.ok ? ins.value : []).map((c) => [key(c), c]))
    const missing = cs.filter((c) => !found.has(key(c)))
    for (const buyer of new Set(missing.map((c) => c.buyer_id))) {
      const listings = missing.filter((c) => c.buyer_id === buyer).map((c) => c.listing_id)
      const again = await rows(
        client.from('conversations').select('*').eq('buyer_id', buyer).in('listing_id', listings),
        toConversation,
      )
      if (!again.ok) return again
      for (const c of again.value) found.set(key(c), c)
    }
    const result = cs.map((c) => found.get(key(c)))
    if (result.some((c) => c === undefined))
      return { ok: false, reason: 'forbidden', code: '42501', message: 'conversation not visible' }
    return ok(result as ConversationRecord[])
  },

  async insertMessages(messages: MessageWrite[]): Promise<Result<MessageRecord[]>> {
    // Inserted rows come back at once; ids already on the server (a retry after a lost answer) are read back.
    const ins = await rows(
      client.from('messages').upsert(messages, { onConflict: 'id', ignoreDuplicates: true }).select(),
      toMessage,
    )
    if (!ins.ok) return tagged(ins)
    const byId = new Map(ins.value.map((m) => [m.id, m]))
    const missing = messages.map((m) => m.id).filter((id) => !byId.has(id))
    if (missing.length) {
      const again = await rows(client.from('messages').select('*').in('id', missing), toMessage)
      if (!again.ok) return again
      for (const m of again.value) byId.set(m.id, m)
    }
    return ok(messages.map((m) => byId.get(m.id)).filter((m) => m !== undefined))
  },

  findMessages(ids: string[]): Promise<Result<MessageRecord[]>> {
    return rows(client.from('messages').select('*').in('id', ids), toMessage)
  },

  async findConversations(cs: ConversationWrite[]): Promise<Result<ConversationRecord[]>> {
    const found: ConversationRecord[] = []
    for (const c of cs) {
      const r = await rows(
        client
          .from('conversations')
          .select('*')
          .or(`id.eq.${c.id},and(listing_id.eq.${c.listing_id},buyer_id.eq.${c.buyer_id})`)
          .limit(1),
        toConversation,
      )
      if (!r.ok) return r
      found.push(...r.value)
    }
    return ok(found)
  },

  async markConversationRead(conversationId: string, readAt: string): Promise<Result<ConversationRecord | null>> {
    const r = await run<Row[]>(
      client.rpc('mark_conversation_read', { p_conversation_id: conversationId, p_read_at: readAt }),
    )
    if (!r.ok) return r
    const row = Array.isArray(r.value) ? r.value[0] : (r.value as Row | null)
    return ok(row ? toConversation(row) : null)
  },
})
