// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { BACKGROUND_SYNC_TAG } from './constants'
import { SyncEngine } from './engine'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { VirtualClock } from './testing/harness'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'

const SELLER = '00000000-0000-4000-8000-000000000001'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const dbs: KreisDatabase[] = []

afterEach(async () => {
  vi.unstubAllGlobals()
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

describe('a cycle while the browser says it is offline', () => {
  it('makes no request, keeps the writes, asks for a Background Sync once, and sends at once when back online', async () => {
    const registered: string[] = []
    const navigator = {
      onLine: false,
      serviceWorker: {
        ready: Promise.resolve({ sync: { register: async (tag: string) => void registered.push(tag) } }),
      },
    }
    vi.stubGlobal('navigator', navigator)
    const server = new MemoryServer()
    server.addUser(SELLER, 'Luca', 'Rossi')
    const db = new KreisDatabase(`offline-${Math.random()}`)
    dbs.push(db)
    const rng = createRng(1)
    const transport = new MemoryTransport(server, SELLER, rng)
    const engine = new SyncEngine({ db, transport, clock: new VirtualClock(T0, rng), locks: null })
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)

    expect((await engine.sync('write')).push.outcome).toBe('offline')
    await engine.sync('retry')
    expect(transport.calls).toBe(0)
    expect(engine.status.getState()).toMatchObject({ online: false, pendingCount: 1, needsSignIn: false })
    await vi.waitFor(() => expect(registered).toEqual([BACKGROUND_SYNC_TAG]))

    navigator.onLine = true
    expect((await engine.sync('online')).push).toMatchObject({ outcome: 'drained', acknowledged: 1 })
    expect(server.listings.has(id)).toBe(true)
    expect(engine.status.getState()).toMatchObject({ online: true, pendingCount: 0, lastSyncAt: T0 })
  })
})
