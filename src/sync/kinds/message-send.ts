/**
 * A message's send (P2, P3, P8, P9): a conversation's consecutive messages go in one insert, in write order, and
 * messages of different conversations share it; the server stamps them in row order and ignores duplicate ids. A
 * refused insert is retried a message at a time (the refused one stops its conversation there), and a refused
 * message is looked up on the server first.
 */
import type { MessageRecord } from '@/db/records'
import { traceHop } from '../trace'
import { messageSyncFailure } from '@/domain/errors'
import { defineKind, opOf } from './kind'

export const messageSend = defineKind<MessageRecord[]>({
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
  acknowledged: (rows) => traceHop('acknowledged', rows.map((m) => m.id)),
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
