// @vitest-environment node
// A read mark is an outbox group of its own (`read:{conversation}`): a message of the conversation that the server
// refuses (its listing was sold) waits for the user, the read mark queued after it still goes (P1, P9).
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { freshDatabases } from '@/db/testing/fresh-databases'
import { markConversationRead } from './kinds/conversation-read'
import { sendMessage } from './kinds/message-send'
import { drainOutbox } from './push'
import { VirtualClock } from './testing/harness'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'

const SELLER = '00000000-0000-4000-8000-000000000001'
const BUYER = '00000000-0000-4000-8000-000000000004'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const fresh = freshDatabases('read-mark-group')

const listing = (status: 'active' | 'sold', edited_at: string) => ({
  id: 'l1',
  user_id: SELLER,
  title: 'Wool coat',
  description: 'Warm',
  price: 80,
  condition: 'very_good' as const,
  category: 'women' as const,
  product_type: null,
  brand: null,
  size: 'M',
  fabric: null,
  location: null,
  tags: null,
  status,
  edited_at,
})

describe('a read mark behind a refused message of its conversation', () => {
  it('reaches the server while the message waits for the user', async () => {
    const server = new MemoryServer()
    server.addUser(SELLER, 'Anna', 'Müller')
    server.addUser(BUYER, 'Noah', 'Keller')
    server.upsertListings(SELLER, [listing('active', '2025-06-01T09:00:00.000Z')])
    const conv = server.createConversations(BUYER, [{ id: 'c1', listing_id: 'l1', buyer_id: BUYER, seller_id: SELLER }])
    const received = server.insertMessages(SELLER, [
      {
        id: 'm1',
        conversation_id: 'c1',
        listing_id: 'l1',
        sender_id: SELLER,
        receiver_id: BUYER,
        content: 'Still there',
      },
    ])
    if (!conv.ok || !received.ok) throw new Error('setup')
    const db = fresh()
    await db.conversations.put({ ...conv.value[0]!, ...server.conversations.get('c1')!, sync_state: 'synced' })
    await db.messages.put({ ...received.value[0]!, sync_state: 'synced' })
    // The seller sells it meanwhile; the buyer, not knowing, answers and then reads the thread.
    server.upsertListings(SELLER, [listing('sold', '2025-06-01T09:30:00.000Z')])
    await sendMessage(
      db,
      { listingId: 'l1', sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'I take it', messageId: 'm2' },
      T0,
    )
    await markConversationRead(db, BUYER, 'c1', T0 + 1)

    const rng = createRng(3)
    const report = await drainOutbox({
      db,
      transport: new MemoryTransport(server, BUYER, rng),
      clock: new VirtualClock(T0 + 2, rng),
    })
    expect(report).toMatchObject({ failed: 1 })
    expect((await db.messages.get('m2'))?.sync_state).toBe('failed')
    expect(server.conversations.get('c1')!.buyer_last_read_at).toBe(received.value[0]!.created_at)
    expect((await db.outbox.toArray()).map((e) => [e.group, e.op.kind, e.state])).toEqual([
      ['conversation:c1', 'message.send', 'failed'],
    ])
  })
})
