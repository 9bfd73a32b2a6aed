// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { deleteListing } from '../kinds/listing-delete'
import { saveListing } from '../kinds/listing-save'
import { queuedListingsNotHeld } from './held-writes'

const dbs: KreisDatabase[] = []
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete()
})
const fresh = () => {
  const db = new KreisDatabase(`held-writes-${Math.random()}`)
  dbs.push(db)
  return db
}
const fields = {
  title: 'Wool coat',
  description: 'Warm and barely worn.',
  price: 80,
  condition: 'very_good' as const,
  category: 'women' as const,
  product_type: null,
  brand: null,
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: null,
}

describe('queuedListingsNotHeld', () => {
  it('names a listing evicted from the device while its edit is still queued, and nothing else', async () => {
    const db = fresh()
    const kept = await saveListing(db, 'u1', { fields, images: [] }, 1)
    const evicted = await saveListing(db, 'u1', { fields, images: [] }, 2)
    expect(await queuedListingsNotHeld(db)).toEqual([])
    await db.listings.delete(evicted) // what a window that drops a pending row would do
    expect(await queuedListingsNotHeld(db)).toEqual([evicted])
    await db.outbox.where('group').equals(`listing:${evicted}`).delete() // acknowledged: the row may go
    expect(await queuedListingsNotHeld(db)).toEqual([])
    void kept
  })

  it('a queued delete has no row to keep', async () => {
    const db = fresh()
    const id = await saveListing(db, 'u1', { fields, images: [] }, 1)
    await deleteListing(db, id, 2)
    expect(await queuedListingsNotHeld(db)).toEqual([])
  })
})
