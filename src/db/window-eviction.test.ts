// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { RECENT_LISTINGS_CAP } from '@/config/window'
import type { ListingRow, OutboxEntry } from './rows'
import { freshDatabases } from './testing/fresh-databases'
import { extraIdsOf, noteListingOpened, shrinkToWindow } from './repositories/window'
import { recentListings, RECENT_LISTINGS_KEY, type WindowTables } from './window-eviction'

const fresh = freshDatabases('window')

const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000000Z`
const row = (id: string, minute: number, over: Partial<ListingRow> = {}): ListingRow => ({
  id,
  user_id: 'seller',
  title: 'Coat',
  description: 'Warm',
  price: 50,
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: null,
  size: 'M',
  fabric: null,
  location: 'Bern',
  tags: null,
  status: 'active',
  created_at: at(minute),
  updated_at: at(minute),
  edited_at: at(minute),
  sync_state: 'synced',
  cover_image_url: null,
  seller_first_name: null,
  seller_last_name: null,
  ...over,
})
const outboxEntry = (group: OutboxEntry['group'], op: OutboxEntry['op']): OutboxEntry => ({
  group,
  op,
  queued_at: 1,
  state: 'queued',
  attempts: 0,
  not_before: 0,
})
const image = (id: string, listingId: string) => ({
  id,
  listing_id: listingId,
  image_url: `seller/${listingId}/${id}.webp`,
  image_order: 1,
  created_at: at(0),
  updated_at: at(0),
  sync_state: 'synced' as const,
})
const blob = (id: string, listingId: string, uploaded: boolean) => ({
  id,
  listing_id: listingId,
  blob: new Blob(['x']),
  content_type: 'image/webp',
  path: `me/${listingId}/${id}.webp`,
  uploaded,
})

describe('eviction of what left the window (over IndexedDB)', () => {
  it('keeps the newest and everything that is the user’s business; removes the rest with their images and uploaded files', async () => {
    const db = fresh()
    // old-0 … old-9 are older than the window; new-0 … new-2 are the window of 3.
    const old = Array.from({ length: 10 }, (_, i) => row(`old-${i}`, i))
    await db.listings.bulkAdd([...old, row('new-0', 30), row('new-1', 31), row('new-2', 32)])
    await db.listings.update('old-0', { user_id: 'me', status: 'sold' }) // own, sold
    await db.meta.put({ key: 'owner', value: 'me' })
    await db.favourites.put({ listing_id: 'old-1', created_at: 1 })
    await db.conversations.put({
      id: 'c1',
      listing_id: 'old-2',
      buyer_id: 'me',
      seller_id: 'seller',
      created_at: at(0),
      updated_at: at(0),
      last_message_at: at(0),
      sync_state: 'synced',
    } as never)
    await db.outbox.add(outboxEntry('listing:old-3', { kind: 'images.replace', listing_id: 'old-3', images: [] }))
    await db.outbox.add(
      outboxEntry('conversation:c9', {
        kind: 'message.send',
        message: {
          id: 'm1',
          conversation_id: 'c9',
          listing_id: 'old-4',
          sender_id: 'me',
          receiver_id: 'seller',
          content: 'Hi',
        },
      } as never),
    )
    await db.drafts.put({ id: 'd1', listing_id: 'old-5', fields: {}, updated_at: 1 })
    await db.meta.put({ key: RECENT_LISTINGS_KEY, value: ['old-6'] })
    await db.server_pages.put({ key: 'q=geneve', ids: ['old-7'], total: 1, next: null, fetched_at: 1 })
    await db.listings.update('old-8', { sync_state: 'pending' })
    await db.listing_images.bulkAdd([image('i9', 'old-9'), image('i1', 'new-1')])
    await db.photo_blobs.bulkAdd([blob('b9', 'old-9', true), blob('b8', 'old-8', false)])

    const gone = await shrinkToWindow(db, 3)

    expect(gone).toEqual(['old-9'])
    expect((await db.listings.toCollection().primaryKeys()).sort()).toEqual(
      [...old.slice(0, 9).map((l) => l.id), 'new-0', 'new-1', 'new-2'].sort(),
    )
    expect(await db.listing_images.toCollection().primaryKeys()).toEqual(['i1'])
    // A file not uploaded yet belongs to a write on its way: it stays, and so does its listing.
    expect(await db.photo_blobs.toCollection().primaryKeys()).toEqual(['b8'])
    expect(await db.outbox.count()).toBe(2)
    expect(await db.drafts.count()).toBe(1)
    expect(await db.favourites.count()).toBe(1)
  })

  it('evicts a visitor’s sold listing and the oldest beyond the window, and nothing when within it', async () => {
    const db = fresh()
    await db.listings.bulkAdd([row('a', 1), row('b', 2), row('c', 3, { status: 'sold' })])
    expect(await shrinkToWindow(db, 5)).toEqual(['c'])
    expect(await shrinkToWindow(db, 5)).toEqual([])
    expect(await shrinkToWindow(db, 1)).toEqual(['a'])
  })
})

describe('the recently opened listings', () => {
  it('moves an opened listing to the front and keeps at most the cap', async () => {
    const db = fresh()
    for (let i = 0; i < RECENT_LISTINGS_CAP + 5; i++) await noteListingOpened(db, `l${i}`)
    await noteListingOpened(db, 'l7')
    const recent = await recentListings(db as unknown as WindowTables)
    expect(recent).toHaveLength(RECENT_LISTINGS_CAP)
    expect(recent[0]).toBe('l7')
    expect(recent[1]).toBe(`l${RECENT_LISTINGS_CAP + 4}`)
    expect(recent).not.toContain('l0')
  })

  it('are named to the server after the queued ones, with the kept search answers', async () => {
    const db = fresh()
    await noteListingOpened(db, 'r1')
    await noteListingOpened(db, 'r2')
    await db.outbox.add(
      outboxEntry('favourite:q1', {
        kind: 'favourite.set',
        user_id: 'me',
        listing_id: 'q1',
        favourite: true,
        created_at: at(0),
      } as never),
    )
    await db.server_pages.put({ key: 'k', ids: ['p1', 'r1'], total: 2, next: null, fetched_at: 1 })
    expect(await extraIdsOf(db)).toEqual(['q1', 'r2', 'r1', 'p1'])
  })
})
