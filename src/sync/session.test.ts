// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { saveListing } from './local-writes'
import { adoptOwner, signOutUser } from './session'

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
const fields = {
  title: 'Cap', description: 'A summer cap', price: 12, condition: 'acceptable', category: 'accessories',
  product_type: null, brand: null, size: null, fabric: null, location: 'Bern', tags: null,
}

describe('session and the device data', () => {
  it('keeps the data of the same user, and clears another user\'s mirror and outbox when someone else signs in', async () => {
    const db = fresh()
    expect(await adoptOwner(db, 'user-a')).toBe(false)
    await saveListing(db, 'user-a', { fields, images: [] }, Date.now())
    expect(await adoptOwner(db, 'user-a')).toBe(false)
    expect(await db.listings.count()).toBe(1)
    expect(await adoptOwner(db, 'user-b')).toBe(true)
    expect(await db.listings.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('signing out with unsent writes asks first: nothing happens without confirmation', async () => {
    const db = fresh()
    await saveListing(db, 'user-a', { fields, images: [] }, Date.now())
    expect(await signOutUser({}, db)).toEqual({ signedOut: false, unsentWrites: 1 })
    expect(await db.outbox.count()).toBe(1)
  })
})
