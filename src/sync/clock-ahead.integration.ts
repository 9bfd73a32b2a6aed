// @vitest-environment node
// Last edit wins when a device's clock runs ahead of the server (migration 20261125150100, fault-suite seed
// 20261765), through the real supabase-js against the local stack: two edits of a device six hours ahead reach the
// server out of order (the older one delayed in the network) and the newer stays — for listing fields, photo sets
// and profiles; an edit from a device whose clock is right, made after them, still wins; the device stamps never
// reach the app's rows.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingWrite } from '@/domain/listing-fields'
import type { ListingSave } from './protocol'
import { listingWrite } from './testing/listing-write'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

/** A wrong time zone; the server counts a device stamp at most a day ahead. */
const SKEW_MS = 6 * 3600_000

let stack: StackHandle
let ahead: StackDevice
let right: StackDevice

beforeAll(async () => {
  stack = await startStack()
  const user = await stack.newUser({ firstName: 'Ada', lastName: 'Ahead' })
  ahead = await stackDevice(stack, user)
  right = await stackDevice(stack, user)
})

afterAll(async () => {
  await ahead?.close()
  await right?.close()
  await stack?.stop()
})

/** A device time six hours ahead of the server, `s` seconds into the device's session. */
const aheadAt = (base: number, s: number) => new Date(base + SKEW_MS + s * 1000).toISOString()

const listing = (id: string, title: string, edited_at: string): ListingWrite =>
  listingWrite(ahead.userId, id, { title, description: 'A wool coat', price: 80, edited_at })
/** A file the stack takes as WebP: it checks the type against the first bytes (RIFF….WEBP) only. */
const webp = () =>
  new Blob([new TextEncoder().encode('RIFF'), new Uint8Array([1, 0, 0, 0]), new TextEncoder().encode('WEBPVP8 ')], {
    type: 'image/webp',
  })
/** Photos of listing `id`, uploaded to the seller's own folder first as the app does: a photo may point nowhere else. */
const photos = (id: string, names: string[]) =>
  Promise.all(
    names.map(async (n, i) => {
      const path = `${ahead.userId}/${id}/${n}.webp`
      const up = await ahead.transport.uploadPhoto(path, webp(), 'image/webp')
      if (!up.ok) throw new Error(up.message)
      return { id: randomUUID(), listing_id: id, image_url: path, image_order: i + 1 }
    }),
  )

async function save(d: StackDevice, s: ListingSave) {
  const r = await d.transport.saveListings([s])
  if (!r.ok) throw new Error(r.message)
  return r.value[0]!
}

describe('a device clock ahead of the server', () => {
  it('keeps its newer listing edit when its older edit arrives last, and a later edit from a right clock wins', async () => {
    const id = randomUUID()
    const base = Date.now()
    await save(ahead, {
      listing_id: id,
      listing: listing(id, 'First', new Date(base - 60_000).toISOString()),
      images: null,
      images_edited_at: null,
    })
    await save(ahead, {
      listing_id: id,
      listing: listing(id, 'Edit five', aheadAt(base, 5)),
      images: null,
      images_edited_at: null,
    })
    const late = await save(ahead, {
      listing_id: id,
      listing: listing(id, 'Edit two', aheadAt(base, 2)),
      images: null,
      images_edited_at: null,
    })
    expect(late.listing?.title).toBe('Edit five')
    // Clamped: never stored later than the server's time.
    expect(Date.parse(late.listing!.edited_at)).toBeLessThanOrEqual(Date.now() + 1000)
    expect(Object.keys(late.listing!)).not.toContain('device_edited_at')
    // A newer edit of the same device still lands, and a retry of it changes nothing but wins again.
    const six = await save(ahead, {
      listing_id: id,
      listing: listing(id, 'Edit six', aheadAt(base, 6)),
      images: null,
      images_edited_at: null,
    })
    expect(six.listing?.title).toBe('Edit six')
    // The right clock edits after all of them arrived: the last edit.
    const fixed = await save(right, {
      listing_id: id,
      listing: listing(id, 'Right clock', new Date().toISOString()),
      images: null,
      images_edited_at: null,
    })
    expect(fixed.listing?.title).toBe('Right clock')
    // The pull brings the winner without the server's stamps.
    const pulled = await right.transport.pullListings(null, 1000)
    if (!pulled.ok) throw new Error(pulled.message)
    const row = pulled.value.listings.find((l) => l.id === id)!
    expect(row.title).toBe('Right clock')
    expect(Object.keys(row).filter((k) => k.includes('edited_at'))).toEqual(['edited_at'])
  })

  it('keeps its newer photo set when its older set arrives last', async () => {
    const id = randomUUID()
    const base = Date.now()
    await save(ahead, {
      listing_id: id,
      listing: listing(id, 'Photos', new Date(base - 60_000).toISOString()),
      images: await photos(id, ['a']),
      images_edited_at: new Date(base - 60_000).toISOString(),
    })
    const newer = await photos(id, ['b', 'c'])
    await save(ahead, { listing_id: id, listing: null, images: newer, images_edited_at: aheadAt(base, 5) })
    const late = await save(ahead, {
      listing_id: id,
      listing: null,
      images: await photos(id, ['d']),
      images_edited_at: aheadAt(base, 2),
    })
    expect(late.images.map((i) => i.id)).toEqual(newer.map((i) => i.id))
    const fixed = await photos(id, ['e'])
    expect(
      (
        await save(right, { listing_id: id, listing: null, images: fixed, images_edited_at: new Date().toISOString() })
      ).images.map((i) => i.id),
    ).toEqual(fixed.map((i) => i.id))
  })

  it('keeps its newer profile edit when its older edit arrives last', async () => {
    const base = Date.now()
    const edit = async (d: StackDevice, first_name: string, edited_at: string) => {
      const r = await d.transport.updateProfile({
        id: ahead.userId,
        first_name,
        last_name: 'Ahead',
        location: null,
        edited_at,
      })
      if (!r.ok) throw new Error(r.message)
      return r.value
    }
    await edit(ahead, 'Five', aheadAt(base, 5))
    expect((await edit(ahead, 'Two', aheadAt(base, 2))).first_name).toBe('Five')
    expect((await edit(right, 'Right', new Date().toISOString())).first_name).toBe('Right')
    const picture = await ahead.transport.setProfilePicture(
      ahead.userId,
      `${ahead.userId}/p/new.webp`,
      aheadAt(base, 9),
    )
    const stalePicture = await ahead.transport.setProfilePicture(
      ahead.userId,
      `${ahead.userId}/p/old.webp`,
      aheadAt(base, 8),
    )
    if (!picture.ok || !stalePicture.ok) throw new Error('picture refused')
    expect(stalePicture.value.profile_picture_url).toBe(`${ahead.userId}/p/new.webp`)
  })
})
