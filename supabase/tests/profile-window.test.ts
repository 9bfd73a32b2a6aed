/**
 * The profiles of the device's window (migration 20261127120500_profile_window): window_profiles pages the public
 * columns of the window's sellers, the caller's conversation counterparts and the caller, from a transaction
 * position on, through the REST API with supabase-js as the app calls it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack, type TestUser } from '../local/testing/test-stack.ts'
import { createListing, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database
/** Has active listings (the window's seller). */
let seller: TestUser
/** Has only a sold listing, which a visitor may not read. */
let soldOnly: TestUser
let soldListing: string
/** Has no listing; buys from `seller`. */
let buyer: TestUser
/** Has no listing and no conversation. */
let nobody: TestUser
let visitor: SupabaseClient

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await ts.newUser({ firstName: 'Sela' })
  soldOnly = await ts.newUser({ firstName: 'Solveig' })
  buyer = await ts.newUser({ firstName: 'Bruno' })
  nobody = await ts.newUser({ firstName: 'Nora' })
  visitor = ts.anon()
  const listing = await createListing(db, seller.id, { title: 'Coat' })
  await createListing(db, seller.id, { title: 'Scarf' })
  soldListing = await createListing(db, soldOnly.id, { title: 'Sold boots', status: 'sold' })
  await run(db, null, `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3)`, [
    listing,
    buyer.id,
    seller.id,
  ])
})
afterAll(() => ts?.stop())

type Row = { id: string; first_name: string | null; sync_xid: number }

async function windowProfiles(
  client: SupabaseClient,
  args: { p_window: number; p_extra?: string[]; p_after_xid?: number; p_after_id?: string; p_limit?: number },
): Promise<Row[]> {
  const { data, error } = await client.rpc('window_profiles', args)
  expect(error).toBeNull()
  return data as Row[]
}

const ids = (rows: Row[]) => new Set(rows.map((r) => r.id))

// The stack holds the seed's catalogue too: its sellers are in every window, so each test names the accounts it made.
describe('window_profiles', () => {
  it('gives a visitor the window’s sellers only: not an account without listings, nor the seller of a listing it may not read', async () => {
    const got = ids(await windowProfiles(visitor, { p_window: 1000, p_extra: [soldListing] }))
    expect(got.has(seller.id)).toBe(true)
    for (const other of [soldOnly, buyer, nobody]) expect(got.has(other.id)).toBe(false)
  })

  it('adds the caller and their conversation counterparts', async () => {
    const asBuyer = ids(await windowProfiles(buyer.client, { p_window: 1000 }))
    expect([asBuyer.has(seller.id), asBuyer.has(buyer.id), asBuyer.has(nobody.id), asBuyer.has(soldOnly.id)]).toEqual([
      true,
      true,
      false,
      false,
    ])
    const asSeller = ids(await windowProfiles(seller.client, { p_window: 1000 }))
    expect([asSeller.has(buyer.id), asSeller.has(nobody.id)]).toEqual([true, false])
    const asNobody = ids(await windowProfiles(nobody.client, { p_window: 1000 }))
    expect([asNobody.has(nobody.id), asNobody.has(buyer.id)]).toEqual([true, false])
    // The seller of a sold listing reads it (own), so is in their own window.
    expect(ids(await windowProfiles(soldOnly.client, { p_window: 1000 })).has(soldOnly.id)).toBe(true)
  })

  it('answers the public columns only, with the row’s place in the pull', async () => {
    const row = (await windowProfiles(visitor, { p_window: 1000 })).find((r) => r.id === seller.id)
    expect(Object.keys(row!).sort()).toEqual([
      'created_at',
      'first_name',
      'id',
      'last_name',
      'location',
      'profile_picture_url',
      'sync_xid',
      'updated_at',
    ])
    expect(row!.first_name).toBe('Sela')
  })

  it('pages in (sync_xid, id) order from a position', async () => {
    const all = await windowProfiles(seller.client, { p_window: 1000 })
    expect(all.length).toBeGreaterThan(2)
    const first = await windowProfiles(seller.client, { p_window: 1000, p_limit: 2 })
    expect(first.map((r) => r.id)).toEqual(all.slice(0, 2).map((r) => r.id))
    const rest = await windowProfiles(seller.client, {
      p_window: 1000,
      p_after_xid: first[1]!.sync_xid,
      p_after_id: first[1]!.id,
    })
    expect(rest.map((r) => r.id)).toEqual(all.slice(2).map((r) => r.id))
  })
})
