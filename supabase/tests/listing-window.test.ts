/**
 * The device's window (migration 20261127100000_listing_window): window_listings pages the window's rows from a
 * transaction position on, window_listing_ids names its ids; both through the REST API with supabase-js, as the app
 * calls them, so the embeds, the argument types and the grants are those the app meets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack, type TestUser } from '../local/testing/test-stack.ts'
import { createListing, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: TestUser
let fan: TestUser
let visitor: SupabaseClient
/** Oldest first: listings[0] is the oldest. */
const listings: string[] = []
let sold: string
let soldFavourited: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await ts.newUser()
  fan = await ts.newUser()
  visitor = ts.anon()
  for (let i = 0; i < 8; i++) {
    const id = await createListing(db, seller.id, { title: `Coat ${i}` })
    await run(db, null, `update public.listings set created_at = now() - make_interval(mins => $2) where id = $1`, [
      id,
      100 - i,
    ])
    listings.push(id)
  }
  sold = await createListing(db, seller.id, { title: 'Sold boots', status: 'sold' })
  soldFavourited = await createListing(db, seller.id, { title: 'Sold scarf', status: 'sold' })
  await run(db, null, `insert into public.favorites (user_id, listing_id) values ($1, $2), ($1, $3)`, [
    fan.id,
    soldFavourited,
    listings[0],
  ])
})
afterAll(() => ts?.stop())

type Args = {
  p_window: number
  p_extra?: string[]
  p_since?: number | null
  p_after_xid?: number | null
  p_after_id?: string | null
  p_limit?: number
}

async function windowRows(
  client: SupabaseClient,
  args: Args,
): Promise<{ id: string; sync_xid: number; listing_images: unknown[]; profiles: unknown }[]> {
  const { data, error } = await client
    .rpc('window_listings', args)
    .select('*, listing_images(*), profiles(id, first_name)')
  expect(error).toBeNull()
  return data as never
}

async function windowIds(client: SupabaseClient, window: number, extra: string[] = []): Promise<string[]> {
  const { data, error } = await client.rpc('window_listing_ids', { p_window: window, p_extra: extra })
  expect(error).toBeNull()
  return (data as { id: string }[]).map((r) => r.id)
}

const sorted = (xs: string[]) => [...xs].sort()

describe('window_listing_ids', () => {
  it('names the newest active listings up to the window, and the ids the device adds that the caller may see', async () => {
    expect(sorted(await windowIds(visitor, 3))).toEqual(sorted(listings.slice(-3)))
    expect(sorted(await windowIds(visitor, 3, [listings[0]!, sold]))).toEqual(
      sorted([...listings.slice(-3), listings[0]!]),
    )
  })

  it("adds the caller's own listings of every status, and those they favourited, sold ones included", async () => {
    expect(sorted(await windowIds(seller.client, 2))).toEqual(sorted([...listings, sold, soldFavourited]))
    expect(sorted(await windowIds(fan.client, 2))).toEqual(
      sorted([...listings.slice(-2), listings[0]!, soldFavourited]),
    )
  })

  it('pages in id order', async () => {
    const all = await windowIds(seller.client, 2)
    const { data } = await seller.client.rpc('window_listing_ids', { p_window: 2, p_after: all[4], p_limit: 3 })
    expect((data as { id: string }[]).map((r) => r.id)).toEqual(all.slice(5, 8))
  })
})

describe('window_listings', () => {
  it('pages the window in (sync_xid, id) order with images and seller embedded', async () => {
    const rows = await windowRows(fan.client, { p_window: 3, p_limit: 2 })
    expect(rows).toHaveLength(2)
    expect(rows[0]!.profiles).toMatchObject({ id: seller.id })
    const rest = await windowRows(fan.client, { p_window: 3, p_after_xid: rows[1]!.sync_xid, p_after_id: rows[1]!.id })
    const ids = [...rows, ...rest].map((r) => r.id)
    expect(sorted(ids)).toEqual(sorted([...listings.slice(-3), listings[0]!, soldFavourited]))
    const keys = [...rows, ...rest].map((r) => [Number(r.sync_xid), r.id] as const)
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)))
  })

  it('reads only rows changed from the position on', async () => {
    const before = await windowRows(visitor, { p_window: 8 })
    const since = Math.max(...before.map((r) => Number(r.sync_xid))) + 1
    expect(await windowRows(visitor, { p_window: 8, p_since: since })).toEqual([])
    await run(db, null, `update public.listings set title = 'Coat 5, relined' where id = $1`, [listings[5]])
    expect((await windowRows(visitor, { p_window: 8, p_since: since })).map((r) => r.id)).toEqual([listings[5]])
  })

  it('never shows a sold listing to someone who neither owns, favourites nor talks about it, even when named', async () => {
    expect(
      await windowRows(visitor, { p_window: 100, p_extra: [sold, soldFavourited] }).then((r) => r.map((x) => x.id)),
    ).not.toContain(sold)
    expect(
      await windowRows(fan.client, { p_window: 100, p_extra: [sold] }).then((r) => r.map((x) => x.id)),
    ).not.toContain(sold)
  })
})
