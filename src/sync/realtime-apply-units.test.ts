// @vitest-environment node
// R5's "one transaction per table" counted: a burst costs what it touches, nothing for the tables it does not.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { ConversationRecord, MessageRecord } from '@/db/records'
import type { RealtimeChange } from './protocol'
import { applyRealtimeChanges } from './realtime-apply'

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`realtime-units-${Math.random()}`)
})
afterEach(async () => {
  db.close()
  await db.delete()
})

const t = '2026-01-01T00:00:01.000000Z'
const message = (id: string): MessageRecord => ({
  id,
  conversation_id: 'c1',
  listing_id: 'l1',
  sender_id: 'u2',
  receiver_id: 'u1',
  content: id,
  created_at: t,
  updated_at: t,
})
const conversation: ConversationRecord = {
  id: 'c1',
  listing_id: 'l1',
  buyer_id: 'u2',
  seller_id: 'u1',
  last_message_at: t,
  buyer_last_read_at: null,
  seller_last_read_at: null,
  created_at: t,
  updated_at: t,
}

describe('realtime bursts, counted in transactions', () => {
  it.each<[string, RealtimeChange[], number]>([
    // Private rows: one around them (with the device owner's check) and theirs inside it, one IndexedDB transaction.
    [
      'messages only: one around them',
      [
        { table: 'messages', row: message('m1') },
        { table: 'messages', row: message('m2') },
      ],
      2,
    ],
    ['a conversation only: one around it', [{ table: 'conversations', row: conversation }], 2],
    [
      'a message and its conversation: one around both (and theirs inside it)',
      [
        { table: 'messages', row: message('m1') },
        { table: 'conversations', row: conversation },
      ],
      3,
    ],
    ['only an image change (a pull follows): none', [{ table: 'listing_images', listingId: 'l1' }], 0],
  ])('%s', async (_name, changes, transactions) => {
    const spy = vi.spyOn(db, 'transaction')
    await applyRealtimeChanges(db, changes)
    expect(spy).toHaveBeenCalledTimes(transactions)
    spy.mockRestore()
  })
})
