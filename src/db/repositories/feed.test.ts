// @vitest-environment node
import 'fake-indexeddb/auto'
import Dexie, { liveQuery } from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '../database'
import type { ListingRow } from '../rows'
import { compileFilters } from '../../domain/feed-filters'
import {
  COLD_WALK_MAX_ROWS,
  favouriteListings,
  feedCount,
  feedPage,
  ownListings,
  walkNewest,
  type FeedFilter,
} from './feed'
import { feedProjection } from './feed-projection'
import { applyListingBundle } from './mirror'

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

const CATS = ['women', 'men', 'children', 'shoes', 'accessories'] as const
const LOCS = ['Zurich', 'Basel', 'Bern', 'Geneva']
const SIZES = ['S', 'M', 'L', '38']

function listing(i: number, over: Partial<ListingRow> = {}): ListingRow {
  const t = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    user_id: `seller-${i % 3}`,
    title: `item ${i}`,
    description: 'description',
    price: ((i * 7) % 300) + 1,
    condition: i % 7 < 4 ? 'very_good' : 'acceptable',
    category: CATS[i % 5]!,
    product_type: null,
    brand: null,
    size: SIZES[Math.floor(i / 3) % 4]!,
    fabric: null,
    location: LOCS[i % 4]!,
    tags: null,
    status: i % 10 === 0 ? 'sold' : 'active',
    created_at: t,
    updated_at: t,
    edited_at: t,
    sync_state: 'synced',
    cover_image_url: null,
    seller_first_name: null,
    seller_last_name: null,
    ...over,
  }
}

const rows = Array.from({ length: 300 }, (_, i) => listing(i))
const reference = (keep: (l: ListingRow) => boolean) =>
  rows.filter((l) => l.status === 'active' && keep(l)).sort((a, b) => (a.created_at < b.created_at ? 1 : -1))

describe('feed page (docs/product.md §2.6, §7.2: active listings, newest first, 12 per page)', () => {
  beforeEach(async () => {
    await db.listings.bulkPut(rows)
  })

  it('pages active listings newest first, 12 at a time, without sold ones', async () => {
    const expected = reference(() => true)
    expect((await feedPage(db, {}, 1)).map((l) => l.id)).toEqual(expected.slice(0, 12).map((l) => l.id))
    expect((await feedPage(db, {}, 3)).map((l) => l.id)).toEqual(expected.slice(24, 36).map((l) => l.id))
    expect(await feedCount(db, {})).toBe(expected.length)
  })

  it('narrows by category, price range, locations, sizes and conditions together', async () => {
    const f: FeedFilter = {
      category: 'women',
      priceMin: 20,
      priceMax: 200,
      locations: ['Basel', 'Zurich'],
      sizes: ['S', 'L'],
      conditions: ['acceptable'],
    }
    const keep = (l: ListingRow) =>
      l.category === 'women' &&
      l.price >= 20 &&
      l.price <= 200 &&
      ['Basel', 'Zurich'].includes(l.location!) &&
      ['S', 'L'].includes(l.size!) &&
      l.condition === 'acceptable'
    const expected = reference(keep)
    expect(expected.length).toBeGreaterThan(0)
    expect((await feedPage(db, f, 1)).map((l) => l.id)).toEqual(expected.slice(0, 12).map((l) => l.id))
    expect(await feedCount(db, f)).toBe(expected.length)
  })

  it('sorts by price both ways', async () => {
    const asc = await feedPage(db, { category: 'men' }, 1, 'price_asc')
    expect(asc.map((l) => l.price)).toEqual([...asc.map((l) => l.price)].sort((a, b) => a - b))
    expect(asc[0]!.price).toBe(Math.min(...reference((l) => l.category === 'men').map((l) => l.price)))
    const desc = await feedPage(db, {}, 1, 'price_desc')
    expect(desc[0]!.price).toBe(Math.max(...reference(() => true).map((l) => l.price)))
  })

  it('shows sold listings only when asked, merged in date order', async () => {
    const page = await feedPage(db, { includeSold: true }, 1)
    const expected = [...rows].sort((a, b) => (a.created_at < b.created_at ? 1 : -1)).slice(0, 12)
    expect(page.map((l) => l.id)).toEqual(expected.map((l) => l.id))
    expect(page.some((l) => l.status === 'sold')).toBe(true)
  })

  it("lists the owner's listings with sold ones, newest first", async () => {
    const own = await ownListings(db, 'seller-1')
    expect(own.length).toBe(rows.filter((l) => l.user_id === 'seller-1').length)
    expect(own.some((l) => l.status === 'sold')).toBe(true)
    expect(own[0]!.created_at >= own[own.length - 1]!.created_at).toBe(true)
  })
})

describe('the one filter model (src/domain/feed-filters.ts) is what the feed applies', () => {
  const world = [
    listing(1, {
      location: '8001 Zürich',
      size: '38 EU',
      title: 'Hermès silk scarf',
      brand: 'Hermès',
      category: 'accessories',
    }),
    listing(2, { location: 'Zurich', size: 'M', title: 'Striped Pullover', brand: null, category: 'children' }),
    listing(3, {
      location: '1201 Genève',
      size: 'One Size',
      title: 'Wool coat',
      brand: 'Akris',
      price: 650,
      category: 'women',
    }),
    listing(4, {
      location: 'Bernstrasse 4, Thun',
      size: 'S',
      title: 'Pullunder',
      brand: 'COS',
      tags: ['vintage'],
      category: 'men',
    }),
    listing(5, { location: 'Zurich', size: 'M', title: 'Sold pullover', status: 'sold', category: 'men' }),
  ]
  const ids = async (f: FeedFilter, sort: Parameters<typeof feedPage>[3] = 'newest') =>
    (await feedPage(db, f, 1, sort)).map((l) => Number(l.id.slice(-3)))

  beforeEach(async () => {
    await db.listings.bulkPut(world)
  })

  it.each<[string, FeedFilter, number[]]>([
    ['"8001 Zürich" is in Zurich', { locations: ['Zurich'] }, [2, 1]],
    ['"Genève" is in Geneva', { locations: ['Geneva'] }, [3]],
    ['"Bernstrasse" is not Bern', { locations: ['Bern'] }, []],
    ['size 38 matches "38 EU"; S is not in "One Size"', { sizes: ['38', 's'] }, [4, 1]],
    ['the untouched max of 500 keeps dearer items', { priceMax: 500 }, [4, 3, 2, 1]],
    ['search ignores accents and case', { query: 'HERMES' }, [1]],
    ['search finds a part of a word, sold listings left out', { query: 'pull' }, [4, 2]],
    ['search finds tags and the "kids" category', { query: 'kids' }, [2]],
    ['search and filters narrow together', { query: 'pull', locations: ['Zurich'] }, [2]],
    ['sold ones only when asked', { query: 'pull', includeSold: true }, [5, 4, 2]],
  ])('%s', async (_name, filter, expected) => {
    expect(await ids(filter)).toEqual(expected)
    expect(await feedCount(db, filter)).toBe(expected.length)
  })

  it('a new connection answers a search the same before its projection has loaded (the cold walk)', async () => {
    const coldDb = new KreisDatabase(db.name)
    try {
      expect((await feedPage(coldDb, { query: 'zürich pull' }, 1)).map((l) => l.title)).toEqual(['Striped Pullover'])
      expect((await feedPage(coldDb, { query: 'basel pull' }, 1)).map((l) => l.id)).toEqual([])
      expect((await feedPage(coldDb, { query: 'pull', locations: ['Zurich'] }, 1)).map((l) => l.title)).toEqual([
        'Striped Pullover',
      ])
    } finally {
      coldDb.close()
    }
  })

  it('follows an edit of the title into the search', async () => {
    expect(await feedCount(db, { query: 'hermes' })).toBe(1)
    await db.listings.update(world[0]!.id, { title: 'Silk scarf', brand: null })
    expect(await feedCount(db, { query: 'hermes' })).toBe(0)
  })
})

describe('favourites with their listings', () => {
  it('lists the most recent first, sold ones as they are, and one no longer on the device as null', async () => {
    await db.listings.bulkPut([listing(1), listing(2, { status: 'sold' })])
    await db.favourites.bulkPut([
      { listing_id: listing(1).id, created_at: 1 },
      { listing_id: listing(2).id, created_at: 3 },
      { listing_id: 'gone', created_at: 2 },
    ])
    const favs = await favouriteListings(db)
    expect(favs.map((f) => [f.favourite.listing_id, f.listing?.status ?? null])).toEqual([
      [listing(2).id, 'sold'],
      ['gone', null],
      [listing(1).id, 'active'],
    ])
  })
})

describe('feed walk over equal keys (chunks end inside runs of equal dates and prices)', () => {
  // 400 rows on 5 dates and 4 prices: every chunk boundary falls inside a run of equal index keys.
  const tied = Array.from({ length: 400 }, (_, i) =>
    listing(i, {
      created_at: new Date(Date.UTC(2026, 0, 1 + (i % 5))).toISOString(),
      price: [10, 20, 30, 40][i % 4]!,
      status: 'active',
    }),
  )
  const byDateDesc = (a: ListingRow, b: ListingRow) =>
    a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1
  const byPrice = (dir: 1 | -1) => (a: ListingRow, b: ListingRow) =>
    a.price === b.price ? (a.id < b.id ? -dir : dir) : (a.price - b.price) * dir

  async function allPages(
    filter: Parameters<typeof feedPage>[1],
    sort: Parameters<typeof feedPage>[3],
  ): Promise<string[]> {
    const ids: string[] = []
    for (let page = 1; ; page++) {
      const rows = await feedPage(db, filter, page, sort)
      ids.push(...rows.map((l) => l.id))
      if (rows.length < 12) return ids
    }
  }

  beforeEach(async () => {
    await db.listings.bulkPut(tied)
  })

  it.each([
    ['newest, narrow filters', { locations: ['Zurich'], sizes: ['M', 'L'] }, 'newest' as const, byDateDesc],
    ['newest, one category', { category: 'shoes' }, 'newest' as const, byDateDesc],
    [
      'price ascending, narrow filters',
      { conditions: ['acceptable'], locations: ['Bern', 'Basel'] },
      'price_asc' as const,
      byPrice(1),
    ],
    [
      'price descending, price range',
      { priceMin: 20, priceMax: 30, category: 'women' },
      'price_desc' as const,
      byPrice(-1),
    ],
    ['newest, no filter', {}, 'newest' as const, byDateDesc],
  ])('%s: every match exactly once, in order, across all pages', async (_, filter, sort, order) => {
    const f = filter as Parameters<typeof feedPage>[1]
    const keep = (l: ListingRow) =>
      (f.category === undefined || l.category === f.category) &&
      (!f.locations || f.locations.includes(l.location!)) &&
      (!f.sizes || f.sizes.includes(l.size!)) &&
      (!f.conditions || (f.conditions as readonly string[]).includes(l.condition)) &&
      (f.priceMin === undefined || l.price >= f.priceMin) &&
      (f.priceMax === undefined || l.price <= f.priceMax)
    const expected = tied
      .filter(keep)
      .sort(order)
      .map((l) => l.id)
    expect(expected.length).toBeGreaterThan(12)
    expect(await allPages(f, sort)).toEqual(expected)
    expect(await feedCount(db, f)).toBe(expected.length)
  })
})

describe('feed on a new connection, before the projection is loaded', () => {
  // 1,000 rows: enough that a narrow filter outlasts the walk a cold page may do, and a deep page lies beyond it.
  const many = Array.from({ length: 1000 }, (_, i) => listing(i))
  type ColdFilter = Pick<FeedFilter, 'category' | 'locations' | 'sizes'>
  const matching = (f: ColdFilter) =>
    many
      .filter(
        (l) =>
          l.status === 'active' &&
          (f.category === undefined || l.category === f.category) &&
          (!f.locations || f.locations.includes(l.location!)) &&
          (!f.sizes || f.sizes.includes(l.size!)),
      )
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))

  beforeEach(async () => {
    await db.listings.bulkPut(many)
  })

  const NARROW: ColdFilter = { category: 'men', locations: ['Bern'], sizes: ['S'] }

  it.each<[string, ColdFilter, number]>([
    ['the home feed', {}, 2],
    ['one category', { category: 'men' }, 2],
    ['a narrow filter (a handful of matches in 1,000 rows)', NARROW, 1],
    ['a page deeper than a cold walk goes', {}, 60],
  ])('answers %s the same as a loaded projection would', async (_, filter, page) => {
    const expected = matching(filter)
      .slice((page - 1) * 12, page * 12)
      .map((l) => l.id)
    expect(expected.length).toBeGreaterThan(0)
    const coldDb = new KreisDatabase(db.name)
    try {
      const first = await feedPage(coldDb, filter, page)
      expect(first.map((l) => l.id)).toEqual(expected)
      expect((await feedPage(coldDb, filter, page)).map((l) => l.id)).toEqual(expected)
    } finally {
      coldDb.close()
    }
  })

  it(`walks at most ${COLD_WALK_MAX_ROWS} rows: broad filters fill their page, a narrow one is left to the projection`, async () => {
    const keep = (f: ColdFilter) => compileFilters(f)
    const broad = await db.transaction('r', db.listings, () => walkNewest(db, keep({ category: 'men' }), 12, 12))
    expect(broad?.map((l) => l.id)).toEqual(
      matching({ category: 'men' })
        .slice(12, 24)
        .map((l) => l.id),
    )
    // About 1 row in 80 matches: the 12th lies deeper than the walk may go.
    expect(
      many
        .filter((l) => l.status === 'active')
        .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
        .findIndex((l) => l.id === matching(NARROW)[11]!.id),
    ).toBeGreaterThan(COLD_WALK_MAX_ROWS)
    expect(await db.transaction('r', db.listings, () => walkNewest(db, keep(NARROW), 0, 12))).toBeNull()
  })
})

describe('feed after writes (the filter projection follows every committed change)', () => {
  beforeEach(async () => {
    await db.listings.bulkPut(rows)
  })

  it('shows a new listing, drops one sold or deleted, and moves an edited one, on the very next read', async () => {
    const f = { locations: ['Zurich'] }
    const before = await feedPage(db, f, 1)
    const fresh = listing(1001, { location: 'Zurich', created_at: '2027-01-01T00:00:00.000Z' })
    await db.listings.put(fresh)
    expect((await feedPage(db, f, 1))[0]!.id).toBe(fresh.id)

    await db.listings.update(fresh.id, { status: 'sold' })
    await db.listings.delete(before[0]!.id)
    await db.listings.update(before[1]!.id, { location: 'Basel' })
    const after = (await feedPage(db, f, 1)).map((l) => l.id)
    expect(after).not.toContain(fresh.id)
    expect(after).not.toContain(before[0]!.id)
    expect(after).not.toContain(before[1]!.id)
    expect(after).toEqual(
      reference((l) => l.location === 'Zurich' && l.id !== before[0]!.id && l.id !== before[1]!.id)
        .slice(0, 12)
        .map((l) => l.id),
    )
  })

  it('follows a pulled page of hundreds of listings by their keys, without re-reading the table', async () => {
    await feedCount(db, {})
    const page = Array.from({ length: 200 }, (_, i) => {
      const {
        sync_state: _s,
        cover_image_url: _c,
        seller_first_name: _f,
        seller_last_name: _l,
        ...record
      } = listing(5001 + i * 2, { status: 'active', size: 'XS' })
      return record
    })
    await applyListingBundle(db, { listings: page, images: [], sellers: [] })
    expect(await feedCount(db, { sizes: ['XS'] })).toBe(200)
    expect(feedProjection(db).fullReads).toBe(1)
  })

  it('starts over after the table is cleared (a change reported as a key range)', async () => {
    expect(await feedCount(db, { sizes: ['M'] })).toBeGreaterThan(0)
    await db.listings.clear()
    expect(await feedCount(db, { sizes: ['M'] })).toBe(0)
    await db.listings.bulkPut(rows.slice(0, 30))
    expect(await feedCount(db, { sizes: ['M'] })).toBe(
      reference((l) => l.size === 'M' && Number(l.title.slice(5)) < 30).length,
    )
  })

  it('a read made while a write is under way answers with its commit; a write rolled back leaves the feed as it was', async () => {
    const f = { sizes: ['S'] }
    const before = (await feedPage(db, f, 1)).map((l) => l.id)
    let reading: Promise<string[]> | null = null
    await db.transaction('rw', db.listings, async () => {
      await db.listings.put(listing(4001, { size: 'S', created_at: '2027-04-01T00:00:00.000Z' }))
      // Outside this transaction, as a screen's read would be: it waits for the commit.
      reading = Dexie.ignoreTransaction(() => feedPage(db, f, 1).then((rows) => rows.map((l) => l.id)))
      await db.listings.put(listing(4002, { size: 'S', created_at: '2027-04-02T00:00:00.000Z' }))
    })
    expect((await reading!).slice(0, 2)).toEqual([listing(4002).id, listing(4001).id])

    await expect(
      db.transaction('rw', db.listings, async () => {
        await db.listings.put(listing(4003, { size: 'S', created_at: '2027-04-03T00:00:00.000Z' }))
        await db.listings.delete(before[0]!)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const after = (await feedPage(db, f, 1)).map((l) => l.id)
    expect(after).not.toContain(listing(4003).id)
    expect(after).toContain(before[0])
  })

  it('follows a bulk write of any size straight to the table by its keys', async () => {
    await feedCount(db, {})
    await db.listings.bulkPut(
      Array.from({ length: 500 }, (_, i) => listing(6001 + i, { size: 'XXL', status: 'active' })),
    )
    expect(await feedCount(db, { sizes: ['XXL'] })).toBe(500)
    expect(feedProjection(db).fullReads).toBe(1)
  })

  it('sees writes made through another connection to the same database (another tab)', async () => {
    await feedPage(db, { sizes: ['S'] }, 1)
    const other = new KreisDatabase(db.name)
    try {
      await other.listings.put(listing(2001, { size: 'S', created_at: '2027-02-01T00:00:00.000Z' }))
      await new Promise((r) => setTimeout(r, 50)) // the other connection's change arrives as an event, not in this call
      expect((await feedPage(db, { sizes: ['S'] }, 1))[0]!.title).toBe('item 2001')
    } finally {
      other.close()
    }
  })

  it('re-runs a live query of the count when listings arrive (the first visit fills an empty mirror)', async () => {
    await db.listings.clear()
    const seen: number[] = []
    const sub = liveQuery(() => feedCount(db, { locations: ['Zurich'] })).subscribe((n) => seen.push(n))
    try {
      await until(() => seen.at(-1) === 0)
      await db.listings.bulkPut(rows)
      await until(() => seen.at(-1) === reference((l) => l.location === 'Zurich').length)
    } finally {
      sub.unsubscribe()
    }
  })

  it('re-runs a live query of a page when any listing changes', async () => {
    const seen: string[][] = []
    const sub = liveQuery(() => feedPage(db, { conditions: ['acceptable'] }, 1)).subscribe((page) =>
      seen.push(page.map((l) => l.id)),
    )
    try {
      await until(() => seen.length === 1)
      const fresh = listing(3001, { condition: 'acceptable', created_at: '2027-03-01T00:00:00.000Z' })
      await db.listings.put(fresh)
      await until(() => seen.at(-1)?.[0] === fresh.id)
    } finally {
      sub.unsubscribe()
    }
  })
})

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(cond()).toBe(true)
}
