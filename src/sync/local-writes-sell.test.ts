// @vitest-environment node
// The sell flow's two additions to saveListing (docs/decisions.md#D-card-images): the card image uploaded beside each new photo, and a
// refused listing that the seller fixes and retries; and the listing's check at the local write.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { InvalidListingError } from '@/domain/listing-fields'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { retryFailed } from './outbox'
import { drainOutbox } from './push'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { VirtualClock } from './testing/harness'
import { saveListingAsOlderVersion } from './testing/older-version'

const SELLER = '00000000-0000-4000-8000-000000000001'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const open: KreisDatabase[] = []

afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

function setup() {
  const server = new MemoryServer()
  server.addUser(SELLER, 'Anna', 'Müller')
  const rng = createRng(3)
  const db = new KreisDatabase(`sell-writes-${Math.random()}`)
  open.push(db)
  const clock = new VirtualClock(T0, rng)
  return { server, db, clock, deps: { db, transport: new MemoryTransport(server, SELLER, rng), clock } }
}

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
const photo = (card = true) => ({
  blob: new Blob(['full'], { type: 'image/webp' }),
  content_type: 'image/webp',
  ext: '.webp',
  ...(card ? { card: new Blob(['card'], { type: 'image/webp' }) } : {}),
})

describe('card images', () => {
  it('are queued beside each new photo at {path-without-ext}.card.webp, uploaded before the listing, and not image rows', async () => {
    const { db, clock, server, deps } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo(), photo(false)] }, clock.now())
    const images = await db.listing_images.where('listing_id').equals(id).sortBy('image_order')
    expect(images).toHaveLength(2)
    const uploads = (await db.outbox.orderBy(':id').toArray())
      .filter((e) => e.op.kind === 'photo.upload')
      .map((e) => e.op)
    expect(uploads.map((o) => (o as { path: string }).path)).toEqual([
      images[0]!.image_url,
      images[0]!.image_url.replace(/\.webp$/, '.card.webp'),
      images[1]!.image_url,
    ])
    expect(await (await db.photo_blobs.get(`${images[0]!.id}.card`))!.blob.text()).toBe('card')

    expect((await drainOutbox(deps)).outcome).toBe('drained')
    expect([...server.storage.keys()].sort()).toEqual(
      [images[0]!.image_url, images[0]!.image_url.replace(/\.webp$/, '.card.webp'), images[1]!.image_url].sort(),
    )
    expect(await db.photo_blobs.count()).toBe(0) // device copies go once the server holds the listing
  })
})

describe('a refused listing, fixed and retried', () => {
  it('sends the fix, not the refused version', async () => {
    const { db, clock, server, deps } = setup()
    // Queued by a version before the local check (which refuses a price of 0 now): such entries still drain.
    const id = await saveListingAsOlderVersion(db, SELLER, { fields: fields(), images: [photo()] }, clock.now(), {
      price: 0,
    })
    await drainOutbox(deps)
    expect(await db.listings.get(id)).toMatchObject({ sync_state: 'failed' })
    expect(server.listings.has(id)).toBe(false)

    const row = (await db.listings.get(id))!
    const images = await db.listing_images.where('listing_id').equals(id).sortBy('image_order')
    await saveListing(
      db,
      SELLER,
      { id, fields: { ...row, price: 25 }, images: images.map((i) => ({ id: i.id, image_url: i.image_url })) },
      clock.now(),
    )
    await retryFailed(db, `listing:${id}`)
    expect((await drainOutbox(deps)).outcome).toBe('drained')
    expect(server.listings.get(id)).toMatchObject({ price: 25, title: 'Wool coat' })
    expect(await db.listings.get(id)).toMatchObject({ sync_state: 'synced', price: 25 })
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a listing the server would refuse never reaches the outbox (its schema at the local write)', () => {
  it.each<[string, Partial<Record<keyof ListingFields, unknown>>]>([
    ['an unknown category', { category: 'hats' }],
    ['a price of 0', { price: 0 }],
    ['a title too short', { title: 'ab' }],
  ])('%s: nothing is written, the columns are named', async (_name, bad) => {
    const { db, clock } = setup()
    const attempt = saveListing(
      db,
      SELLER,
      { fields: { ...fields(), ...bad } as ListingFields, images: [photo()] },
      clock.now(),
    )
    await expect(attempt).rejects.toThrow(InvalidListingError)
    await expect(attempt).rejects.toMatchObject({ fields: Object.keys(bad) })
    expect([
      await db.outbox.count(),
      await db.listings.count(),
      await db.listing_images.count(),
      await db.photo_blobs.count(),
    ]).toEqual([0, 0, 0, 0])
  })

  it('an edit that breaks a rule leaves the listing and its queue as they were', async () => {
    const { db, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    const before = [await db.listings.get(id), await db.outbox.toArray()]
    await expect(
      saveListing(db, SELLER, { id, fields: { ...fields(), price: -1 }, images: [] }, clock.now() + 1),
    ).rejects.toThrow(InvalidListingError)
    expect([await db.listings.get(id), await db.outbox.toArray()]).toEqual(before)
  })
})
