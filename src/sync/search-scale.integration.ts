// @vitest-environment node
// The app's own reads at catalogue size: over 10,000 generated listings (npm run seed:scale's generator) on the real
// local stack, every search, filter, order, count, numbered page, deep keyset page and pull page the app sends
// through its transport is answered, none refused by the stack's work caps (5,000 visited rows per statement).
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedFilters } from '@/domain/feed-filters'
import type { FeedSort } from '@/domain/feed-query'
import { pageRequest, SEARCH_COUNT_CAP, SEARCH_OFFSET_MAX, serverSearchOf } from '@/domain/search-query'
import { seedScale } from '../../supabase/seed/scale'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

const LISTINGS = 10_000
let stack: StackHandle & {
  serviceRoleKey: string
  stack: {
    ctx: {
      db: {
        asSuperuser<T>(
          fn: (tx: { query<R>(sql: string, p?: unknown[]): Promise<{ rows: R[] }> }) => Promise<T>,
        ): Promise<T>
      }
    }
  }
}
let device: StackDevice

beforeAll(async () => {
  stack = (await startStack()) as typeof stack
  await seedScale({ url: stack.url, serviceKey: stack.serviceRoleKey, count: LISTINGS })
  device = await stackDevice(stack, await stack.newUser({ firstName: 'Noah', lastName: 'Keller' }))
}, 600_000)

afterAll(async () => {
  await device?.close()
  await stack?.stop()
})

const MIX: [string, FeedFilters][] = [
  ['everything', {}],
  ['a common word', { query: 'mantel' }],
  ['a city with its accent left out', { query: 'geneve' }],
  ['a city as typed', { query: 'Zürich' }],
  ["a seller's name", { query: 'müller' }],
  ['two words', { query: 'robe rouge' }],
  ['a two-letter word (no trigram)', { query: 'on' }],
  ['a word nobody wrote', { query: 'zzzqx' }],
  ['a category', { category: 'men' }],
  ['a price range', { priceMin: 20, priceMax: 60 }],
  ['a city filter', { locations: ['Geneva'] }],
  ['a size and a condition', { sizes: ['M'], conditions: ['very_good'] }],
  [
    'everything at once',
    {
      query: 'veste',
      category: 'women',
      priceMin: 10,
      priceMax: 300,
      locations: ['Lausanne', 'Geneva'],
      sizes: ['38'],
    },
  ],
]
const SORTS: FeedSort[] = ['newest', 'price_asc', 'price_desc']

async function deepCursor(sort: FeedSort, row: number): Promise<{ key: string; id: string }> {
  const order =
    sort === 'newest' ? 'created_at desc, id desc' : sort === 'price_asc' ? 'price, id' : 'price desc, id desc'
  const key = sort === 'newest' ? 'created_at::text' : 'price::text'
  const rows = await stack.stack.ctx.db.asSuperuser((tx) =>
    tx.query<{ key: string; id: string }>(
      `select ${key} as key, id from public.listings where status = 'active' order by ${order} offset $1 limit 1`,
      [row],
    ),
  )
  return rows.rows[0]!
}

describe(`the app's query mix over ${LISTINGS.toLocaleString('en')} listings`, () => {
  it.each(MIX.flatMap(([name, f]) => SORTS.map((sort) => [name, f, sort] as const)))(
    '%s (%j), %s: page 1, the last numbered page, the count',
    async (_n, filters, sort) => {
      const filter = serverSearchOf(filters)
      for (const page of [1, Math.floor(SEARCH_OFFSET_MAX / 12) + 1]) {
        const r = await device.transport.searchListings(pageRequest(filter, sort, page, null)!)
        expect(r.ok ? 'ok' : r.message).toBe('ok')
      }
      const count = await device.transport.countListings(filter)
      expect(count.ok ? count.value : count.message).toBeLessThanOrEqual(SEARCH_COUNT_CAP + 1)
    },
  )

  it.each(SORTS)('page 500 by its cursor, %s', async (sort) => {
    const after = await deepCursor(sort, 499 * 12 - 1)
    const r = await device.transport.searchListings(pageRequest(serverSearchOf({}), sort, 500, after)!)
    if (!r.ok) throw new Error(r.message)
    expect(r.value.listings).toHaveLength(12)
    expect(r.value.images).toHaveLength(12)
  })

  it('the pull pages (by time and by transaction)', async () => {
    const byTime = await device.transport.pullListings(null, 1000)
    expect(byTime.ok ? byTime.value.listings.length : byTime.message).toBe(1000)
    const horizon = await device.transport.pullHorizon()
    if (!horizon.ok) throw new Error(horizon.message)
    const byXid = await device.transport.pullListingsSince({ since: null, after: null }, 1000)
    expect(byXid.ok ? 'ok' : byXid.message).toBe('ok')
  })
})
