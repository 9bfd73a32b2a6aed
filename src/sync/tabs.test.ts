// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { SyncEngine } from './engine'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { SYNC_STATUS_KEY } from './tabs'
import { saveListingAsOlderVersion } from './testing/older-version'
import { VirtualClock } from './testing/harness'
import { MemoryLockManager } from './testing/memory-locks'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'

const SELLER = '00000000-0000-4000-8000-000000000001'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const engines: SyncEngine[] = []
const dbs: KreisDatabase[] = []

afterEach(async () => {
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

const until = async (cond: () => Promise<boolean> | boolean, what = 'condition') => {
  // Bounded by time (generous, for a loaded machine), not by a count of short sleeps.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (await cond()) return
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new Error(`${what} not reached`)
}

/** Two tabs of one browser: one database name (two connections), one lock manager, each its own transport. */
function browser() {
  const server = new MemoryServer()
  server.addUser(SELLER, 'Luca', 'Rossi')
  const locks = new MemoryLockManager() as unknown as LockManager
  const name = `tabs-${Math.random()}`
  const tab = () => {
    const db = new KreisDatabase(name)
    dbs.push(db)
    const rng = createRng(5)
    const transport = new MemoryTransport(server, SELLER, rng)
    const engine = new SyncEngine({ db, transport, clock: new VirtualClock(T0, rng), locks })
    engines.push(engine)
    return { db, transport, engine }
  }
  return { server, tab }
}

describe('tabs', () => {
  it('a write in a follower tab reaches the leader at once (no poke, no timer), and only the leader sends', async () => {
    const { server, tab } = browser()
    const leader = tab()
    leader.engine.start()
    await until(() => leader.engine.status.getState().leader, 'leadership')
    await leader.engine.idle()
    const follower = tab()
    follower.engine.start()

    const id = await saveListing(follower.db, SELLER, { fields, images: [] }, T0)
    await until(() => server.listings.has(id), 'the listing on the server')
    expect(follower.transport.calls).toBe(0)

    // sync() in the follower sends nothing itself.
    await saveListing(follower.db, SELLER, { fields: { ...fields, title: 'Wool scarf' }, images: [] }, T0)
    const report = await follower.engine.sync('write')
    expect(report.push.acknowledged).toBe(0)
    await until(() => server.listings.size === 2, 'the second listing on the server')
    expect(follower.transport.calls).toBe(0)
  })

  it('every tab shows pending and failed writes from the database, and the leader’s last sync', async () => {
    const { tab } = browser()
    const leader = tab()
    leader.engine.start()
    await until(() => leader.engine.status.getState().leader, 'leadership')
    await leader.engine.idle()
    const follower = tab()
    follower.engine.start()
    await until(() => follower.engine.status.getState().lastSyncAt === T0, 'the leader’s last sync in the follower')

    // The server refuses a price of 0 (CHECK): the entry fails in the leader, the follower shows it.
    const id = await saveListingAsOlderVersion(follower.db, SELLER, { fields, images: [] }, T0, { price: 0 })
    await until(() => follower.engine.status.getState().failures.length === 1, 'the failure in the follower')
    expect(follower.engine.status.getState().failures[0]!.group).toBe(`listing:${id}`)
    expect(follower.engine.status.getState().leader).toBe(false)

    // A new tab opened later (or after a reload) starts from the stored last sync.
    const third = tab()
    third.engine.start()
    await until(() => third.engine.status.getState().lastSyncAt === T0, 'the stored last sync in a new tab')
    expect((await third.db.meta.get(SYNC_STATUS_KEY))?.value).toMatchObject({
      lastSyncAt: T0,
      online: true,
      needsSignIn: false,
    })
  })

  it('the next leader keeps the last sync time its predecessor stored', async () => {
    const { tab } = browser()
    const first = tab()
    first.engine.start()
    await until(() => first.engine.status.getState().lastSyncAt === T0, 'a first sync')
    const second = tab()
    second.engine.start()
    await until(() => second.engine.status.getState().lastSyncAt === T0, 'the follower’s copy')
    await first.engine.stop()
    await until(() => second.engine.status.getState().leader, 'the takeover')
    await second.engine.idle()
    expect((await second.db.meta.get(SYNC_STATUS_KEY))?.value).toMatchObject({ lastSyncAt: T0 })
  })
})
