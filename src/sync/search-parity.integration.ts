// @vitest-environment node
// The device and the server answer a shop search the same: over one dataset on the real local stack, every query of a
// mix (words with accents, umlauts spelled out, seller names, every filter, every order, ties) gives the same ids in
// the same order, page by page, from search_listings (keyset pages) and from the device's mirror (feed.ts); and the
// server's pages stored by askServerPage chain by their cursors.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyListingBundle } from '@/db/repositories/mirror'
import { feedCount, feedPage } from '@/db/repositories/feed'
import { serverPage } from '@/db/repositories/server-pages'
import type { FeedFilters } from '@/domain/feed-filters'
import type { FeedSort } from '@/domain/feed-query'
import { cursorAfter, pageRequest, searchPageKey, serverSearchOf, type SearchCursor } from '@/domain/search-query'
import { askServerPage } from './server-search'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

let stack: StackHandle
let device: StackDevice

const TITLES = [
  'Wool coat',
  'Robe d’été',
  'Mantel aus Loden',
  'Giacca di lino',
  'Silk scarf',
  'Lederjacke',
  'Jupe plissée',
  'Straßen Sneaker',
]
// Free text as sellers typed it, and places stored as codes (docs/decisions.md#D-place-codes).
const LOCATIONS = [
  'Genève',
  '1204 Genève',
  'Zürich',
  '8001 Zürich',
  'Genf',
  'Lausanne',
  'Bern',
  'St. Gallen',
  null,
  'CH-GE-geneve',
  'CH-GR',
  'CH-ZH',
  'CH-SG-st-gallen',
  'CH-VD-lausanne',
  'CH-XX',
]
const BRANDS = ['Hermès', 'COS', 'Akris', null, 'Bally']
const SIZES = ['M', '38 EU', 'L', 'XS', null]
const CONDITIONS = ['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable']
const CATEGORIES = ['women', 'men', 'children', 'shoes', 'accessories']
const PRODUCT_TYPES = ['jacket', null, 'coat', 'scarf', 'sneakers', 'dress', null]
const DESCRIPTIONS = [
  'Très bon état, porté deux fois.',
  'Kaum getragen, wie neu.',
  'Ottime condizioni.',
  'Barely worn, no flaws.',
]

beforeAll(async () => {
  stack = await startStack()
  const anna = await stack.newUser({ firstName: 'Anna', lastName: 'Müller' })
  const luca = await stack.newUser({ firstName: 'Luca', lastName: 'Rossi' })
  device = await stackDevice(stack, await stack.newUser({ firstName: 'Noah', lastName: 'Keller' }))
  const base = Date.UTC(2026, 10, 1)
  const rows = Array.from({ length: 90 }, (_, i) => ({
    user_id: i % 3 === 0 ? luca.id : anna.id,
    title: `${TITLES[i % TITLES.length]} ${i}`,
    description: DESCRIPTIONS[i % DESCRIPTIONS.length],
    // Ties in price and in time, so the id decides.
    price: 10 + (i % 7) * 15,
    condition: CONDITIONS[i % CONDITIONS.length],
    category: CATEGORIES[i % CATEGORIES.length],
    brand: BRANDS[i % BRANDS.length],
    size: SIZES[i % SIZES.length],
    location: LOCATIONS[i % LOCATIONS.length],
    product_type: PRODUCT_TYPES[i % PRODUCT_TYPES.length],
    status: i % 11 === 0 ? 'sold' : 'active',
    created_at: new Date(base + Math.floor(i / 3) * 60_000).toISOString(),
  }))
  // The stack's service client (the harness's), to write listings of several sellers at once.
  type Insert = { from(t: string): { insert(r: unknown[]): PromiseLike<{ error: { message: string } | null }> } }
  const service = (stack as unknown as { service(): Insert }).service()
  const { error } = await service.from('listings').insert(rows)
  if (error) throw new Error(error.message)
  const all = await device.transport.pullListings(null, 1000)
  if (!all.ok) throw new Error(all.message)
  await applyListingBundle(device.db, all.value)
}, 120_000)

afterAll(async () => {
  await device?.close()
  await stack?.stop()
})

async function serverIds(filters: FeedFilters, sort: FeedSort): Promise<string[]> {
  const ids: string[] = []
  let after: SearchCursor | null = null
  for (let page = 1; page < 50; page++) {
    const request = pageRequest(serverSearchOf(filters), sort, page, after)!
    const r = await device.transport.searchListings(request)
    if (!r.ok) throw new Error(r.message)
    ids.push(...r.value.listings.map((l) => l.id))
    const last = r.value.listings.at(-1)
    if (!last || r.value.listings.length < request.limit) break
    after = cursorAfter(last, sort)
  }
  return ids
}

async function deviceIds(filters: FeedFilters, sort: FeedSort): Promise<string[]> {
  const ids: string[] = []
  for (let page = 1; page < 50; page++) {
    const rows = await feedPage(device.db, filters, page, sort)
    ids.push(...rows.map((l) => l.id))
    if (rows.length < 12) break
  }
  return ids
}

const QUERIES: [string, FeedFilters][] = [
  ['everything', {}],
  ['a city with its accent left out', { query: 'geneve' }],
  ['a city as typed', { query: 'Zürich' }],
  ["a seller's name", { query: 'müller' }],
  ["a seller's name, umlaut spelled out, with a title word", { query: 'mueller mantel' }],
  ['a brand with its accent left out', { query: 'hermes' }],
  ['a word of the description', { query: 'tres' }],
  ['ß as ss', { query: 'strassen' }],
  ['the shown name of a category', { query: 'kids' }],
  // The vocabulary in the four languages (migration 20261127121000_search_vocabulary).
  ['a city in another language', { query: 'ginevra' }],
  ['a city in another language, umlaut spelled out', { query: 'zurigo' }],
  ['a product type in German', { query: 'jacke' }],
  ['a product type in French with a category in Italian', { query: 'veste donna' }],
  ['a product type in Italian', { query: 'giacca' }],
  ['a category in German', { query: 'herren' }],
  ['a city filter in every spelling', { locations: ['Geneva'] }],
  // Places stored as codes (migration 20261127170000_place_codes), found by their names in any language.
  ['a coded town in German', { query: 'Genf' }],
  ['a coded canton in German', { query: 'Graubünden' }],
  ['a coded canton, umlaut spelled out', { query: 'graubuenden' }],
  ['a coded canton in French', { query: 'Grisons' }],
  ['a coded canton in Italian', { query: 'Grigioni' }],
  ['a coded town in Italian', { query: 'losanna' }],
  ['a city filter over coded and typed locations', { locations: ['St. Gallen', 'Lausanne'] }],
  ['a size word', { sizes: ['38'] }],
  ['a price range', { priceMin: 20, priceMax: 60 }],
  ['category, condition and a word', { category: 'women', conditions: ['very_good', 'new_with_tags'], query: 'e' }],
  ['nothing matches', { query: 'zzzz' }],
]

describe('device and server give the same ids in the same order', () => {
  it.each(
    QUERIES.flatMap(([name, f]) =>
      (['newest', 'price_asc', 'price_desc'] as const).map((sort) => [name, f, sort] as const),
    ),
  )('%s (%j), %s', async (_name, filters, sort) => {
    const server = await serverIds(filters, sort)
    expect(await deviceIds(filters, sort)).toEqual(server)
    if (!filters.query?.startsWith('zzzz')) expect(server.length).toBeGreaterThan(0)
  })

  it('counts the same', async () => {
    for (const [, filters] of QUERIES) {
      const r = await device.transport.countListings(serverSearchOf(filters))
      if (!r.ok) throw new Error(r.message)
      expect(r.value).toBe(await feedCount(device.db, filters))
    }
  })
})

describe('askServerPage', () => {
  it('stores each page with its count and the cursor the next page starts from', async () => {
    const filters = { query: 'e' }
    const expected = await serverIds(filters, 'price_desc')
    expect(expected.length).toBeGreaterThan(24)
    const pages: string[] = []
    for (const page of [1, 2, 3]) {
      expect(await askServerPage({ db: device.db, transport: device.transport }, filters, 'price_desc', page)).toBe(
        'stored',
      )
      const stored = await serverPage(device.db, searchPageKey(filters, 'price_desc', page))
      expect(stored?.total).toBe(expected.length)
      pages.push(...stored!.ids)
    }
    expect(pages).toEqual(expected.slice(0, 36))
  })
})
