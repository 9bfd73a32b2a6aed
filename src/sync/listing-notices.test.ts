// @vitest-environment node
// The seller is told when a save made on this device was not kept (docs/product.md#R-listing-notices): the engine
// records a notice when it applies the server's answer, and it stays on the device until dismissed.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { dismissListingNotice, listingNotices } from '@/db/repositories/listing-notices'
import { deleteListing } from './kinds/listing-delete'
import { saveListing, setListingStatus, type ListingFields } from './kinds/listing-save'
import { pullAll } from './pull'
import { clearUserData } from './signed-in-user'
import { drainOutbox } from './push'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { VirtualClock } from './testing/harness'

const SELLER = '00000000-0000-4000-8000-000000000001'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const open: KreisDatabase[] = []

afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

function device(server: MemoryServer, name: string) {
  if (!server.profiles.has(SELLER)) server.addUser(SELLER, 'Anna', 'X')
  const rng = createRng(7)
  const db = new KreisDatabase(`listing-notices-${name}-${Math.random()}`)
  open.push(db)
  const clock = new VirtualClock(T0, rng)
  const deps = { db, transport: new MemoryTransport(server, SELLER, rng), clock }
  const sync = async () => {
    await drainOutbox(deps)
    await pullAll(deps, { reconcile: true })
  }
  return { db, clock, sync }
}

const fields = (over: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Wool coat',
  description: 'Warm and barely worn',
  price: 80,
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: 'Acne',
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: null,
  ...over,
})

/** The seller's phone and laptop, both holding one listing the phone published. */
async function twoDevices() {
  const server = new MemoryServer()
  const phone = device(server, 'phone')
  const laptop = device(server, 'laptop')
  const id = await saveListing(phone.db, SELLER, { fields: fields(), images: [] }, phone.clock.now())
  await phone.sync()
  await laptop.sync()
  return { server, phone, laptop, id }
}

describe('listing notices', () => {
  it('an offline edit of a listing deleted meanwhile on another device: "deleted on another device", kept until dismissed', async () => {
    const { phone, laptop, id } = await twoDevices()
    await saveListing(
      laptop.db,
      SELLER,
      { id, fields: fields({ title: 'Wool coat, edited offline' }), images: [] },
      laptop.clock.now(),
    )
    phone.clock.advance(1000)
    await deleteListing(phone.db, id, phone.clock.now())
    await phone.sync()
    await laptop.sync()
    expect(await laptop.db.listings.get(id)).toBeUndefined()
    expect(await listingNotices(laptop.db, SELLER)).toMatchObject([
      { listing_id: id, kind: 'deleted', title: 'Wool coat, edited offline' },
    ])
    // The phone deleted it itself: nothing to tell.
    expect(await listingNotices(phone.db, SELLER)).toEqual([])
    await dismissListingNotice(laptop.db, id)
    expect(await listingNotices(laptop.db, SELLER)).toEqual([])
  })

  it('an edit that loses last-edit-wins: "a newer edit from another device was kept", and the device shows the winner', async () => {
    const { phone, laptop, id } = await twoDevices()
    // The laptop edits offline first; the phone edits later and reaches the server first.
    await saveListing(laptop.db, SELLER, { id, fields: fields({ price: 70 }), images: [] }, laptop.clock.now())
    phone.clock.advance(60_000)
    await saveListing(
      phone.db,
      SELLER,
      { id, fields: fields({ title: 'Wool coat, newer' }), images: [] },
      phone.clock.now(),
    )
    await phone.sync()
    await laptop.sync()
    expect(await laptop.db.listings.get(id)).toMatchObject({ title: 'Wool coat, newer', price: 80 })
    expect(await listingNotices(laptop.db, SELLER)).toMatchObject([{ listing_id: id, kind: 'overwritten' }])
    expect(await listingNotices(phone.db, SELLER)).toEqual([])
  })

  it('a sold mark from the other device that came later wins over an offline edit: told too', async () => {
    const { phone, laptop, id } = await twoDevices()
    await saveListing(
      laptop.db,
      SELLER,
      { id, fields: fields({ description: 'Now with a belt' }), images: [] },
      laptop.clock.now(),
    )
    phone.clock.advance(60_000)
    await setListingStatus(phone.db, id, 'sold', phone.clock.now())
    await phone.sync()
    await laptop.sync()
    expect(await laptop.db.listings.get(id)).toMatchObject({ status: 'sold', description: 'Warm and barely worn' })
    expect(await listingNotices(laptop.db, SELLER)).toMatchObject([{ listing_id: id, kind: 'overwritten' }])
  })

  it('edits that win tell nothing, on either device', async () => {
    const { phone, laptop, id } = await twoDevices()
    phone.clock.advance(1000)
    await saveListing(phone.db, SELLER, { id, fields: fields({ price: 75 }), images: [] }, phone.clock.now())
    await phone.sync()
    laptop.clock.advance(60_000)
    await laptop.sync()
    await saveListing(
      laptop.db,
      SELLER,
      { id, fields: fields({ price: 72, title: 'Coat' }), images: [] },
      laptop.clock.now(),
    )
    await laptop.sync()
    await phone.sync()
    expect(await phone.db.listings.get(id)).toMatchObject({ price: 72, title: 'Coat' })
    expect(await listingNotices(phone.db, SELLER)).toEqual([])
    expect(await listingNotices(laptop.db, SELLER)).toEqual([])
  })
  it('another account on the device does not see them: clearing the account’s data drops them', async () => {
    const { phone, laptop, id } = await twoDevices()
    await saveListing(
      laptop.db,
      SELLER,
      { id, fields: fields({ title: 'Edited offline' }), images: [] },
      laptop.clock.now(),
    )
    phone.clock.advance(1000)
    await deleteListing(phone.db, id, phone.clock.now())
    await phone.sync()
    await laptop.sync()
    expect(await listingNotices(laptop.db, SELLER)).toHaveLength(1)
    await clearUserData(laptop.db)
    expect(await laptop.db.meta.where('key').startsWith('listing-notice:').count()).toBe(0)
  })
})
