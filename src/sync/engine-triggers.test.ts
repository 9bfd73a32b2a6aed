// @vitest-environment node
// The engine's cycle rules one by one (engine.ts), each against the memory server through a scripted transport:
// which triggers reconcile, how calls fold into one more cycle, what a cycle counts as a sync, when it asks for
// sign-in, when it skips the pull, the token refresh of a pull, the browser's events and the realtime follow-ups.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { BACKGROUND_SYNC_MESSAGE, BACKGROUND_SYNC_TAG, SYNC_INTERVAL_MS } from './constants'
import { SyncEngine, type SyncReason } from './engine'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import type { Failure, Transport } from './protocol'
import { VirtualClock } from './testing/harness'
import { MemoryLockManager } from './testing/memory-locks'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { ScriptedTransport } from './testing/scripted-transport'

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
const network: Failure = { ok: false, reason: 'network', message: 'Failed to fetch' }
const server503: Failure = { ok: false, reason: 'server', code: '503', message: 'Service Unavailable' }
const expired: Failure = { ok: false, reason: 'unauthorized', code: 'PGRST303', message: 'JWT expired' }

const until = async (cond: () => Promise<boolean> | boolean) => {
  // Bounded by time (generous, for a loaded machine), not by a count of short sleeps.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (await cond()) return
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new Error('condition not reached')
}

function world() {
  const server = new MemoryServer()
  server.addUser(SELLER, 'Luca', 'Rossi')
  server.addUser(BUYER, 'Mia', 'Weber')
  return server
}

/** An engine of `userId` on a fresh database; `wrap` may replace transport methods (a visitor, a gate). */
function setup(
  opts: { userId?: string; server?: MemoryServer; wrap?: (t: Transport) => Transport; locks?: LockManager | null } = {},
) {
  const server = opts.server ?? world()
  const db = new KreisDatabase(`engine-triggers-${Math.random()}`)
  dbs.push(db)
  const rng = createRng(7)
  const clock = new VirtualClock(T0, rng)
  const memory = new MemoryTransport(server, opts.userId ?? SELLER, rng)
  const scripted = new ScriptedTransport(memory)
  const transport = opts.wrap ? opts.wrap(scripted.transport) : scripted.transport
  const engine = new SyncEngine({ db, transport, clock, locks: opts.locks ?? null })
  engines.push(engine)
  return { server, db, clock, memory, scripted, engine }
}

/**
 * An engine whose transport is loaded lazily, as the app's is: `reachable(n)` says whether load number n (from 1)
 * finds the transport's code or fails as a dropped network would.
 */
function lazyEngine(reachable: (load: number) => boolean = () => true) {
  const server = world()
  const db = new KreisDatabase(`engine-triggers-${Math.random()}`)
  dbs.push(db)
  const loads = { count: 0 }
  const engine = new SyncEngine({
    db,
    transport: async () => {
      if (!reachable(++loads.count)) throw new TypeError('Failed to fetch dynamically imported module')
      return new MemoryTransport(server, SELLER, createRng(1))
    },
    locks: null,
  })
  engines.push(engine)
  return { engine, loads }
}

const visitor = (t: Transport): Transport => Object.assign(Object.create(t) as Transport, { session: async () => null })

/** A transport whose `method` waits until `open()`. */
function gate(method: keyof Transport) {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  let waiting = 0
  const wrap = (t: Transport): Transport =>
    Object.assign(Object.create(t) as Transport, {
      [method]: async (...args: unknown[]) => {
        waiting++
        await opened
        return (t[method] as (...a: unknown[]) => Promise<unknown>)(...args)
      },
    })
  return { wrap, open: () => open(), waiting: () => waiting }
}

describe('which triggers drop vanished listings (reconcile)', () => {
  it.each<[SyncReason, number]>([
    ['start', 1],
    ['reconnect', 1],
    ['online', 1],
    ['visible', 1],
    ['timer', 0],
    ['write', 0],
    ['realtime', 0],
    ['retry', 0],
    ['manual', 0],
    ['background-sync', 0],
  ])('%s: %i id lookup', async (reason, lookups) => {
    const { scripted, engine } = setup()
    await engine.sync(reason)
    expect(scripted.count('windowListingIds')).toBe(lookups)
    expect(scripted.count('visibleConversationIds')).toBe(lookups)
  })
})

describe('calls while a cycle runs', () => {
  it('fold into one more cycle that reconciles when any of them asked, and every caller gets its report', async () => {
    const g = gate('fetchMyProfile')
    const { scripted, engine } = setup({ wrap: g.wrap })
    const first = engine.sync('timer')
    await until(() => g.waiting() === 1)
    const a = engine.sync('timer')
    const b = engine.sync('online')
    const c = engine.sync('write')
    g.open()
    const reports = await Promise.all([first, a, b, c])
    expect(reports.every((r) => r.push.outcome === 'drained')).toBe(true)
    expect(scripted.count('pullHorizon')).toBe(2) // the first cycle and one more, not three
    expect(scripted.count('windowListingIds')).toBe(1) // the folded cycle reconciles (one of them was 'online')
  })

  it('fold into a cycle that does not reconcile when none asked', async () => {
    const g = gate('fetchMyProfile')
    const { scripted, engine } = setup({ wrap: g.wrap })
    const first = engine.sync('timer')
    await until(() => g.waiting() === 1)
    const a = engine.sync('write')
    g.open()
    await Promise.all([first, a])
    expect(scripted.count('windowListingIds')).toBe(0)
  })

  it('are refused when the engine stops meanwhile', async () => {
    const g = gate('fetchMyProfile')
    const { engine } = setup({ wrap: g.wrap })
    const first = engine.sync('timer')
    await until(() => g.waiting() === 1)
    const folded = engine.sync('write')
    const stopping = engine.stop()
    g.open()
    await first
    await expect(folded).rejects.toThrow('sync engine stopped')
    await stopping
  })
})

describe('what a cycle counts as a sync', () => {
  it('a clean push and pull: last sync now, online, nothing pending', async () => {
    const { engine } = setup()
    await engine.sync('start')
    expect(engine.status.getState()).toMatchObject({ online: true, lastSyncAt: T0, needsSignIn: false })
  })

  it('a visitor with an empty outbox: a clean public pull is a sync, and no sign-in is asked for', async () => {
    const { engine } = setup({ wrap: visitor })
    await engine.sync('start')
    expect(engine.status.getState()).toMatchObject({ lastSyncAt: T0, needsSignIn: false })
  })

  it('a signed-in device whose outbox holds only a refused write: synced, no sign-in asked for', async () => {
    const { db, scripted, engine } = setup()
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    scripted.failNext('saveListings', { ok: false, reason: 'forbidden', code: '42501', message: 'rls' })
    await engine.sync('write')
    expect(await db.outbox.count()).toBe(1)
    expect(engine.status.getState()).toMatchObject({ needsSignIn: false, lastSyncAt: T0 })
  })

  it('a visitor who still holds writes (signed out before they went): not a sync, and sign-in is needed', async () => {
    const { db, engine } = setup({ wrap: visitor })
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    await engine.sync('start')
    expect(engine.status.getState()).toMatchObject({ lastSyncAt: null, needsSignIn: true })
  })

  it('a pull the server refused (5xx): not a sync, but online', async () => {
    const { scripted, engine } = setup()
    scripted.failNext('pullHorizon', server503)
    await engine.sync('start')
    expect(engine.status.getState()).toMatchObject({ lastSyncAt: null, online: true })
  })

  it('a pull that met no network after a clean push: offline, not a sync', async () => {
    const { scripted, engine } = setup()
    scripted.failNext('pullHorizon', network)
    const report = await engine.sync('start')
    expect(report.pullFailure).toMatchObject({ reason: 'network' })
    expect(engine.status.getState()).toMatchObject({ lastSyncAt: null, online: false })
    expect(engine.nextDelayMs()).toBeLessThan(SYNC_INTERVAL_MS) // the engine's own backoff
  })

  it('a refused token with nothing queued does not ask for sign-in', async () => {
    const { scripted, engine } = setup()
    scripted
      .failNext('pullHorizon', expired)
      .failNext('refreshSession', { ok: false, reason: 'unauthorized', message: 'Invalid Refresh Token' })
    await engine.sync('start')
    expect(engine.status.getState().needsSignIn).toBe(false)
  })
})

describe('the pull of a cycle', () => {
  it('is skipped when the push met no network or a 429', async () => {
    for (const failure of [
      network,
      { ok: false, reason: 'rate_limited', code: '429', message: 'Too Many Requests' } as Failure,
    ]) {
      const { db, scripted, engine } = setup()
      await saveListing(db, SELLER, { fields, images: [] }, T0)
      scripted.failNext('saveListings', failure)
      const report = await engine.sync('write')
      expect(report.pullFailure).toBeNull()
      expect(scripted.count('pullHorizon')).toBe(0)
    }
  })

  it('with an expired token: refreshed once, then pulled again (reconciling when the cycle does)', async () => {
    const { scripted, engine } = setup()
    scripted.failNext('pullHorizon', expired)
    const report = await engine.sync('start')
    expect(report.pullFailure).toBeNull()
    expect(scripted.count('refreshSession')).toBe(1)
    expect(scripted.count('pullHorizon')).toBe(2)
    expect(scripted.count('windowListingIds')).toBe(2) // each pull of a reconciling cycle looks the ids up
  })

  it('with an expired token whose refresh is refused: the refusal is the pull failure, no second pull', async () => {
    const { scripted, engine } = setup()
    scripted
      .failNext('pullHorizon', expired)
      .failNext('refreshSession', { ok: false, reason: 'unauthorized', message: 'Invalid Refresh Token' })
    const report = await engine.sync('start')
    expect(report.pullFailure).toMatchObject({ reason: 'unauthorized', message: 'Invalid Refresh Token' })
    expect(scripted.count('pullHorizon')).toBe(1)
  })
})

describe('the browser says it is offline (navigator.onLine false)', () => {
  function offlineBrowser() {
    const registered: string[] = []
    vi.stubGlobal('navigator', {
      onLine: false,
      serviceWorker: {
        ready: Promise.resolve({ sync: { register: async (tag: string) => void registered.push(tag) } }),
      },
    })
    return registered
  }

  it('a cycle makes no request, shows offline, and registers Background Sync once per spell when writes wait', async () => {
    const registered = offlineBrowser()
    const { db, scripted, engine } = setup()
    engine.status.setState({ online: true })
    await engine.sync('timer') // nothing queued: nothing to register
    await new Promise((r) => setTimeout(r, 5))
    expect(registered).toEqual([])
    expect(scripted.calls).toEqual([])
    expect(engine.status.getState().online).toBe(false)
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    await engine.sync('write')
    await engine.sync('timer')
    await engine.sync('timer')
    await until(() => registered.length > 0)
    await new Promise((r) => setTimeout(r, 5))
    expect(registered).toEqual([BACKGROUND_SYNC_TAG])
    expect(engine.status.getState().pendingCount).toBe(1)
    expect(scripted.calls).toEqual([])
  })

  it('push() sends nothing and leaves the write to a cycle', async () => {
    offlineBrowser()
    const { db, scripted, engine } = setup()
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    expect(await engine.push()).toBeNull()
    await engine.idle()
    expect(scripted.calls).toEqual([])
    expect(engine.status.getState()).toMatchObject({ online: false, pendingCount: 1 })
  })

  it('without a Background Sync API the registration answers false', async () => {
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: { ready: Promise.resolve({}) } })
    const { engine } = setup()
    expect(await engine.registerBackgroundSync()).toBe(false)
    vi.stubGlobal('navigator', {
      onLine: true,
      serviceWorker: { ready: Promise.resolve({ sync: { register: async () => {} } }) },
    })
    expect(await engine.registerBackgroundSync()).toBe(true)
  })
})

describe('Background Sync registration when the network fails under the engine', () => {
  it('registers only when writes wait, once per offline spell, again after a spell that ended', async () => {
    const registered: string[] = []
    vi.stubGlobal('navigator', {
      serviceWorker: {
        ready: Promise.resolve({ sync: { register: async (tag: string) => void registered.push(tag) } }),
      },
    })
    const { db, memory, engine } = setup()
    memory.setOnline(false)
    await engine.sync('timer') // offline, nothing queued
    await new Promise((r) => setTimeout(r, 5))
    expect(registered).toEqual([])
    memory.setOnline(true)
    await engine.sync('timer')
    memory.setOnline(false)
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    for (let i = 0; i < 3; i++) await engine.sync('timer')
    await new Promise((r) => setTimeout(r, 5))
    expect(registered).toEqual([BACKGROUND_SYNC_TAG])
    memory.setOnline(true)
    await engine.sync('timer') // the spell ends (the write goes)
    memory.setOnline(false)
    await saveListing(db, SELLER, { fields: { ...fields, title: 'Wool scarf' }, images: [] }, T0)
    await engine.sync('timer')
    await new Promise((r) => setTimeout(r, 5))
    expect(registered).toEqual([BACKGROUND_SYNC_TAG, BACKGROUND_SYNC_TAG])
  })
})

describe('push()', () => {
  it('after stop: nothing', async () => {
    const { db, scripted, engine } = setup()
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    await engine.stop()
    expect(await engine.push()).toBeNull()
    expect(scripted.calls).toEqual([])
  })

  it('in a tab that does not lead: only pokes the leader (sync() too answers without a request)', async () => {
    const locks = new MemoryLockManager() as unknown as LockManager
    const server = world()
    const leader = setup({ server, locks })
    leader.engine.start()
    await until(() => leader.engine.status.getState().leader)
    const follower = setup({ server, locks })
    follower.engine.start()
    await saveListing(follower.db, SELLER, { fields, images: [] }, T0)
    expect(await follower.engine.push()).toBeNull()
    expect(await follower.engine.sync('write')).toEqual({
      push: { outcome: 'drained', acknowledged: 0, failed: 0 },
      pullFailure: null,
    })
    expect(follower.scripted.calls).toEqual([])
  })

  it('signed out: nothing is sent', async () => {
    const { db, scripted, engine } = setup({ wrap: visitor })
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    expect(await engine.push()).toBeNull()
    expect(scripted.count('saveListings')).toBe(0)
  })

  it('a drain that meets no network hands the write to a cycle', async () => {
    const { db, scripted, engine } = setup()
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    scripted.failNext('saveListings', network)
    expect(await engine.push()).toMatchObject({ outcome: 'offline' })
    await until(() => scripted.count('saveListings') === 2) // the cycle sends it again
    await engine.idle()
    expect(engine.status.getState().pendingCount).toBe(0)
    expect(scripted.count('windowListingIds')).toBe(0) // a write's cycle does not reconcile
  })

  it('a write that met a 5xx sets the next cycle at its retry time; a clean push marks the device online again', async () => {
    const { db, scripted, engine } = setup()
    engine.start()
    await until(() => engine.status.getState().leader)
    await engine.idle()
    engine.status.setState({ online: false })
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    scripted.failNext('saveListings', { ...server503, retryAfterMs: 700 })
    await engine.push()
    expect(engine.scheduledDelayMs).toBe(700)
    expect(engine.status.getState().online).toBe(false) // nothing acknowledged: no news about the network
    await saveListing(db, SELLER, { fields: { ...fields, title: 'Wool scarf' }, images: [] }, T0)
    const report = await engine.push()
    expect(report?.acknowledged).toBe(1)
    expect(engine.status.getState().online).toBe(true)
  })

  it('a storage failure during a push is named in the status', async () => {
    const { engine } = setup({
      wrap: (t) =>
        Object.assign(Object.create(t) as Transport, {
          session: () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' })),
        }),
    })
    await expect(engine.push()).rejects.toThrow('full')
    expect(engine.status.getState().storageProblem).toBe('quota-exceeded')
  })

  it('any other failure leaves the storage status alone (none, or the one already shown)', async () => {
    const { engine } = setup({
      wrap: (t) => Object.assign(Object.create(t) as Transport, { session: () => Promise.reject(new Error('boom')) }),
    })
    await expect(engine.push()).rejects.toThrow('boom')
    await expect(engine.sync('timer')).rejects.toThrow('boom')
    expect(engine.status.getState().storageProblem).toBeNull()
    engine.status.setState({ storageProblem: 'quota-exceeded' })
    await expect(engine.push()).rejects.toThrow('boom')
    await expect(engine.sync('timer')).rejects.toThrow('boom')
    expect(engine.status.getState().storageProblem).toBe('quota-exceeded')
  })

  it('drains never overlap: a push during a drain waits for it, so no entry goes out twice', async () => {
    const server = world()
    const seller = setup({ server })
    const listingId = await saveListing(seller.db, SELLER, { fields, images: [] }, T0)
    await seller.engine.sync('write')
    const g = gate('insertMessages')
    const sent: string[] = []
    const { db, engine } = setup({
      server,
      userId: BUYER,
      wrap: (t) => {
        const gated = g.wrap(t)
        return Object.assign(Object.create(gated) as Transport, {
          insertMessages: (rows: Parameters<Transport['insertMessages']>[0]) => (
            sent.push(...rows.map((r) => r.content)),
            gated.insertMessages(rows)
          ),
        })
      },
    })
    await engine.sync('start')
    await sendMessage(db, { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'one' }, T0)
    const first = engine.push()
    await until(() => g.waiting() === 1)
    await sendMessage(db, { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'two' }, T0 + 1)
    const second = engine.push()
    await new Promise((r) => setTimeout(r, 30)) // time for a second drain to reach the server, if one started
    g.open()
    await Promise.all([first, second])
    expect(sent).toEqual(['one', 'two'])
  })
})

describe('the next cycle', () => {
  it('comes at the earliest retry time of the writes backing off, in the future only', async () => {
    const { db, clock, scripted, engine } = setup()
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    await sendMessage(db, { listingId: 'l-x', sellerId: BUYER, buyerId: SELLER, senderId: SELLER, content: 'Hi' }, T0)
    scripted
      .failNext('saveListings', { ...server503, retryAfterMs: 900 })
      .failNext('createConversations', { ...server503, retryAfterMs: 400 })
    await engine.sync('write')
    expect(engine.nextDelayMs()).toBe(400)
    clock.advance(400) // the earlier one is due now, the later one 500 ms on
    expect(engine.nextDelayMs()).toBe(0)
    await engine.sync('timer')
    expect(engine.nextDelayMs()).toBeLessThanOrEqual(500)
  })
})

describe('realtime', () => {
  it('a new listing from realtime starts a pull; a known row alone does not; rows arriving later are applied too', async () => {
    const { server, scripted, engine } = setup({ userId: BUYER })
    await engine.sync('start')
    const before = scripted.count('pullHorizon')
    const seller = new MemoryTransport(server, SELLER, createRng(8))
    const id = '00000000-0000-4000-8000-0000000000aa'
    const saved = await seller.saveListings([
      {
        listing_id: id,
        listing: { id, user_id: SELLER, ...fields, status: 'active', edited_at: new Date(T0).toISOString() },
        images: null,
        images_edited_at: null,
      },
    ])
    if (!saved.ok || !saved.value[0]!.listing) throw new Error(`save failed: ${JSON.stringify(saved)}`)
    await engine.onRealtimeChange({ table: 'listings', row: saved.value[0]!.listing })
    await until(() => scripted.count('pullHorizon') === before + 1)
    await engine.idle()
    expect(scripted.count('windowListingIds')).toBe(1) // the start only: a new listing needs no reconcile
    const row = { ...saved.value[0]!.listing, title: 'Linen shirt, ironed', updated_at: '2099-01-01T00:00:00.000000Z' }
    await engine.onRealtimeChange({ table: 'listings', row })
    await engine.idle()
    expect(scripted.count('pullHorizon')).toBe(before + 1)
    expect((await engine.db.listings.get(row.id))?.title).toBe('Linen shirt, ironed')
    await engine.onRealtimeChange({
      table: 'listings',
      row: { ...row, title: 'Linen shirt, folded', updated_at: '2099-01-02T00:00:00.000000Z' },
    })
    expect((await engine.db.listings.get(row.id))?.title).toBe('Linen shirt, folded')
  })

  it('a deleted listing starts a pull that reconciles', async () => {
    const { scripted, engine } = setup({ userId: BUYER })
    await engine.onRealtimeChange({ table: 'listings', deletedId: '00000000-0000-4000-8000-0000000000ab' })
    await until(() => scripted.count('windowListingIds') === 1)
  })

  it('a row the mirror cannot take (a storage failure) is named in the status; another failure brings a pull', async () => {
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' })
    const { engine, scripted } = setup({ userId: BUYER })
    const put = vi
      .spyOn(engine.db.messages, 'bulkPut')
      .mockRejectedValueOnce(quota)
      .mockRejectedValueOnce(new Error('odd'))
    const message = {
      id: 'm1',
      conversation_id: 'c1',
      listing_id: 'l1',
      sender_id: SELLER,
      receiver_id: BUYER,
      content: 'Hi',
      created_at: '2026-01-01T00:00:00.000000Z',
      updated_at: '2026-01-01T00:00:00.000000Z',
    }
    await engine.onRealtimeChange({ table: 'messages', row: message })
    expect(engine.status.getState().storageProblem).toBe('quota-exceeded')
    expect(scripted.count('pullHorizon')).toBe(0)
    engine.status.setState({ storageProblem: null })
    await engine.onRealtimeChange({ table: 'messages', row: { ...message, id: 'm2' } })
    await until(() => scripted.count('pullHorizon') === 1)
    expect(engine.status.getState().storageProblem).toBeNull()
    put.mockRestore()
  })
})

describe('the leader tab listens to the browser', () => {
  function browserEvents(visibilityState = 'hidden') {
    const win = new EventTarget()
    const doc = Object.assign(new EventTarget(), { visibilityState })
    vi.stubGlobal('window', win)
    vi.stubGlobal('document', doc)
    return { win, doc }
  }

  it('online and a visible tab start a reconciling cycle; offline and a lost realtime connection show offline', async () => {
    const { win, doc } = browserEvents()
    const { memory, scripted, engine } = setup()
    engine.start()
    await until(() => engine.status.getState().leader)
    await engine.idle()
    const lookups = () => scripted.count('windowListingIds')
    const base = lookups()
    expect(base).toBe(1) // the leader's first cycle reconciles; realtime connected before it (no catch-up needed)
    win.dispatchEvent(new Event('online'))
    await until(() => lookups() === base + 1)
    await engine.idle()
    doc.dispatchEvent(new Event('visibilitychange')) // hidden: nothing
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    await until(() => lookups() === base + 2)
    await engine.idle()
    win.dispatchEvent(new Event('offline'))
    expect(engine.status.getState().online).toBe(false)
    engine.status.setState({ online: true })
    memory.setOnline(false) // realtime reports 'disconnected'
    expect(engine.status.getState().online).toBe(false)
    memory.setOnline(true) // 'connected': a catch-up cycle that reconciles
    await until(() => lookups() === base + 3)
    await engine.idle()
    const hidden = lookups()
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    await new Promise((r) => setTimeout(r, 20))
    expect(lookups()).toBe(hidden)
  })

  it('stop() removes every listener, the timer and leadership', async () => {
    const { win } = browserEvents()
    const { scripted, engine } = setup()
    engine.start()
    await until(() => engine.status.getState().leader)
    await engine.idle()
    expect(engine.scheduledDelayMs).toBe(SYNC_INTERVAL_MS)
    await engine.stop()
    expect(engine.status.getState().leader).toBe(false)
    const calls = scripted.calls.length
    win.dispatchEvent(new Event('online'))
    await engine.onRealtimeChange({ table: 'listings', deletedId: '00000000-0000-4000-8000-0000000000ab' })
    await new Promise((r) => setTimeout(r, 20))
    expect(scripted.calls.slice(calls)).toEqual([]) // no cycle from the browser, from realtime or from a timer
    engine.db.close()
    await new Promise((r) => setTimeout(r, 10))
    expect(engine.status.getState().storageProblem).toBeNull()
    // Stopped, the engine is no tab's follower either: a direct call runs a cycle.
    const report = await engine.sync('write').catch((e: Error) => e)
    expect(scripted.calls.length).toBeGreaterThan(calls)
    void report
  })

  it('a leader whose transport code cannot be fetched shows offline, keeps asking, and leads once it loads', async () => {
    const { win } = browserEvents()
    let reachable = false
    const { engine, loads } = lazyEngine(() => reachable)
    engine.start()
    await until(() => loads.count >= 2)
    expect(engine.status.getState()).toMatchObject({ leader: true, online: false, lastSyncAt: null })
    reachable = true
    win.dispatchEvent(new Event('online'))
    await until(() => engine.status.getState().lastSyncAt !== null)
    expect(engine.status.getState().online).toBe(true)
  })

  it('a closed database connection is named in the status', async () => {
    browserEvents()
    const { db, engine } = setup()
    engine.start()
    await until(() => engine.status.getState().leader)
    await engine.idle()
    db.close()
    await until(() => engine.status.getState().storageProblem === 'connection-lost')
  })
})

describe('the user retries or discards a failed write', () => {
  it('retry queues it again and starts a cycle that does not reconcile', async () => {
    const { db, scripted, engine } = setup()
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)
    scripted.failNext('saveListings', { ok: false, reason: 'forbidden', code: '42501', message: 'rls' })
    await engine.sync('write')
    expect((await db.listings.get(id))?.sync_state).toBe('failed')
    await engine.retry(`listing:${id}`)
    await until(() => scripted.count('saveListings') === 2)
    await engine.idle()
    expect((await db.listings.get(id))?.sync_state).toBe('synced')
    expect(scripted.count('windowListingIds')).toBe(0)
  })
})

describe('Background Sync messages', () => {
  it('answer with the error when the cycle throws, and ignore messages without a type', async () => {
    const { engine } = setup({
      wrap: (t) => Object.assign(Object.create(t) as Transport, { session: () => Promise.reject(new Error('boom')) }),
    })
    engine.status.setState({ leader: true })
    const answers: unknown[] = []
    const port = { postMessage: (a: unknown) => void answers.push(a) } as unknown as MessagePort
    await engine.onServiceWorkerMessage({ data: { type: BACKGROUND_SYNC_MESSAGE }, ports: [port] })
    await engine.onServiceWorkerMessage({ data: null, ports: [port] })
    await engine.onServiceWorkerMessage({ data: { type: BACKGROUND_SYNC_MESSAGE }, ports: [] }) // no port: no answer, no throw
    expect(answers).toEqual([{ drained: false, reason: 'boom' }])
  })
})

describe('engine set-up', () => {
  it('loads a lazy transport once, on first use', async () => {
    const { engine, loads } = lazyEngine()
    expect(loads.count).toBe(0)
    await engine.sync('start')
    await engine.sync('timer')
    expect(loads.count).toBe(1)
    expect(engine.status.getState().lastSyncAt).not.toBeNull()
  })

  it('a transport whose code fails to load makes the cycle offline; the next cycle loads it again and syncs', async () => {
    const { engine, loads } = lazyEngine((n) => n > 1)
    expect(await engine.sync('start')).toEqual({
      push: { outcome: 'offline', acknowledged: 0, failed: 0 },
      pullFailure: null,
    })
    expect(engine.status.getState()).toMatchObject({ online: false, lastSyncAt: null })
    await engine.sync('retry')
    expect(loads.count).toBe(2)
    expect(engine.status.getState().online).toBe(true)
    expect(engine.status.getState().lastSyncAt).not.toBeNull()
  })

  it('an engine that is not leading schedules no timer', async () => {
    const { engine } = setup()
    await engine.sync('start')
    expect(engine.scheduledDelayMs).toBeNull()
  })

  it('locks: null leads alone even where the browser has Web Locks', async () => {
    const never = { request: () => new Promise(() => {}) } as unknown as LockManager
    vi.stubGlobal('navigator', { locks: never })
    const { engine } = setup({ locks: null })
    engine.start()
    await until(() => engine.status.getState().leader)
  })
})

describe('discarding a failed write', () => {
  it('of a profile: a cycle brings the server’s profile back; of a message: no listing is fetched and no cycle runs', async () => {
    const { db, scripted, engine } = setup()
    const { updateMyProfile } = await import('./kinds/profile-update')
    await engine.sync('start')
    await updateMyProfile(db, SELLER, { first_name: 'Luc', last_name: 'Rossi', location: null }, T0)
    scripted.failNext('updateProfile', { ok: false, reason: 'forbidden', code: '42501', message: 'rls' })
    await engine.sync('write')
    const horizons = scripted.count('pullHorizon')
    const lookups = scripted.count('windowListingIds')
    await engine.discard(`profile:${SELLER}`)
    expect(scripted.count('pullHorizon')).toBe(horizons + 1)
    expect(scripted.count('windowListingIds')).toBe(lookups)
    expect((await db.my_profile.get(SELLER))?.first_name).toBe('Luca')

    await sendMessage(
      db,
      {
        listingId: '00000000-0000-4000-8000-0000000000ee',
        sellerId: BUYER,
        buyerId: SELLER,
        senderId: SELLER,
        content: 'Hi',
      },
      T0,
    )
    await engine.sync('write') // refused: the listing does not exist
    const before = scripted.calls.length
    const failed = (await db.outbox.toArray()).find((e) => e.state === 'failed')!
    await engine.discard(failed.group)
    expect(scripted.calls.slice(before)).toEqual([])
  })
})

describe('Background Sync answers', () => {
  const ask = async (engine: SyncEngine) => {
    const answers: unknown[] = []
    await engine.onServiceWorkerMessage({
      data: { type: BACKGROUND_SYNC_MESSAGE },
      ports: [{ postMessage: (a: unknown) => void answers.push(a) } as unknown as MessagePort],
    })
    return answers
  }

  it('a signed-out leader is not drained; a write backing off after a 5xx keeps the sync open; the cycle does not reconcile', async () => {
    const signedOut = setup({ wrap: visitor })
    signedOut.engine.status.setState({ leader: true })
    expect(await ask(signedOut.engine)).toEqual([{ drained: false, reason: 'unauthorized' }])
    const { db, scripted, engine } = setup()
    engine.status.setState({ leader: true })
    await saveListing(db, SELLER, { fields, images: [] }, T0)
    scripted.failNext('saveListings', { ...server503, retryAfterMs: 5_000 })
    expect(await ask(engine)).toEqual([{ drained: false, reason: 'drained' }])
    expect(scripted.count('windowListingIds')).toBe(0)
  })
})

describe('discarding a failed listing edit without photos', () => {
  it('fetches the server’s listing once (no sweep: nothing was uploaded)', async () => {
    const { db, scripted, engine } = setup()
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)
    await engine.sync('write')
    await saveListing(db, SELLER, { id, fields: { ...fields, title: 'Linen shirt, pressed' }, images: [] }, T0 + 1)
    scripted.failNext('saveListings', { ok: false, reason: 'forbidden', code: '42501', message: 'rls' })
    await engine.sync('write')
    await engine.discard(`listing:${id}`)
    expect(scripted.count('fetchListing')).toBe(1)
    expect((await db.listings.get(id))?.title).toBe('Linen shirt')
  })
})

describe('the service worker and the browser', () => {
  it('a stopped engine no longer answers the worker', async () => {
    const target = new EventTarget()
    vi.stubGlobal('navigator', { serviceWorker: target })
    const { engine } = setup()
    engine.start()
    await until(() => engine.status.getState().leader)
    await engine.idle()
    const answers: unknown[] = []
    const channel = new MessageChannel()
    channel.port1.onmessage = (e) => void answers.push(e.data)
    await engine.stop()
    target.dispatchEvent(
      new MessageEvent('message', { data: { type: BACKGROUND_SYNC_MESSAGE }, ports: [channel.port2] }),
    )
    await new Promise((r) => setTimeout(r, 30))
    expect(answers).toEqual([])
    channel.port1.close()
  })

  it('no service worker: Background Sync cannot be registered', async () => {
    vi.stubGlobal('navigator', {})
    const { engine } = setup()
    expect(await engine.registerBackgroundSync()).toBe(false)
  })

  it('no locks given and none in this runtime: the tab leads alone', async () => {
    const server = world()
    const db = new KreisDatabase(`engine-triggers-${Math.random()}`)
    dbs.push(db)
    const engine = new SyncEngine({ db, transport: new MemoryTransport(server, SELLER, createRng(1)) })
    engines.push(engine)
    engine.start()
    await until(() => engine.status.getState().leader)
  })
})
