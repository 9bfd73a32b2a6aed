// @vitest-environment node
// The app's one engine and one transport (app-sync.ts): the transport module is the seam replaced here, by the
// memory server's transport, so a screen's request for a listing or a search page runs end to end into Dexie.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { followFirstScreen } from '@/remote/first-screen'
import type { Transport } from './protocol'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { listingWrite } from './testing/listing-write'
import { createRng } from './testing/prng'

/** What the next import of the transport module gives: a transport, or a failure (a chunk that did not arrive). */
const transportModule = vi.hoisted(() => ({ next: [] as (() => unknown)[], made: 0 }))
vi.mock('@/remote/client', () => ({
  createTransport: () => {
    transportModule.made++
    const make = transportModule.next.shift()
    if (!make) throw new Error('no transport scripted')
    return make()
  },
}))

type AppSync = typeof import('./app-sync')
let appSync: AppSync
let db: KreisDatabase
let server: MemoryServer
const SELLER = '00000000-0000-4000-8000-00000000000a'
const SHOPPER = '00000000-0000-4000-8000-00000000000b'
const LISTING = '00000000-0000-4000-8000-000000000001'

beforeEach(async () => {
  // Each test starts with the module's first state: no engine, no transport yet.
  vi.resetModules()
  appSync = await import('./app-sync')
  transportModule.next = []
  transportModule.made = 0
  db = new KreisDatabase(`app-sync-${Math.random()}`)
  server = new MemoryServer()
  server.addUser(SELLER, 'Sam', 'Seller')
  server.addUser(SHOPPER, 'Bea', 'Buyer')
})
afterEach(async () => {
  db.close()
  await db.delete()
})

const memoryTransport = (): Transport => new MemoryTransport(server, SHOPPER, createRng(1))
const brokenChunk = () => {
  throw new Error('Failed to fetch dynamically imported module')
}
const coat = listingWrite(SELLER, LISTING)

describe('requestListing', () => {
  it.each([
    ['found: stored in the mirror', true, 'found'],
    ['missing: the server has no such listing for this user', false, 'missing'],
  ] as const)('%s', async (_, listed, outcome) => {
    if (listed) server.upsertListings(SELLER, [coat])
    transportModule.next.push(memoryTransport)
    expect(await appSync.requestListing(LISTING, db)).toBe(outcome)
    expect((await db.listings.get(LISTING))?.title).toBe(listed ? 'Wool coat' : undefined)
    if (listed) expect(await db.profiles.get(SELLER)).toMatchObject({ first_name: 'Sam' })
  })

  it('failed: no answer from the server', async () => {
    server.upsertListings(SELLER, [coat])
    const offline = new MemoryTransport(server, SHOPPER, createRng(1))
    offline.setOnline(false)
    transportModule.next.push(() => offline)
    expect(await appSync.requestListing(LISTING, db)).toBe('failed')
    expect(await db.listings.count()).toBe(0)
  })

  it('a transport that could not load is asked for again at the next request, and then kept', async () => {
    server.upsertListings(SELLER, [coat])
    transportModule.next.push(brokenChunk, memoryTransport)
    expect(await appSync.requestListing(LISTING, db)).toBe('failed')
    expect(await appSync.requestListing(LISTING, db)).toBe('found')
    await appSync.requestListing(LISTING, db)
    expect(transportModule.made).toBe(2)
  })
})

describe('requestServerPage', () => {
  it('stores a search page through the app’s transport; a transport that cannot load is a failed answer', async () => {
    server.upsertListings(SELLER, [coat])
    transportModule.next.push(brokenChunk, memoryTransport)
    expect(await appSync.requestServerPage({ query: 'coat' }, 'newest', 1, db)).toBe('failed')
    expect(await db.server_pages.count()).toBe(0)
    expect(await appSync.requestServerPage({ query: 'coat' }, 'newest', 1, db)).toBe('stored')
    expect((await db.server_pages.toArray()).map((p) => p.ids)).toEqual([[LISTING]])
  })
})

describe('a page’s first screen', () => {
  it('is pending from the moment its rows arrived until it was stored, on a page that never stored one', async () => {
    const source = followFirstScreen(Promise.resolve([]))
    await source.rows
    expect(appSync.firstScreenPending(source)).toBe(false)
    const arrived = followFirstScreen(Promise.resolve([{ id: 'a' }]))
    await arrived.rows
    expect(appSync.firstScreenPending(arrived)).toBe(true)
  })
})

describe('the app’s engine', () => {
  it('is one engine, started once however often it is asked; a poke pushes only once it started', async () => {
    const engine = appSync.getAppSync()
    expect(appSync.getAppSync()).toBe(engine)
    const start = vi.spyOn(engine, 'start').mockImplementation(() => {})
    const push = vi.spyOn(engine, 'push').mockResolvedValue({ sent: 0, failed: 0 } as never)
    appSync.pokeSync()
    expect(push).not.toHaveBeenCalled()
    expect(appSync.startAppSync()).toBe(engine)
    expect(start).toHaveBeenCalledTimes(1)
    expect(appSync.startAppSync()).toBe(engine)
    expect(start).toHaveBeenCalledTimes(1)
    appSync.pokeSync()
    expect(push).toHaveBeenCalledTimes(1)
  })

  it('a poke whose push fails does not throw to the screen that wrote', async () => {
    const engine = appSync.getAppSync()
    vi.spyOn(engine, 'start').mockImplementation(() => {})
    const push = vi.spyOn(engine, 'push').mockRejectedValue(new Error('database closed'))
    appSync.startAppSync()
    expect(() => appSync.pokeSync()).not.toThrow()
    await Promise.resolve()
    expect(push).toHaveBeenCalledTimes(1)
  })
})
