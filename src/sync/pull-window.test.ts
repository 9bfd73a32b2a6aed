// @vitest-environment node
// The window pull (pull.ts) against the memory server: what a device learns about the listings it holds when they
// leave or re-enter its window.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { ListingWrite } from '@/db/rows'
import { KEPT_FETCHED_KEY, pullAll } from './pull'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { setFavorite } from './testing/memory-screen-ops'
import { createRng } from './testing/prng'
import { listingWrite, testId } from './testing/listing-write'

const SELLER = '00000000-0000-4000-8000-00000000000a'
const BUYER = '00000000-0000-4000-8000-00000000000b'

let db: KreisDatabase
let server: MemoryServer
beforeEach(() => {
  db = new KreisDatabase(`pull-window-${Math.random()}`)
  server = new MemoryServer()
  server.addUser(SELLER, 'Sam', 'Seller')
  server.addUser(BUYER, 'Bea', 'Buyer')
})
afterEach(async () => {
  db.close()
  await db.delete()
})

let n = 0
const listing = (title: string, over: Partial<ListingWrite> = {}): ListingWrite =>
  listingWrite(SELLER, testId(++n), { title, ...over })
const pull = (reconcile = false) =>
  pullAll({ db, transport: new MemoryTransport(server, BUYER, createRng(1)), windowSize: 3 }, { reconcile })

describe('the window pull', () => {
  it('holds the newest listings of a larger catalogue and evicts what new ones push out', async () => {
    const all = Array.from({ length: 6 }, (_, i) => listing(`Coat ${i}`))
    for (const l of all) server.upsertListings(SELLER, [l])
    expect(await pull()).toBeNull()
    expect((await db.listings.toCollection().primaryKeys()).sort()).toEqual(
      all
        .slice(-3)
        .map((l) => l.id)
        .sort(),
    )
    const newer = listing('Newest coat')
    server.upsertListings(SELLER, [newer])
    expect(await pull()).toBeNull()
    expect((await db.listings.toCollection().primaryKeys()).sort()).toEqual(
      [...all.slice(-2), newer].map((l) => l.id).sort(),
    )
  })

  it('a held listing that sold where the user could not read it, then favourited, arrives sold (not the old version)', async () => {
    const coat = listing('Coat')
    server.upsertListings(SELLER, [coat])
    expect(await pull()).toBeNull()
    server.upsertListings(SELLER, [{ ...coat, status: 'sold', edited_at: '2025-12-02T00:00:00.000Z' }])
    expect(await pull()).toBeNull() // the buyer may not read it now: the pull passes its change by
    expect((await db.listings.get(coat.id))?.status).toBe('active')
    expect(setFavorite(server, BUYER, BUYER, coat.id, true, server.now()).ok).toBe(true)
    expect(await pull()).toBeNull()
    expect((await db.listings.get(coat.id))?.status).toBe('sold')
  })

  it('what another account fetched does not count for this one', async () => {
    const coat = listing('Coat')
    server.upsertListings(SELLER, [coat])
    expect(await pull()).toBeNull()
    server.upsertListings(SELLER, [{ ...coat, status: 'sold', edited_at: '2025-12-02T00:00:00.000Z' }])
    expect(await pull()).toBeNull()
    await db.meta.put({ key: KEPT_FETCHED_KEY, value: { owner: 'another-account', ids: [coat.id] } })
    expect(setFavorite(server, BUYER, BUYER, coat.id, true, server.now()).ok).toBe(true)
    expect(await pull()).toBeNull()
    expect((await db.listings.get(coat.id))?.status).toBe('sold')
  })
})
