// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { ConversationRecord, ListingRecord, MessageRecord } from '@/db/records'
import { removeListingsNotIn } from '@/db/repositories/mirror'
import type { RealtimeChange } from './protocol'
import { applyRealtimeChanges } from './realtime-apply'

const applyRealtimeChange = (db: KreisDatabase, change: RealtimeChange) => applyRealtimeChanges(db, [change])

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`realtime-${Math.random()}`)
})
afterEach(async () => {
  db.close()
  await db.delete()
})

const listing = (over: Partial<ListingRecord> = {}): ListingRecord => ({
  id: 'l1',
  user_id: 'u1',
  title: 'Scarf',
  description: 'Soft wool scarf',
  price: 20,
  condition: 'very_good',
  category: 'accessories',
  product_type: null,
  brand: null,
  size: null,
  fabric: null,
  location: 'Bern',
  tags: null,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000000Z',
  updated_at: '2026-01-01T00:00:01.000000Z',
  edited_at: '2026-01-01T00:00:00.000000Z',
  ...over,
})
const card = { cover_image_url: 'u1/l1/i1.webp', seller_first_name: 'Lea', seller_last_name: 'Meier' }
const row = (sync_state: 'synced' | 'pending', over: Partial<ListingRecord> = {}) => ({
  ...listing(over),
  ...card,
  sync_state,
})

describe('realtime rows in the mirror', () => {
  it('applies a newer version of a known listing, ignores an older one, and asks for a pull for an unknown one', async () => {
    await db.listings.put(row('synced'))
    expect(
      await applyRealtimeChange(db, {
        table: 'listings',
        row: listing({ title: 'Scarf (new)', updated_at: '2026-01-01T00:00:05.000000Z' }),
      }),
    ).toBe('none')
    expect((await db.listings.get('l1'))?.title).toBe('Scarf (new)')
    await applyRealtimeChange(db, {
      table: 'listings',
      row: listing({ title: 'stale', updated_at: '2026-01-01T00:00:02.000000Z' }),
    })
    expect((await db.listings.get('l1'))?.title).toBe('Scarf (new)')
    expect(await applyRealtimeChange(db, { table: 'listings', row: listing({ id: 'l2' }) })).toBe('pull')
    expect(await applyRealtimeChange(db, { table: 'listing_images', listingId: 'l1' })).toBe('pull')
    expect(await applyRealtimeChange(db, { table: 'listings', deletedId: 'l1' })).toBe('reconcile')
  })

  it('answers the favourites signal (no row) with a pull, which brings the set', async () => {
    expect(await applyRealtimeChange(db, { table: 'favorites' })).toBe('pull')
  })

  it('keeps a known listing’s card fields (cover image, seller name) when a newer version arrives', async () => {
    await db.listings.put(row('synced'))
    await applyRealtimeChange(db, {
      table: 'listings',
      row: listing({ price: 15, updated_at: '2026-01-01T00:00:05.000000Z' }),
    })
    expect(await db.listings.get('l1')).toMatchObject({ price: 15, ...card, sync_state: 'synced' })
  })

  it('applies a burst in one go: the newest version of each row, the strongest follow-up', async () => {
    await db.listings.put(row('synced'))
    const m = (id: string, t: string): MessageRecord => ({
      id,
      conversation_id: 'c1',
      listing_id: 'l1',
      sender_id: 'u2',
      receiver_id: 'u1',
      content: id,
      created_at: t,
      updated_at: t,
    })
    const conv = (t: string) => ({
      id: 'c1',
      listing_id: 'l1',
      buyer_id: 'u2',
      seller_id: 'u1',
      last_message_at: t,
      created_at: '2026-01-01T00:00:00.000000Z',
      updated_at: t,
    })
    const followUp = await applyRealtimeChanges(db, [
      { table: 'messages', row: m('m1', '2026-01-01T00:00:03.000000Z') },
      { table: 'conversations', row: conv('2026-01-01T00:00:03.000000Z') },
      { table: 'messages', row: m('m2', '2026-01-01T00:00:04.000000Z') },
      { table: 'conversations', row: conv('2026-01-01T00:00:04.000000Z') },
      { table: 'listings', row: listing({ title: 'Scarf (v2)', updated_at: '2026-01-01T00:00:06.000000Z' }) },
      { table: 'listings', row: listing({ title: 'Scarf (v1)', updated_at: '2026-01-01T00:00:05.000000Z' }) },
      { table: 'listing_images', listingId: 'l1' },
      { table: 'listings', deletedId: 'l9' },
    ])
    expect(followUp).toBe('reconcile')
    expect((await db.messages.toArray()).map((x) => x.id).sort()).toEqual(['m1', 'm2'])
    expect((await db.conversations.get('c1'))?.last_message_at).toBe('2026-01-01T00:00:04.000000Z')
    expect((await db.listings.get('l1'))?.title).toBe('Scarf (v2)')
    expect(
      await applyRealtimeChanges(db, [
        { table: 'messages', row: m('m3', '2026-01-01T00:00:07.000000Z') },
        { table: 'listing_images', listingId: 'l1' },
      ]),
    ).toBe('pull')
  })

  it('never overwrites a row with unsent local changes', async () => {
    await db.listings.put(row('pending', { title: 'my offline edit' }))
    await applyRealtimeChange(db, {
      table: 'listings',
      row: listing({ title: 'server', updated_at: '2026-01-02T00:00:00.000000Z' }),
    })
    expect((await db.listings.get('l1'))?.title).toBe('my offline edit')
  })

  it('stores a message from another user', async () => {
    const m: MessageRecord = {
      id: 'm1',
      conversation_id: 'c1',
      listing_id: 'l1',
      sender_id: 'u2',
      receiver_id: 'u1',
      content: 'Hi!',
      created_at: '2026-01-01T00:00:03.000000Z',
      updated_at: '2026-01-01T00:00:03.000000Z',
    }
    expect(await applyRealtimeChange(db, { table: 'messages', row: m })).toBe('none')
    expect(await db.messages.get('m1')).toMatchObject({ content: 'Hi!', sync_state: 'synced' })
  })

  it('stores only the device owner’s messages and conversations: none once its user signed out', async () => {
    const m: MessageRecord = {
      id: 'm2',
      conversation_id: 'c2',
      listing_id: 'l1',
      sender_id: 'u2',
      receiver_id: 'u1',
      content: 'Still there?',
      created_at: '2026-01-01T00:00:04.000000Z',
      updated_at: '2026-01-01T00:00:04.000000Z',
    }
    const c: ConversationRecord = {
      id: 'c2',
      listing_id: 'l1',
      buyer_id: 'u2',
      seller_id: 'u1',
      last_message_at: m.created_at,
      created_at: '2026-01-01T00:00:02.000000Z',
      updated_at: '2026-01-01T00:00:04.000000Z',
    } as ConversationRecord
    await db.meta.put({ key: 'owner', value: null }) // signed out
    await applyRealtimeChanges(db, [
      { table: 'messages', row: m },
      { table: 'conversations', row: c },
    ])
    expect([await db.messages.count(), await db.conversations.count()]).toEqual([0, 0])
    await db.meta.put({ key: 'owner', value: 'u3' }) // another account
    await applyRealtimeChanges(db, [
      { table: 'messages', row: m },
      { table: 'conversations', row: c },
    ])
    expect([await db.messages.count(), await db.conversations.count()]).toEqual([0, 0])
    await db.meta.put({ key: 'owner', value: 'u1' })
    await applyRealtimeChanges(db, [
      { table: 'messages', row: m },
      { table: 'conversations', row: c },
    ])
    expect([await db.messages.count(), await db.conversations.count()]).toEqual([1, 1])
  })

  it('drops vanished listings with their images, but keeps ones with unsent changes', async () => {
    await db.listings.bulkPut([
      row('synced', { id: 'gone' }),
      row('pending', { id: 'mine-pending' }),
      row('synced', { id: 'still-there' }),
    ])
    await db.listing_images.put({
      id: 'i1',
      listing_id: 'gone',
      image_url: 'x',
      image_order: 1,
      created_at: '',
      updated_at: '',
      sync_state: 'synced',
    })
    expect(await removeListingsNotIn(db, new Set(['still-there']))).toBe(1)
    expect((await db.listings.toArray()).map((l) => l.id).sort()).toEqual(['mine-pending', 'still-there'])
    expect(await db.listing_images.count()).toBe(0)
  })
})
