// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { SyncEngine } from './engine'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { updateMyProfile } from './kinds/profile-update'
import { writesWaitingForOtherAccounts } from './outbox'
import { adoptOwner, signOutUser } from './signed-in-user'
import { VirtualClock } from './testing/harness'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')

const dbs: KreisDatabase[] = []
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close()
    await db.delete()
  }
})
const fresh = () => {
  const db = new KreisDatabase(`session-${Math.random()}`)
  dbs.push(db)
  return db
}
const fields: ListingFields = {
  title: 'Cap',
  description: 'A summer cap',
  price: 12,
  condition: 'acceptable',
  category: 'accessories',
  product_type: null,
  brand: null,
  size: null,
  fabric: null,
  location: 'Bern',
  tags: null,
}

describe('session and the device data', () => {
  it('keeps the data of the same user; another user signing in clears the mirror but keeps the unsent writes aside', async () => {
    const db = fresh()
    expect(await adoptOwner(db, 'user-a')).toBe(false)
    await saveListing(db, 'user-a', { fields, images: [] }, Date.now())
    expect(await adoptOwner(db, 'user-a')).toBe(false)
    expect(await db.listings.count()).toBe(1)
    expect(await adoptOwner(db, 'user-b')).toBe(true)
    expect(await db.listings.count()).toBe(0)
    // Nothing of A's is visible or sendable as B; it is counted for the UI.
    expect(await db.outbox.count()).toBe(0)
    expect(await writesWaitingForOtherAccounts(db)).toBe(1)
  })

  it("another account's sign-in does not delete the unsent writes, photos and drafts: they come back with their owner and are sent", async () => {
    const server = new MemoryServer()
    server.addUser(A, 'Anna', 'A')
    server.addUser(B, 'Ben', 'B')
    const db = fresh()
    await adoptOwner(db, A)
    const listing = await saveListing(
      db,
      A,
      { fields, images: [{ blob: new Blob(['jpeg']), content_type: 'image/webp', ext: 'webp' }] },
      T0,
    )
    await db.drafts.put({ id: 'draft-a', listing_id: null, fields: { title: 'Half done' }, updated_at: T0 })
    // The session expired offline; B signs in on the device and writes too.
    await adoptOwner(db, B)
    expect(await db.drafts.count()).toBe(0)
    expect(await db.photo_blobs.count()).toBe(0)
    await updateMyProfile(db, B, { first_name: 'Ben', last_name: 'B', location: 'Bern' }, T0 + 1)
    const asB = new SyncEngine({
      db,
      transport: new MemoryTransport(server, B, createRng(1)),
      clock: new VirtualClock(T0, createRng(1)),
      locks: null,
    })
    await asB.sync('manual')
    expect(asB.status.getState()).toMatchObject({ pendingCount: 0, writesWaitingForOtherAccounts: 3, failures: [] })
    expect(server.listings.size).toBe(0)
    // A signs in again: A's writes, photo and draft are back and go out as A's.
    await adoptOwner(db, A)
    expect(await db.drafts.get('draft-a')).toMatchObject({ fields: { title: 'Half done' } })
    const asA = new SyncEngine({
      db,
      transport: new MemoryTransport(server, A, createRng(2)),
      clock: new VirtualClock(T0, createRng(2)),
      locks: null,
    })
    await asA.sync('manual')
    expect(server.listings.get(listing)?.user_id).toBe(A)
    expect(server.imagesOf(listing)).toHaveLength(1)
    expect(server.storage.size).toBe(1)
    expect(asA.status.getState()).toMatchObject({ pendingCount: 0, writesWaitingForOtherAccounts: 0, failures: [] })
  })

  it('signing out with unsent writes asks first: nothing happens without confirmation', async () => {
    const db = fresh()
    await saveListing(db, 'user-a', { fields, images: [] }, Date.now())
    expect(await signOutUser({}, db)).toEqual({ signedOut: false, unsentWrites: 1 })
    expect(await db.outbox.count()).toBe(1)
  })
})
