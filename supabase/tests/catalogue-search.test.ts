/**
 * Catalogue search (migration 20261127090100): the search text every listing write and every seller rename keeps,
 * hidden from clients; search_listings' words, filters, orders, keyset and offset pages over active listings only;
 * the capped count; and the app's calls through the REST API, which the work caps never refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, createUser, insertListingRow, run, sqlState } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string
let other: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db, { firstName: 'Anna', lastName: 'Müller' })
  other = await createUser(db, { firstName: 'Luca', lastName: 'Rossi' })
})

afterAll(async () => {
  await ts?.stop()
})

const insertListing = (over: Record<string, unknown> = {}): Promise<string> =>
  insertListingRow(db, seller, { size: 'M', location: 'Zurich', ...over })

const searchText = async (id: string) =>
  (
    await run<{ search_text: string }>(
      db,
      null,
      'select search_text from private.listing_search where listing_id = $1',
      [id],
    )
  )[0]?.search_text

interface Args {
  p_terms?: string[]
  p_category?: string
  p_price_min?: number
  p_price_max?: number
  p_locations?: string[]
  p_sizes?: string[]
  p_conditions?: string[]
  p_sort?: string
  p_after_key?: string
  p_after_id?: string
  p_offset?: number
  p_limit?: number
}

async function search(args: Args): Promise<{ id: string; created_at: string; price: string }[]> {
  const names = Object.keys(args)
  const call = names.map((n, i) => `${n} => $${i + 1}`).join(', ')
  return run(
    db,
    ANON,
    `select id, created_at::text, price::text from public.search_listings(${call})`,
    Object.values(args),
  )
}

describe('search text', () => {
  it('is kept from the listing and its seller, folded, with umlauts spelled out', async () => {
    const id = await insertListing({
      title: 'Mantel aus Wolle',
      brand: 'Bogner',
      location: '1204 Genève',
      description: 'Très chaud',
    })
    const text = await searchText(id)
    for (const word of ['mantel', 'bogner', 'geneve', 'tres chaud', 'anna', 'muller', 'mueller', 'women'])
      expect(text).toContain(word)
    await run(db, null, `update public.listings set location = 'Zürich' where id = $1`, [id])
    expect(await searchText(id)).toContain('zurich')
    expect(await searchText(id)).not.toContain('geneve')
  })

  it("follows the seller's rename without touching the listing", async () => {
    const id = await insertListing({ user_id: other, title: 'Rename jacket' })
    const [before] = await run<{ updated_at: string }>(
      db,
      null,
      'select updated_at::text from public.listings where id = $1',
      [id],
    )
    await run(db, null, `update public.profiles set last_name = 'Weiß' where id = $1`, [other])
    expect(await searchText(id)).toContain('weiss')
    expect(await searchText(id)).not.toContain('rossi')
    const [after] = await run<{ updated_at: string }>(
      db,
      null,
      'select updated_at::text from public.listings where id = $1',
      [id],
    )
    expect(after).toEqual(before)
  })

  it('is neither readable nor writable by clients', async () => {
    expect(await sqlState(db, ANON, 'select * from private.listing_search')).toBe('42501')
    expect(await sqlState(db, asUser(seller), 'select * from private.listing_search')).toBe('42501')
    expect(await sqlState(db, asUser(seller), `update private.listing_search set search_text = 'x' where true`)).toBe(
      '42501',
    )
    // Without a WHERE, hosted's pg-safeupdate refuses it first, while parsing (docs/supabase-wire.md §3.4).
    expect(await sqlState(db, asUser(seller), `update private.listing_search set search_text = 'x'`)).toBe('21000')
  })
})

describe('search_listings', () => {
  let ids: Record<string, string>
  beforeAll(async () => {
    await run(db, null, 'delete from public.listings')
    const t = (min: number) => new Date(Date.UTC(2026, 10, 1, 12, min)).toISOString()
    ids = {
      geneva: await insertListing({
        title: 'Robe rouge',
        location: 'Genève',
        price: 40,
        created_at: t(1),
        size: '38 EU',
        condition: 'new_with_tags',
      }),
      zurich: await insertListing({
        title: 'Winter Mantel',
        location: '8001 Zürich',
        price: 120,
        created_at: t(2),
        category: 'men',
        size: 'L',
      }),
      sold: await insertListing({
        title: 'Robe bleue',
        location: 'Genève',
        price: 30,
        created_at: t(3),
        status: 'sold',
      }),
      tie1: await insertListing({ title: 'Robe verte', location: 'Lausanne', price: 40, created_at: t(4) }),
      tie2: await insertListing({ title: 'Robe noire', location: 'Genf', price: 40, created_at: t(4) }),
    }
  })

  it('finds words in any field, accent-insensitively, all words required, active listings only', async () => {
    // Every name of the city finds it, "Genf" too (migration 20261127121000_search_vocabulary).
    expect((await search({ p_terms: ['geneve'] })).map((r) => r.id).sort()).toEqual([ids.geneva, ids.tie2].sort())
    expect((await search({ p_terms: ['ginevra', 'rouge'] })).map((r) => r.id)).toEqual([ids.geneva])
    expect((await search({ p_terms: ['robe'] })).map((r) => r.id).sort()).toEqual(
      [ids.geneva, ids.tie1, ids.tie2].sort(),
    )
    expect((await search({ p_terms: ['robe', 'rouge'] })).map((r) => r.id)).toEqual([ids.geneva])
    expect((await search({ p_terms: ['mueller', 'mantel'] })).map((r) => r.id)).toEqual([ids.zurich])
    expect(await search({ p_terms: ['nowhere'] })).toEqual([])
  })

  it("treats LIKE's characters in a word as text", async () => {
    expect(await search({ p_terms: ['%'] })).toEqual([])
    expect(await search({ p_terms: ['_'] })).toEqual([])
  })

  it('applies every filter of the panel', async () => {
    const idsOf = async (a: Args) => (await search(a)).map((r) => r.id).sort()
    expect(await idsOf({ p_category: 'men' })).toEqual([ids.zurich])
    expect(await idsOf({ p_price_min: 41 })).toEqual([ids.zurich])
    expect(await idsOf({ p_price_max: 40 })).toEqual([ids.geneva, ids.tie1, ids.tie2].sort())
    expect(await idsOf({ p_locations: [' geneva ', ' geneve ', ' genf '] })).toEqual([ids.geneva, ids.tie2].sort())
    expect(await idsOf({ p_locations: [' zurich '] })).toEqual([ids.zurich])
    expect(await idsOf({ p_sizes: ['38'] })).toEqual([ids.geneva])
    expect(await idsOf({ p_conditions: ['new_with_tags'] })).toEqual([ids.geneva])
  })

  it('orders with the id as tie-break and pages on by keyset, in every order', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      const all = (await search({ p_sort: sort, p_limit: 100 })).map((r) => r.id)
      expect(all).toHaveLength(4)
      const walked: string[] = []
      let after: { key: string; id: string } | null = null
      for (;;) {
        const page: { id: string; created_at: string; price: string }[] = await search({
          p_sort: sort,
          p_limit: 1,
          ...(after ? { p_after_key: after.key, p_after_id: after.id } : {}),
        })
        if (page.length === 0) break
        const last = page[page.length - 1]!
        walked.push(last.id)
        after = { key: sort === 'newest' ? last.created_at : last.price, id: last.id }
      }
      expect(walked).toEqual(all)
    }
    const newest = (await search({ p_limit: 100 })).map((r) => r.id)
    // Equal times: the greater id first (as the device orders).
    expect(newest.slice(0, 2)).toEqual([ids.tie1!, ids.tie2!].sort().reverse())
  })

  it('skips at most 1,000 rows by offset; further pages go by cursor', async () => {
    expect((await search({ p_offset: 1, p_limit: 1 })).length).toBe(1)
    expect(await sqlState(db, ANON, 'select * from public.search_listings(p_offset => 1001)')).toBe('22023')
    expect(await sqlState(db, ANON, `select * from public.search_listings(p_sort => 'random')`)).toBe('22023')
    expect(await sqlState(db, ANON, 'select * from public.search_listings(p_limit => 101)')).toBe('22023')
  })

  it('refuses questions larger than the panel could ask', async () => {
    const refused = async (args: string, params: unknown[]) =>
      sqlState(db, ANON, `select * from public.search_listings(${args})`, params)
    expect(await refused('p_terms => $1', [Array.from({ length: 11 }, (_, i) => `w${i}`)])).toBe('22023')
    expect(await refused('p_terms => $1', [['x'.repeat(101)]])).toBe('22023')
    expect(await refused('p_locations => $1', [Array.from({ length: 101 }, () => ' bern ')])).toBe('22023')
    expect(await refused('p_sizes => $1', [Array.from({ length: 51 }, () => 'm')])).toBe('22023')
    expect(
      await sqlState(db, ANON, 'select public.search_listings_count(p_terms => $1)', [
        Array.from({ length: 11 }, (_, i) => `w${i}`),
      ]),
    ).toBe('22023')
    expect(await refused('p_terms => $1', [Array.from({ length: 10 }, () => 'x'.repeat(100))])).toBe('ok')
  })

  it('counts up to the cap', async () => {
    const rows = await run<{ n: number }>(db, ANON, `select public.search_listings_count(p_terms => '{robe}') as n`)
    expect(rows).toEqual([{ n: 3 }])
  })
})

describe('through the REST API', () => {
  it('answers the rpc with the embedded bundle, as a visitor', async () => {
    const { data, error } = await ts
      .anon()
      .rpc('search_listings', { p_terms: ['geneve', 'rouge'], p_limit: 12 })
      .select('*, listing_images(*), profiles(id, first_name, last_name)')
    expect(error).toBeNull()
    expect((data as { location: string }[]).map((r) => r.location)).toEqual(['Genève'])
    expect((data as { profiles: { last_name: string } }[])[0]!.profiles.last_name).toBe('Müller')
  })
})

describe('analyze_catalogue', () => {
  it('gives the planner statistics, for the service role only', async () => {
    expect(await sqlState(db, ANON, 'select public.analyze_catalogue()')).toBe('42501')
    expect(await sqlState(db, asUser(seller), 'select public.analyze_catalogue()')).toBe('42501')
    await run(db, { role: 'service_role' }, 'select public.analyze_catalogue()')
    const rows = await run<{ n: number }>(
      db,
      null,
      `select count(*)::int as n from pg_stats where schemaname = 'private' and tablename = 'listing_search'`,
    )
    expect(rows[0]!.n).toBeGreaterThan(0)
  })
})
