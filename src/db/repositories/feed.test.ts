// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '../database'
import type { ListingRow } from '../rows'
import { feedCount, feedListings, feedPage, ownListings } from './feed'

let db: KreisDatabase
let n = 0
beforeEach(async () => {
  db = new KreisDatabase(`feed-test-${++n}-${Math.random()}`)
  await db.open()
})
afterEach(async () => {
  db.close()
  await db.delete()
})

const CATS = ['women', 'men', 'children', 'shoes', 'accessories']
const LOCS = ['Zurich', 'Basel', 'Bern', 'Geneva']
const SIZES = ['S', 'M', 'L', '38']

function listing(i: number, over: Partial<ListingRow> = {}): ListingRow {
  const t = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, user_id: `seller-${i % 3}`, title: `item ${i}`,
    description: 'description', price: (i * 7) % 300 + 1, condition: i % 7 < 4 ? 'very_good' : 'acceptable',
    category: CATS[i % 5]!, product_type: null, brand: null, size: SIZES[Math.floor(i / 3) % 4]!, fabric: null, location: LOCS[i % 4]!,
    tags: null, status: i % 10 === 0 ? 'sold' : 'active', created_at: t, updated_at: t, edited_at: t, sync_state: 'synced',
    ...over,
  }
}

const rows = Array.from({ length: 300 }, (_, i) => listing(i))
const reference = (keep: (l: ListingRow) => boolean) =>
  rows.filter((l) => l.status === 'active' && keep(l)).sort((a, b) => (a.created_at < b.created_at ? 1 : -1))

describe('feed page (spec §2.6, §7.2: active listings, newest first, 12 per page)', () => {
  beforeEach(async () => {
    await db.listings.bulkPut(rows)
  })

  it('pages active listings newest first, 12 at a time, without sold ones', async () => {
    const expected = reference(() => true)
    expect((await feedListings(db, {}, 1)).map((l) => l.id)).toEqual(expected.slice(0, 12).map((l) => l.id))
    expect((await feedListings(db, {}, 3)).map((l) => l.id)).toEqual(expected.slice(24, 36).map((l) => l.id))
    expect(await feedCount(db, {})).toBe(expected.length)
  })

  it('narrows by category, price range, locations, sizes and conditions together', async () => {
    const f = { category: 'women', priceMin: 20, priceMax: 200, locations: ['Basel', 'Zurich'], sizes: ['S', 'L'], conditions: ['acceptable'] }
    const keep = (l: ListingRow) =>
      l.category === 'women' && l.price >= 20 && l.price <= 200 && ['Basel', 'Zurich'].includes(l.location!) && ['S', 'L'].includes(l.size!) && l.condition === 'acceptable'
    const expected = reference(keep)
    expect(expected.length).toBeGreaterThan(0)
    expect((await feedListings(db, f, 1)).map((l) => l.id)).toEqual(expected.slice(0, 12).map((l) => l.id))
    expect(await feedCount(db, f)).toBe(expected.length)
  })

  it('sorts by price both ways', async () => {
    const asc = await feedListings(db, { category: 'men' }, 1, 'price_asc')
    expect(asc.map((l) => l.price)).toEqual([...asc.map((l) => l.price)].sort((a, b) => a - b))
    expect(asc[0]!.price).toBe(Math.min(...reference((l) => l.category === 'men').map((l) => l.price)))
    const desc = await feedListings(db, {}, 1, 'price_desc')
    expect(desc[0]!.price).toBe(Math.max(...reference(() => true).map((l) => l.price)))
  })

  it('shows sold listings only when asked, merged in date order', async () => {
    const page = await feedListings(db, { includeSold: true }, 1)
    const expected = [...rows].sort((a, b) => (a.created_at < b.created_at ? 1 : -1)).slice(0, 12)
    expect(page.map((l) => l.id)).toEqual(expected.map((l) => l.id))
    expect(page.some((l) => l.status === 'sold')).toBe(true)
  })

  it('returns cards with the first image by image_order and the seller', async () => {
    const top = reference(() => true)[0]!
    await db.listing_images.bulkPut([
      { id: 'img-2', listing_id: top.id, image_url: 'b.webp', image_order: 2, created_at: '', updated_at: '', sync_state: 'synced' },
      { id: 'img-1', listing_id: top.id, image_url: 'a.webp', image_order: 1, created_at: '', updated_at: '', sync_state: 'synced' },
    ])
    await db.profiles.put({ id: top.user_id, first_name: 'Anna', last_name: 'Müller', location: null, profile_picture_url: null, created_at: '', updated_at: '' })
    const [card, second] = await feedPage(db, {}, 1)
    expect(card!.listing.id).toBe(top.id)
    expect(card!.firstImage?.image_url).toBe('a.webp')
    expect(card!.seller?.first_name).toBe('Anna')
    expect(second!.firstImage).toBeUndefined()
  })

  it('lists the owner\'s listings with sold ones, newest first', async () => {
    const own = await ownListings(db, 'seller-1')
    expect(own.length).toBe(rows.filter((l) => l.user_id === 'seller-1').length)
    expect(own.some((l) => l.status === 'sold')).toBe(true)
    expect(own[0]!.created_at >= own[own.length - 1]!.created_at).toBe(true)
  })
})
