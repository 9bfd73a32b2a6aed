// @vitest-environment node
// The device's edit stamps only move forward (L1): a clock set back does not stamp a later edit as the older one,
// across every kind of edit, across a reload and across two tabs of one device.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { OutboxOp } from '@/db/rows'
import { EDIT_STAMP_META_KEY } from './edit-stamps'
import { toggleFavourite } from './kinds/favourite-set'
import { saveListing, setListingStatus, type ListingFields } from './kinds/listing-save'
import { setProfilePicture } from './kinds/profile-picture'
import { updateMyProfile } from './kinds/profile-update'

const ME = '00000000-0000-4000-8000-000000000001'
const T = Date.parse('2026-11-27T12:00:00.000Z')
const MIN = 60_000
const fields: ListingFields = {
  title: 'Wool coat',
  description: 'Warm',
  price: 80,
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: null,
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: null,
}

const open: KreisDatabase[] = []
const database = (name: string) => {
  const db = new KreisDatabase(name)
  open.push(db)
  return db
}
afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

/** The edit stamps in the outbox, in queue order. */
async function stamps(db: KreisDatabase): Promise<string[]> {
  const stampOf = (op: OutboxOp): string | undefined => {
    if (op.kind === 'listing.upsert') return op.listing.edited_at
    if (op.kind === 'profile.update') return op.profile.edited_at
    if (op.kind === 'favourite.set' || op.kind === 'profile.picture' || op.kind === 'images.replace')
      return op.edited_at
    return undefined
  }
  return (await db.outbox.orderBy('seq').toArray()).flatMap((e) => stampOf(e.op) ?? [])
}

const increasing = (xs: string[]) => xs.every((x, i) => i === 0 || Date.parse(x) > Date.parse(xs[i - 1]!))

describe('edit stamps', () => {
  it('a clock set back 5 minutes stamps every later edit after the earlier ones, whatever its kind', async () => {
    const db = database(`stamps-${Math.random()}`)
    const id = await saveListing(db, ME, { fields, images: [] }, T)
    await setListingStatus(db, id, 'sold', T - 5 * MIN)
    await saveListing(db, ME, { id, fields: { ...fields, title: 'Wool coat, long' }, images: [] }, T - 4 * MIN)
    await updateMyProfile(db, ME, { first_name: 'Sam', last_name: null, location: null }, T - 3 * MIN)
    await toggleFavourite(db, ME, 'l-other', T - 5 * MIN)
    await setProfilePicture(db, ME, new Blob(['p']), 'image/webp', T - 2 * MIN)
    const all = await stamps(db)
    expect(all).toHaveLength(6)
    expect(all[0]).toBe(new Date(T).toISOString())
    expect(increasing(all), all.join(' ')).toBe(true)
  })

  it('the clock is the stamp while it moves forward', async () => {
    const db = database(`stamps-${Math.random()}`)
    const id = await saveListing(db, ME, { fields, images: [] }, T)
    await setListingStatus(db, id, 'sold', T + MIN)
    expect(await stamps(db)).toEqual([new Date(T).toISOString(), new Date(T + MIN).toISOString()])
  })

  it('survives a reload: the reopened app stamps after what it stamped before, with the clock set back', async () => {
    const name = `stamps-${Math.random()}`
    const before = database(name)
    const id = await saveListing(before, ME, { fields, images: [] }, T)
    before.close()
    const after = database(name)
    await setListingStatus(after, id, 'sold', T - 5 * MIN)
    const all = await stamps(after)
    expect(all).toEqual([new Date(T).toISOString(), new Date(T + 1).toISOString()])
  })

  it('an own unsent edit queued before the stamps were kept (no meta) is replaced by a later stamp, not an older one', async () => {
    const db = database(`stamps-${Math.random()}`)
    const id = await saveListing(db, ME, { fields, images: [] }, T + 10 * MIN)
    await db.meta.delete(EDIT_STAMP_META_KEY) // as an app version before the stamp source left it
    await setListingStatus(db, id, 'sold', T)
    expect(await stamps(db)).toEqual([new Date(T + 10 * MIN).toISOString(), new Date(T + 10 * MIN + 1).toISOString()])
    expect(await db.meta.get(EDIT_STAMP_META_KEY)).toEqual({ key: EDIT_STAMP_META_KEY, value: T + 10 * MIN + 1 })
  })

  it('two tabs of one device share the stamps: an edit in one tab after an edit in the other is later', async () => {
    const name = `stamps-${Math.random()}`
    const tabA = database(name)
    const tabB = database(name)
    const id = await saveListing(tabA, ME, { fields, images: [] }, T)
    // Tab B's clock reads earlier (it was set back between the two edits).
    await setListingStatus(tabB, id, 'sold', T - MIN)
    expect(increasing(await stamps(tabA))).toBe(true)
    expect(await stamps(tabB)).toEqual([new Date(T).toISOString(), new Date(T + 1).toISOString()])
  })
})
