// @vitest-environment node
// A page of listings reaches the device in ONE request, images and sellers embedded (src/remote/supabase-transport.ts
// LISTING_BUNDLE_SELECT): a cold visit's first cards no longer wait on listings → images → profiles in series.
// The pull by transaction (migration 20261125114800) through the real supabase-js: the horizon, (sync_xid, id)
// pages, and a device's stored time cursor moved over.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

let stack: StackHandle
let seller: StackDevice
let buyer: StackDevice
let ids: string[] = []

const fields = (title: string): ListingFields => ({
  title,
  description: 'Worn twice',
  price: 40,
  condition: 'very_good',
  category: 'women',
  product_type: 'jacket',
  brand: 'COS',
  size: 'M',
  fabric: 'wool',
  location: 'Bern',
  tags: null,
})
const webp = (n: number) =>
  new Blob([new TextEncoder().encode('RIFF'), new Uint8Array([n, 0, 0, 0]), new TextEncoder().encode('WEBPVP8 ')], {
    type: 'image/webp',
  })
const photo = (n: number) => ({ blob: webp(n), content_type: 'image/webp', ext: '.webp', card: webp(n + 100) })
const restGets = (d: StackDevice, from: number) =>
  d.net.log.slice(from).filter((l) => l.startsWith('GET ') && l.includes('/rest/v1/'))

beforeAll(async () => {
  stack = await startStack()
  seller = await stackDevice(stack, await stack.newUser({ firstName: 'Pia', lastName: 'Pull' }))
  buyer = await stackDevice(stack, await stack.newUser({ firstName: 'Ben', lastName: 'Buyer' }))
  ids = [
    await saveListing(
      seller.db,
      seller.userId,
      { fields: fields('Wool coat'), images: [photo(1), photo(2), photo(3)] },
      Date.now() - 60_000,
    ),
  ]
  ids.push(
    await saveListing(
      seller.db,
      seller.userId,
      { fields: fields('Linen shirt'), images: [photo(4)] },
      Date.now() - 60_000,
    ),
  )
  expect((await seller.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
})

afterAll(async () => {
  await seller?.close()
  await buyer?.close()
  await stack?.stop()
})

describe('the listings pull, embedded', () => {
  it('brings a page of listings with their images in order and their sellers in one request', async () => {
    const from = buyer.net.log.length
    const r = await buyer.transport.pullListings(null, 500)
    if (!r.ok) throw new Error(r.message)
    expect(restGets(buyer, from)).toHaveLength(1)
    const mine = r.value.listings.filter((l) => ids.includes(l.id))
    expect(mine.map((l) => l.title).sort()).toEqual(['Linen shirt', 'Wool coat'])
    for (const l of mine) expect(Object.keys(l)).not.toContain('listing_images')
    const coat = r.value.images.filter((i) => i.listing_id === ids[0])
    const orders = coat.map((i) => i.image_order)
    expect(orders).toHaveLength(3)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(r.value.sellers.find((s) => s.id === seller.userId)).toMatchObject({ first_name: 'Pia', last_name: 'Pull' })
  })

  it('keeps keyset pages: a limit of 1 gives one listing, the next page starts after it', async () => {
    const first = await buyer.transport.pullListings(null, 1)
    if (!first.ok) throw new Error(first.message)
    expect(first.value.listings).toHaveLength(1)
    const l = first.value.listings[0]!
    const rest = await buyer.transport.pullListings({ updated_at: l.updated_at, id: l.id }, 500)
    if (!rest.ok) throw new Error(rest.message)
    expect(rest.value.listings.map((x) => x.id)).not.toContain(l.id)
  })

  it('fetches one listing (a shared link) with its images and seller in one request; an unknown id is null', async () => {
    const from = buyer.net.log.length
    const r = await buyer.transport.fetchListing(ids[1]!)
    if (!r.ok) throw new Error(r.message)
    expect(restGets(buyer, from)).toHaveLength(1)
    expect(r.value?.listings.map((l) => l.title)).toEqual(['Linen shirt'])
    expect(r.value?.images).toHaveLength(1)
    expect(r.value?.sellers.map((s) => s.id)).toEqual([seller.userId])
    const none = await buyer.transport.fetchListing('00000000-0000-4000-8000-00000000ffff')
    expect(none).toEqual({ ok: true, value: null })
  })

  it('a full sync mirrors the listings with their images and seller', async () => {
    await buyer.engine.sync('start')
    expect(await buyer.db.listing_images.where('listing_id').equals(ids[0]!).count()).toBe(3)
    expect(await buyer.db.profiles.get(seller.userId)).toMatchObject({ first_name: 'Pia' })
  })
})

describe('the pull by transaction', () => {
  it('asks the horizon (GET rpc), then pages in (sync_xid, id) order; from a horizon only later transactions come', async () => {
    const h = await buyer.transport.pullHorizon()
    if (!h.ok) throw new Error(h.message)
    expect(h.value).toBeGreaterThan(0)
    const first = await buyer.transport.pullListingsSince({ since: null, after: null }, 1)
    if (!first.ok) throw new Error(first.message)
    expect(first.value.rows.listings).toHaveLength(1)
    const last = first.value.last!
    expect(last.id).toBe(first.value.rows.listings[0]!.id)
    expect(Object.keys(first.value.rows.listings[0]!)).not.toContain('sync_xid')
    const rest = await buyer.transport.pullListingsSince({ since: null, after: last }, 500)
    if (!rest.ok) throw new Error(rest.message)
    expect(rest.value.rows.listings.map((l) => l.id)).not.toContain(last.id)
    const newer = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields('Rain jacket'), images: [photo(7)] },
      Date.now() - 30_000,
    )
    expect((await seller.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    const since = await buyer.transport.pullListingsSince({ since: h.value, after: null }, 500)
    if (!since.ok) throw new Error(since.message)
    expect(since.value.rows.listings.map((l) => l.id)).toEqual([newer])
    expect(since.value.rows.images.map((i) => i.listing_id)).toEqual([newer])
    expect(since.value.last!.xid).toBeGreaterThanOrEqual(h.value)
    const profiles = await buyer.transport.pullProfilesSince({ since: null, after: null }, 500, {
      size: 2000,
      extra: [],
    })
    if (!profiles.ok) throw new Error(profiles.message)
    expect(profiles.value.rows.find((p) => p.id === seller.userId)).toEqual(
      expect.not.objectContaining({ sync_xid: expect.anything() }),
    )
  })

  it('a sync stores each stream at the horizon; a device that stored a time cursor moves over with one pull by time', async () => {
    await buyer.engine.sync('start')
    for (const stream of ['listings', 'profiles', 'conversations', 'messages'] as const) {
      expect((await buyer.db.cursors.get(stream))?.cursor).toEqual({ since: expect.any(Number) })
    }
    const fresh = await stackDevice(stack, await stack.newUser({ firstName: 'Olga', lastName: 'Older' }))
    try {
      await fresh.db.cursors.put({ stream: 'listings', cursor: { updated_at: '2020-01-01T00:00:00.000000Z', id: '' } })
      const from = fresh.net.log.length
      await fresh.engine.sync('start')
      const gets = restGets(fresh, from)
      expect(gets.filter((g) => g.includes('/rest/v1/listings?') && g.includes('updated_at'))).toHaveLength(1)
      expect((await fresh.db.cursors.get('listings'))?.cursor).toEqual({ since: expect.any(Number) })
      for (const id of ids) expect(await fresh.db.listings.get(id)).toBeDefined()
    } finally {
      await fresh.close()
    }
  })
})
