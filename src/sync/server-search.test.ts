// @vitest-environment node
// One page of a shop search asked of the (memory) server and kept in the mirror (server-search.ts): what is stored,
// how the page after is reached, and what a failed or unreachable answer leaves behind.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { serverPage } from '@/db/repositories/server-pages'
import type { ListingWrite } from '@/db/rows'
import { PAGE_SIZE } from '@/domain/constants'
import type { FeedFilters } from '@/domain/feed-filters'
import type { FeedSort } from '@/domain/feed-query'
import { SEARCH_OFFSET_MAX, searchPageKey } from '@/domain/search-query'
import { askServerPage } from './server-search'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { listingWrite, testId } from './testing/listing-write'
import { createRng } from './testing/prng'
import { ScriptedTransport } from './testing/scripted-transport'

const SELLER = '00000000-0000-4000-8000-00000000000a'
const SHOPPER = '00000000-0000-4000-8000-00000000000b'
const COATS: FeedFilters = { query: 'coat' }

let db: KreisDatabase
let server: MemoryServer
let scripted: ScriptedTransport
beforeEach(() => {
  db = new KreisDatabase(`server-search-${Math.random()}`)
  server = new MemoryServer()
  server.addUser(SELLER, 'Sam', 'Seller')
  server.addUser(SHOPPER, 'Bea', 'Buyer')
  scripted = new ScriptedTransport(new MemoryTransport(server, SHOPPER, createRng(1)))
})
afterEach(async () => {
  db.close()
  await db.delete()
})

let n = 0
/** Lists `count` listings titled `<title> <i>`, in order (each newer than the one before), and returns their ids. */
function list(count: number, title: string, over: Partial<ListingWrite> = {}): string[] {
  return Array.from({ length: count }, (_, i) => {
    const id = testId(++n)
    server.upsertListings(SELLER, [listingWrite(SELLER, id, { title: `${title} ${i}`, price: 10 + i, ...over })])
    return id
  })
}

const ask = (page: number, filters: FeedFilters = COATS, sort: FeedSort = 'newest', now: () => number = () => 5_000) =>
  askServerPage({ db, transport: scripted.transport, now }, filters, sort, page)
const stored = (page: number, filters: FeedFilters = COATS, sort: FeedSort = 'newest') =>
  serverPage(db, searchPageKey(filters, sort, page))

describe('askServerPage', () => {
  it('stores a full first page: its ids in the server’s order, the match count, where it ends, and when', async () => {
    const coats = list(PAGE_SIZE + 2, 'Wool coat')
    list(3, 'Linen shirt')
    expect(await ask(1)).toBe('stored')
    const page = await stored(1)
    const newestFirst = [...coats].reverse()
    expect(page).toMatchObject({ ids: newestFirst.slice(0, PAGE_SIZE), total: PAGE_SIZE + 2, fetched_at: 5_000 })
    const last = await db.listings.get(newestFirst[PAGE_SIZE - 1]!)
    expect(page?.next).toEqual({ key: last?.created_at, id: last?.id })
    // The rows themselves are in the mirror, with their seller: the screen reads them from there.
    expect((await db.listings.bulkGet(page!.ids)).every((l) => l?.title.startsWith('Wool coat'))).toBe(true)
    expect(await db.profiles.get(SELLER)).toMatchObject({ first_name: 'Sam' })
    // Only the search's matches were stored, not the shirts.
    expect(await db.listings.count()).toBe(PAGE_SIZE)
  })

  it('keys the cursor by price when the order is by price', async () => {
    list(PAGE_SIZE + 1, 'Wool coat')
    expect(await ask(1, COATS, 'price_asc')).toBe('stored')
    const page = await stored(1, COATS, 'price_asc')
    const last = await db.listings.get(page!.ids[PAGE_SIZE - 1]!)
    expect(page?.next).toEqual({ key: String(last?.price), id: last?.id })
  })

  it.each([
    ['a last page shorter than a page', PAGE_SIZE + 3, 2, 3],
    ['a last page exactly one page long ends too', PAGE_SIZE, 1, PAGE_SIZE],
    ['no match', 0, 1, 0],
  ])('has no page after %s', async (_, count, pageNo, onPage) => {
    list(count, 'Wool coat')
    if (pageNo > 1) expect(await ask(pageNo - 1)).toBe('stored')
    expect(await ask(pageNo)).toBe('stored')
    const page = await stored(pageNo)
    expect(page?.ids).toHaveLength(onPage)
    expect(page?.total).toBe(count)
    // A full last page cannot know it is the last: it offers a next page, which then comes back empty.
    if (onPage === PAGE_SIZE) expect(page?.next).not.toBeNull()
    else expect(page?.next).toBeNull()
  })

  it('goes on from where the page before ended, even when newer listings arrived since', async () => {
    const coats = list(PAGE_SIZE * 2, 'Wool coat')
    expect(await ask(1)).toBe('stored')
    // Three newer coats: a skip of one page would now show three of page 1's coats again.
    list(3, 'Wool coat new')
    expect(await ask(2)).toBe('stored')
    const newestFirst = [...coats].reverse()
    expect((await stored(2))?.ids).toEqual(newestFirst.slice(PAGE_SIZE, PAGE_SIZE * 2))
  })

  it('skips to a page whose page before it never saw, while the skip stays within the server’s limit', async () => {
    const coats = list(PAGE_SIZE * 2 + 1, 'Wool coat')
    expect(await ask(3)).toBe('stored')
    expect((await stored(3))?.ids).toEqual([coats[0]])
  })

  it('answers unreachable for a deep page with no page before it, without asking the server', async () => {
    const deep = Math.floor(SEARCH_OFFSET_MAX / PAGE_SIZE) + 2
    expect(await ask(deep)).toBe('unreachable')
    expect(scripted.calls).toEqual([])
    expect(await stored(deep)).toBeUndefined()
  })

  it('stores nothing when the rows cannot be had', async () => {
    list(3, 'Wool coat')
    scripted.failNext('searchListings', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect(await ask(1)).toBe('failed')
    expect(await stored(1)).toBeUndefined()
    expect(await db.listings.count()).toBe(0)
  })

  it('stores the rows without a count when only the count failed', async () => {
    const coats = list(3, 'Wool coat')
    scripted.failNext('countListings', { ok: false, reason: 'server', message: 'busy' })
    expect(await ask(1)).toBe('stored')
    expect(await stored(1)).toMatchObject({ ids: [...coats].reverse(), total: null, next: null })
  })

  it('asks the server the shop’s filters, and stamps the answer with the device’s clock by default', async () => {
    list(2, 'Wool coat', { category: 'men', location: 'Genève' })
    const kept = list(1, 'Wool coat', { category: 'women', location: 'Genève' })
    list(1, 'Wool coat', { category: 'women', location: 'Bern' })
    const filters: FeedFilters = { query: 'coat', category: 'women', locations: ['Geneva'] }
    const before = Date.now()
    expect(await askServerPage({ db, transport: scripted.transport }, filters, 'newest', 1)).toBe('stored')
    const page = await stored(1, filters)
    expect(page).toMatchObject({ ids: kept, total: 1 })
    expect(page!.fetched_at).toBeGreaterThanOrEqual(before)
    expect(page!.fetched_at).toBeLessThanOrEqual(Date.now())
  })
})
