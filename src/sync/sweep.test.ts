// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { SyncEngine } from './engine'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { saveListingAsOlderVersion } from './testing/older-version'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { VirtualClock } from './testing/harness'

const SELLER = '00000000-0000-4000-8000-000000000001'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const dbs: KreisDatabase[] = []
const engines: SyncEngine[] = []

afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop()
  for (const db of dbs.splice(0)) {
    db.close()
    await db.delete()
  }
})

const fields = (over: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Wool coat',
  description: 'Warm and barely worn',
  price: 80,
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: null,
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: null,
  ...over,
})
const photo = () => ({
  blob: new Blob(['webp-bytes']),
  content_type: 'image/webp',
  ext: 'webp',
  card: new Blob(['card']),
})

function seller() {
  const server = new MemoryServer()
  server.addUser(SELLER, 'Anna', 'X')
  const db = new KreisDatabase(`sweep-${Math.random()}`)
  dbs.push(db)
  const transport = new MemoryTransport(server, SELLER, createRng(2))
  const engine = new SyncEngine({ db, transport, clock: new VirtualClock(T0, createRng(2)), locks: null })
  engines.push(engine)
  return { server, db, transport, engine }
}

describe('files uploaded for a save that was refused and discarded are swept', () => {
  it('a refused new listing: its uploaded photos and card images leave storage when the user discards it', async () => {
    const { server, db, engine } = seller()
    const id = await saveListingAsOlderVersion(db, SELLER, { fields: fields(), images: [photo(), photo()] }, T0, {
      price: 0,
    }) // CHECK refuses
    await engine.sync('write')
    expect((await db.listings.get(id))?.sync_state).toBe('failed')
    expect(server.storage.size).toBe(4) // two photos, two cards: uploaded before the refused save
    await engine.discard(`listing:${id}`)
    expect(server.storage.size).toBe(0)
    expect(server.listings.has(id)).toBe(false)
  })

  it('a refused edit that added a photo: the new file goes, the committed set’s files stay', async () => {
    const { server, db, engine } = seller()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo()] }, T0)
    await engine.sync('write')
    const committed = [...server.storage.keys()].sort()
    expect(committed).toHaveLength(2)
    const kept = (await db.listing_images.where('listing_id').equals(id).toArray()).map((i) => ({
      id: i.id,
      image_url: i.image_url,
    }))
    await saveListingAsOlderVersion(db, SELLER, { id, fields: fields(), images: [...kept, photo()] }, T0 + 1000, {
      price: 0,
    })
    await engine.sync('write')
    expect((await db.listings.get(id))?.sync_state).toBe('failed')
    expect(server.storage.size).toBe(4)
    await engine.discard(`listing:${id}`)
    expect([...server.storage.keys()].sort()).toEqual(committed)
    expect((await db.listings.get(id))?.price).toBe(80)
  })

  it('offline at the discard: nothing is removed and nothing fails (the file stays an orphan, never a broken image)', async () => {
    const { server, db, transport, engine } = seller()
    const id = await saveListingAsOlderVersion(db, SELLER, { fields: fields(), images: [photo()] }, T0, { price: 0 })
    await engine.sync('write')
    transport.setOnline(false)
    await engine.discard(`listing:${id}`)
    expect(server.storage.size).toBe(2)
    expect(await db.listings.get(id)).toBeUndefined()
  })
})
