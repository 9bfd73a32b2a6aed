// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import Dexie from 'dexie'
import { KreisDatabase } from '@/db/database'
import { SyncEngine } from './engine'
import { electLeader } from './leader'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { saveListingAsOlderVersion } from './testing/older-version'
import { MemoryLockManager } from './testing/memory-locks'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { VirtualClock } from './testing/harness'
import { ScriptedTransport } from './testing/scripted-transport'
import { BACKGROUND_SYNC_MESSAGE, BACKGROUND_SYNC_TAG, SYNC_INTERVAL_MS } from './constants'

const SELLER = '00000000-0000-4000-8000-000000000001'
const BUYER = '00000000-0000-4000-8000-000000000004'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const dbs: KreisDatabase[] = []
const engines: SyncEngine[] = []

afterEach(async () => {
  vi.unstubAllGlobals()
  for (const e of engines.splice(0)) await e.stop()
  for (const db of dbs.splice(0)) {
    db.close()
    await db.delete()
  }
})

const fields: ListingFields = {
  title: 'Linen shirt',
  description: 'Light and airy for summer',
  price: 35,
  condition: 'very_good',
  category: 'men',
  product_type: 'shirt',
  brand: null,
  size: 'L',
  fabric: 'linen',
  location: 'Geneva',
  tags: null,
}

function device(server: MemoryServer, userId: string, opts: { locks?: LockManager | null } = {}) {
  const db = new KreisDatabase(`engine-${Math.random()}`)
  dbs.push(db)
  const rng = createRng(3)
  const transport = new MemoryTransport(server, userId, rng)
  const engine = new SyncEngine({ db, transport, clock: new VirtualClock(T0, rng), locks: opts.locks ?? null })
  engines.push(engine)
  return { db, transport, engine }
}

function world() {
  const server = new MemoryServer()
  server.addUser(SELLER, 'Luca', 'Rossi')
  server.addUser(BUYER, 'Mia', 'Weber')
  return server
}

const until = async (cond: () => Promise<boolean> | boolean) => {
  // Bounded by time (generous, for a loaded machine), not by a count of short sleeps.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (await cond()) return
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new Error('condition not reached')
}

describe('leader election', () => {
  it('of two engines on one lock manager exactly one leads; the other takes over when it stops', async () => {
    const locks = new MemoryLockManager() as unknown as LockManager
    const server = world()
    const a = device(server, SELLER, { locks })
    const b = device(server, SELLER, { locks })
    a.engine.start()
    b.engine.start()
    await until(() => a.engine.status.getState().leader || b.engine.status.getState().leader)
    await new Promise((r) => setTimeout(r, 20))
    expect([a.engine.status.getState().leader, b.engine.status.getState().leader].filter(Boolean)).toHaveLength(1)
    const [leader, follower] = a.engine.status.getState().leader ? [a, b] : [b, a]
    await leader.engine.stop()
    await until(() => follower.engine.status.getState().leader)
  })

  it('without the Web Locks API the tab leads alone', () => {
    let led = false
    electLeader(() => (led = true), undefined)
    expect(led).toBe(true)
  })
})

describe('engine', () => {
  it('offline writes queue, show as pending in the status, and converge when back online', async () => {
    const server = world()
    const { db, transport, engine } = device(server, SELLER)
    transport.setOnline(false)
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)
    await engine.sync('write')
    expect(engine.status.getState()).toMatchObject({ online: false, pendingCount: 1, oldestPendingAt: T0 })
    expect(server.listings.size).toBe(0)
    expect(engine.nextDelayMs()).toBeLessThan(SYNC_INTERVAL_MS)
    transport.setOnline(true)
    await engine.sync('online')
    expect(server.listings.get(id)?.title).toBe('Linen shirt')
    expect(engine.status.getState()).toMatchObject({ online: true, pendingCount: 0, lastSyncAt: T0 })
    expect(engine.nextDelayMs()).toBe(SYNC_INTERVAL_MS)
  })

  it('pulls the feed with first images and sellers, the own profile, and drops listings that vanished', async () => {
    const server = world()
    const seller = device(server, SELLER)
    const buyer = device(server, BUYER)
    const id = await saveListing(
      seller.db,
      SELLER,
      { fields, images: [{ blob: new Blob(['x']), content_type: 'image/webp', ext: 'webp' }] },
      T0,
    )
    await seller.engine.sync('write')
    await buyer.engine.sync('start')
    expect((await buyer.db.listings.get(id))?.title).toBe('Linen shirt')
    expect(await buyer.db.listing_images.where('listing_id').equals(id).count()).toBe(1)
    expect((await buyer.db.profiles.get(SELLER))?.first_name).toBe('Luca')
    expect((await buyer.db.my_profile.get(BUYER))?.first_name).toBe('Mia')
    // Sold by the seller: the buyer may no longer see it, so it leaves the buyer's mirror.
    server.listings.set(id, { ...server.listings.get(id)!, status: 'sold', updated_at: server.now() })
    await buyer.engine.sync('visible')
    expect(await buyer.db.listings.get(id)).toBeUndefined()
    expect(await buyer.db.listing_images.where('listing_id').equals(id).count()).toBe(0)
    // The seller keeps its own sold listing.
    await seller.engine.sync('visible')
    expect((await seller.db.listings.get(id))?.status).toBe('sold')
  })

  it('a realtime message from another user lands in the mirror, and a reconnect triggers a catch-up pull', async () => {
    const server = world()
    const seller = device(server, SELLER)
    const buyer = device(server, BUYER)
    const listingId = await saveListing(seller.db, SELLER, { fields, images: [] }, T0)
    await seller.engine.sync('write')
    seller.engine.start()
    await until(() => seller.engine.status.getState().leader)
    await buyer.engine.sync('start')
    await sendMessage(
      buyer.db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Hello Luca' },
      T0,
    )
    await buyer.engine.sync('write')
    seller.transport.flushRealtime(true)
    await until(async () => (await seller.db.messages.count()) === 1)
    expect((await seller.db.messages.toArray())[0]?.content).toBe('Hello Luca')
    expect(await seller.db.conversations.count()).toBe(1)

    seller.transport.setOnline(false) // realtime events are missed while disconnected
    await sendMessage(
      buyer.db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      T0 + 1,
    )
    await buyer.engine.sync('write')
    seller.transport.setOnline(true) // the reconnect pulls what was missed
    await until(async () => (await seller.db.messages.count()) === 2)
  })

  it('says when the pull is answered with a failure (a 500), and clears it after a pull that works', async () => {
    const server = world()
    const db = new KreisDatabase(`engine-${Math.random()}`)
    dbs.push(db)
    const rng = createRng(3)
    const scripted = new ScriptedTransport(new MemoryTransport(server, SELLER, rng))
    const engine = new SyncEngine({ db, transport: scripted.transport, clock: new VirtualClock(T0, rng), locks: null })
    engines.push(engine)
    scripted.failNext('pullHorizon', { ok: false, reason: 'server', code: '500', message: 'Internal Server Error' })
    await engine.sync('manual')
    expect(engine.status.getState()).toMatchObject({ pullFailing: true, online: true, lastSyncAt: null })
    await engine.sync('manual')
    expect(engine.status.getState().pullFailing).toBe(false)
    scripted.failNext('pullHorizon', { ok: false, reason: 'network', message: 'Failed to fetch' })
    await engine.sync('manual')
    // Lost to the network: the device is offline, which says it already.
    expect(engine.status.getState()).toMatchObject({ pullFailing: false, online: false })
  })

  it('reports a full disk by name instead of swallowing it', async () => {
    const server = world()
    const { engine } = device(server, SELLER)
    const failing = new ScriptedTransport(new MemoryTransport(server, SELLER, createRng(1)))
    const broken = new SyncEngine({
      db: engine.db,
      transport: {
        ...failing.transport,
        session: () => Promise.reject(new Dexie.QuotaExceededError('disk full')),
      } as never,
      locks: null,
    })
    await expect(broken.sync('manual')).rejects.toThrow()
    expect(broken.status.getState().storageProblem).toBe('quota-exceeded')
  })

  it("after a 5xx the leader runs its next cycle at the write's retry time (Retry-After), not at the 60 s tick, and shows since when it is trying", async () => {
    const server = world()
    const db = new KreisDatabase(`engine-${Math.random()}`)
    dbs.push(db)
    const rng = createRng(3)
    const clock = new VirtualClock(T0, rng)
    const scripted = new ScriptedTransport(new MemoryTransport(server, SELLER, rng))
    scripted.failNext('saveListings', {
      ok: false,
      reason: 'server',
      code: '503',
      message: 'Service Unavailable',
      retryAfterMs: 300,
    })
    const engine = new SyncEngine({ db, transport: scripted.transport, clock, locks: null })
    engines.push(engine)
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)
    engine.start()
    await until(() => scripted.count('saveListings') === 1 && engine.scheduledDelayMs !== null)
    await engine.idle()
    expect(engine.scheduledDelayMs).toBe(300)
    expect(engine.status.getState()).toMatchObject({ online: true, pendingCount: 1, retryingSince: T0, failures: [] })
    clock.advance(300)
    // The timer fires by itself (no write, no event): the listing goes out and the status settles.
    await until(() => server.listings.has(id))
    await until(() => engine.status.getState().pendingCount === 0 && engine.scheduledDelayMs === SYNC_INTERVAL_MS)
    expect(engine.status.getState().retryingSince).toBeNull()
  })

  it('signed out (no session): writes stay queued and the status asks for sign-in', async () => {
    const server = world()
    const { db, transport } = device(server, SELLER)
    const engine = new SyncEngine({
      db,
      transport: Object.assign(Object.create(transport), { session: async () => null }),
      locks: null,
    })
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    await engine.sync('start')
    expect(engine.status.getState()).toMatchObject({ needsSignIn: true, pendingCount: 1 })
    expect(server.listings.size).toBe(0)
  })
})

/** A stand-in for navigator.serviceWorker: records Background Sync registrations and delivers worker messages. */
function fakeServiceWorker() {
  const registered: string[] = []
  const target = new EventTarget()
  const sw = Object.assign(target, {
    ready: Promise.resolve({ sync: { register: async (tag: string) => void registered.push(tag) } }),
  })
  vi.stubGlobal('navigator', { serviceWorker: sw })
  /**
   * Posts what public/sw-background-sync.js posts. Every engine under test shares this one stand-in, so all of
   * them hear the message and answer on its port: resolves with the first `n` answers.
   */
  const ask = (n: number, data: unknown = { type: BACKGROUND_SYNC_MESSAGE }) =>
    new Promise<unknown[]>((resolve) => {
      const channel = new MessageChannel()
      const answers: unknown[] = []
      channel.port1.onmessage = (e) => {
        answers.push(e.data)
        if (answers.length < n) return
        channel.port1.close()
        resolve(answers)
      }
      target.dispatchEvent(new MessageEvent('message', { data, ports: [channel.port2] }))
    })
  return { registered, ask }
}

/** A transport whose `method` waits for `release()` (and counts how many of its calls are under way at once). */
function gated(inner: MemoryTransport, method: string) {
  let open: () => void = () => {}
  let gate = new Promise<void>((r) => (open = r))
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 }
  const transport = new Proxy(inner, {
    get(target, prop: string) {
      const value = (target as unknown as Record<string, unknown>)[prop]
      if (typeof value !== 'function') return value
      if (prop !== method) return (value as (...a: unknown[]) => unknown).bind(target)
      return async (...args: unknown[]) => {
        stats.calls++
        stats.inFlight++
        stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
        await gate
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        } finally {
          stats.inFlight--
        }
      }
    },
  })
  return {
    transport,
    stats,
    release() {
      open()
      gate = new Promise<void>((r) => (open = r))
    },
    openForGood() {
      open()
      gate = Promise.resolve()
    },
  }
}

describe('a write is pushed at once (docs/decisions.md#D-message-budget: a message reaches the other device within the budget)', () => {
  it('push() sends the outbox while a cycle is still pulling, and does not pull itself', async () => {
    const server = world()
    const seller = device(server, SELLER)
    const listingId = await saveListing(seller.db, SELLER, { fields, images: [] }, T0)
    await seller.engine.sync('write')
    const db = new KreisDatabase(`engine-${Math.random()}`)
    dbs.push(db)
    const g = gated(new MemoryTransport(server, BUYER, createRng(5)), 'pullMessagesSince')
    const engine = new SyncEngine({
      db,
      transport: g.transport,
      clock: new VirtualClock(T0, createRng(5)),
      locks: null,
    })
    engines.push(engine)

    const cycle = engine.sync('start') // its pull waits on pullMessagesSince
    await until(() => g.stats.inFlight === 1)
    const id = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still available?' },
      T0,
    )
    const report = await engine.push()
    expect(report).toMatchObject({ outcome: 'drained', acknowledged: 2 }) // the conversation and its message
    expect([...server.messages.values()].map((m) => m.id)).toEqual([id])
    expect((await db.messages.get(id))?.sync_state).toBe('synced')
    expect(g.stats.calls).toBe(1) // only the cycle's own pull
    g.openForGood()
    await cycle
  })

  it('drains never overlap: a push during a drain waits for it and then drains again, each entry sent once', async () => {
    const server = world()
    const seller = device(server, SELLER)
    const listingId = await saveListing(seller.db, SELLER, { fields, images: [] }, T0)
    await seller.engine.sync('write')
    const db = new KreisDatabase(`engine-${Math.random()}`)
    dbs.push(db)
    const inner = new MemoryTransport(server, BUYER, createRng(6))
    const g = gated(inner, 'insertMessages')
    const engine = new SyncEngine({
      db,
      transport: g.transport,
      clock: new VirtualClock(T0, createRng(6)),
      locks: null,
    })
    engines.push(engine)
    await engine.sync('start')

    await sendMessage(db, { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'one' }, T0)
    const first = engine.push()
    await until(() => g.stats.inFlight === 1)
    await sendMessage(db, { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'two' }, T0 + 1)
    const second = engine.push()
    const third = engine.sync('write') // a full cycle's drain queues behind too
    g.openForGood()
    await Promise.all([first, second, third])
    expect(g.stats.maxInFlight).toBe(1)
    expect([...server.messages.values()].map((m) => m.content).sort()).toEqual(['one', 'two'])
    expect(await db.outbox.count()).toBe(0)
  })

  it('offline, push() leaves the write to a full cycle, which owns the offline status', async () => {
    const server = world()
    const { db, transport, engine } = device(server, SELLER)
    transport.setOnline(false)
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    expect(await engine.push()).toMatchObject({ outcome: 'offline' })
    await engine.idle()
    expect(engine.status.getState()).toMatchObject({ online: false, pendingCount: 1 })
    transport.setOnline(true)
    expect(await engine.push()).toMatchObject({ outcome: 'drained', acknowledged: 1 })
    expect(server.listings.size).toBe(1)
  })
})

describe('Background Sync', () => {
  it('a cycle that ends offline with writes queued registers the tag once per offline spell', async () => {
    const sw = fakeServiceWorker()
    const { db, transport, engine } = device(world(), SELLER)
    await engine.sync('start') // nothing queued: nothing to register
    transport.setOnline(false)
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    await engine.sync('write')
    await engine.sync('retry')
    await until(() => sw.registered.length > 0)
    expect(sw.registered).toEqual([BACKGROUND_SYNC_TAG])
  })

  it('the leader answers the worker after draining; other tabs and other messages are not its business', async () => {
    const sw = fakeServiceWorker()
    const server = world()
    const locks = new MemoryLockManager() as unknown as LockManager
    const leader = device(server, SELLER, { locks })
    const follower = device(server, SELLER, { locks })
    leader.engine.start()
    await until(() => leader.engine.status.getState().leader)
    follower.engine.start()
    leader.transport.setOnline(false)
    const id = await saveListing(leader.db, SELLER, { fields, images: [] }, T0)
    await leader.engine.sync('write')

    // Both tabs hear every worker message; the follower answers at once, the leader after its cycle.
    expect(await sw.ask(2)).toEqual([
      { drained: false, reason: 'not the leader tab' },
      { drained: false, reason: 'offline' },
    ])
    leader.transport.setOnline(true)
    expect(await sw.ask(2)).toEqual([{ drained: false, reason: 'not the leader tab' }, { drained: true }])
    expect(server.listings.get(id)?.title).toBe('Linen shirt')

    // A write the server refused waits for the user, not for the network: the worker need not retry for it.
    const refused = await saveListingAsOlderVersion(leader.db, SELLER, { fields, images: [] }, T0, { price: 0 })
    expect(await sw.ask(2)).toEqual([{ drained: false, reason: 'not the leader tab' }, { drained: true }])
    expect((await leader.db.listings.get(refused))?.sync_state).toBe('failed')

    let answered = false
    void sw.ask(1, { type: 'something-else' }).then(() => (answered = true))
    await new Promise((r) => setTimeout(r, 20))
    expect(answered).toBe(false)
  })
})
