// @vitest-environment node
// The leader's first cycle and realtime's first connection (engine.ts lead()): the first pull waits a moment for the
// connection, so a first visit pulls and reconciles once, not twice; a connection slower than the wait still gets
// its catch-up pull, as a reconnect does.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { REALTIME_FIRST_STATUS_WAIT_MS } from './constants'
import { SyncEngine } from './engine'
import type { RealtimeHandlers, Transport } from './protocol'
import { VirtualClock } from './testing/harness'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { ScriptedTransport } from './testing/scripted-transport'

const VISITOR = '00000000-0000-4000-8000-000000000009'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const dbs: KreisDatabase[] = []
const engines: SyncEngine[] = []

afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop()
  for (const db of dbs.splice(0)) {
    db.close()
    await db.delete()
  }
})

/** Realtime's statuses reach the engine `delayMs` after the transport reports them (a connection being made). */
const connectingFor =
  (delayMs: number) =>
  (t: Transport): Transport =>
    Object.assign(Object.create(t) as Transport, {
      subscribe: (h: RealtimeHandlers) =>
        t.subscribe({ onChange: h.onChange, onStatus: (s) => void setTimeout(() => h.onStatus(s), delayMs) }),
    })

function setup(connectMs: number) {
  const server = new MemoryServer()
  const db = new KreisDatabase(`engine-first-pull-${Math.random()}`)
  dbs.push(db)
  const rng = createRng(11)
  const memory = new MemoryTransport(server, VISITOR, rng)
  const scripted = new ScriptedTransport(memory)
  const transport = connectingFor(connectMs)(
    Object.assign(Object.create(scripted.transport) as Transport, { session: async () => null }),
  )
  const engine = new SyncEngine({ db, transport, clock: new VirtualClock(T0, rng), locks: null })
  engines.push(engine)
  return { scripted, engine }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pulls = (s: ScriptedTransport) => s.count('windowListingIds')

describe('the first pull and realtime’s first connection', () => {
  it('connected within the wait: the first cycle pulls after it, once, and nothing catches up', async () => {
    const { scripted, engine } = setup(50)
    engine.start()
    await pause(20)
    expect(pulls(scripted)).toBe(0) // waiting for the connection
    await pause(100)
    await engine.idle()
    await pause(50)
    await engine.idle()
    expect(pulls(scripted)).toBe(1)
  })

  it('a connection slower than the wait: the first cycle pulls at the limit, the late connection catches up', async () => {
    const { scripted, engine } = setup(REALTIME_FIRST_STATUS_WAIT_MS + 300)
    engine.start()
    await pause(REALTIME_FIRST_STATUS_WAIT_MS + 100)
    await engine.idle()
    expect(pulls(scripted)).toBe(1)
    await pause(400)
    await engine.idle()
    expect(pulls(scripted)).toBe(2)
  }, 10_000)
})
