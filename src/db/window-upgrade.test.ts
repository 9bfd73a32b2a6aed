// @vitest-environment node
/**
 * A device that mirrored the whole catalogue under schema version 2 shrinks to the window when it opens with
 * version 3, without losing a queued write, a draft, a favourite or the rows they are about.
 */
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { LISTING_WINDOW_SIZE } from '@/config/window'
import { KreisDatabase } from './database'
import type { ListingRow, OutboxEntry } from './rows'

const names: string[] = []
afterEach(async () => {
  for (const n of names.splice(0)) await Dexie.delete(n)
})

/** The database as versions 1 and 2 of the app declared it. */
function oldDatabase(name: string): Dexie {
  const db = new Dexie(name)
  db.version(1).stores({
    listings:
      'id, [status+created_at], [category+status+created_at], [status+price], [category+status+price], [user_id+created_at], sync_state',
    listing_images: 'id, listing_id, [listing_id+image_order], sync_state',
    profiles: 'id',
    my_profile: 'id',
    conversations: 'id, last_message_at, [listing_id+buyer_id], sync_state',
    messages: 'id, [conversation_id+created_at], listing_id, sync_state',
    outbox: '++seq, group, state',
    photo_blobs: 'id, listing_id',
    drafts: 'id, updated_at',
    draft_photos: 'id, draft_id',
    favourites: 'listing_id, created_at',
    cursors: 'stream',
    meta: 'key',
  })
  db.version(2).stores({
    listings: 'id, [status+created_at], [user_id+created_at]',
    listing_images: 'id, [listing_id+image_order]',
  })
  return db
}

const stamp = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
const row = (id: string, i: number, over: Partial<ListingRow> = {}): ListingRow => ({
  id,
  user_id: 'seller',
  title: `Coat ${i}`,
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
  created_at: stamp(i),
  updated_at: stamp(i),
  edited_at: stamp(i),
  sync_state: 'synced',
  cover_image_url: null,
  seller_first_name: null,
  seller_last_name: null,
  ...over,
})

describe('the upgrade to the window (schema version 3)', () => {
  it('evicts the oldest listings beyond the window and keeps queued writes, drafts, favourites and their listings', async () => {
    const name = `window-upgrade-${Math.random()}`
    names.push(name)
    const extra = 300
    const total = LISTING_WINDOW_SIZE + extra
    const old = oldDatabase(name)
    // l0 … l299 are the oldest, beyond the window; l300 … the window.
    await old.table('listings').bulkAdd(Array.from({ length: total }, (_, i) => row(`l${i}`, i)))
    await old.table('listings').update('l1', { user_id: 'me', title: 'My pending coat', sync_state: 'pending' })
    await old.table('listing_images').bulkAdd([
      {
        id: 'i0',
        listing_id: 'l0',
        image_url: 'seller/l0/i0.webp',
        image_order: 1,
        created_at: stamp(0),
        updated_at: stamp(0),
        sync_state: 'synced',
      },
      {
        id: 'i2',
        listing_id: 'l2',
        image_url: 'seller/l2/i2.webp',
        image_order: 1,
        created_at: stamp(0),
        updated_at: stamp(0),
        sync_state: 'synced',
      },
    ])
    const pending: OutboxEntry = {
      group: 'listing:l1',
      op: { kind: 'images.replace', listing_id: 'l1', images: [] },
      queued_at: 1,
      state: 'queued',
      attempts: 0,
      not_before: 0,
    }
    await old.table('outbox').add(pending)
    await old.table('drafts').put({ id: 'd1', listing_id: 'l3', fields: { title: 'Half-edited' }, updated_at: 1 })
    await old.table('favourites').put({ listing_id: 'l2', created_at: 1 })
    await old.table('meta').put({ key: 'owner', value: 'me' })
    old.close()

    const db = new KreisDatabase(name)
    await db.open()
    try {
      expect(db.verno).toBe(3)
      expect(await db.listings.count()).toBe(LISTING_WINDOW_SIZE + 3)
      for (const kept of ['l1', 'l2', 'l3']) expect(await db.listings.get(kept)).toBeDefined()
      expect(await db.listings.get('l0')).toBeUndefined()
      expect(await db.listings.get(`l${extra - 1}`)).toBeUndefined()
      expect(await db.listings.get(`l${extra}`)).toBeDefined()
      expect(await db.listings.get(`l${total - 1}`)).toBeDefined()
      expect(await db.listing_images.toCollection().primaryKeys()).toEqual(['i2'])
      expect((await db.listings.get('l1'))?.sync_state).toBe('pending')
      expect(await db.outbox.toArray()).toEqual([pending]) // as queued (Dexie gave it its seq)
      expect(await db.drafts.get('d1')).toMatchObject({ fields: { title: 'Half-edited' } })
      expect(await db.favourites.toArray()).toEqual([{ listing_id: 'l2', created_at: 1 }])
      expect(await db.server_pages.count()).toBe(0)
    } finally {
      db.close()
    }
  })
})
