// @vitest-environment node
// tabs.ts piece by piece (T1, T2): what wakes the leader, what a poke is, and how a tab's status follows the
// database. The channel name and the meta key are written out: other tabs (other builds) use them as they are.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { OutboxEntry } from '@/db/rows'
import { createSyncStatusStore } from './status-store'
import { followStatus, pokeLeader, watchForWork } from './tabs'

const dbs: KreisDatabase[] = []
const stops: (() => void)[] = []
afterEach(async () => {
  vi.unstubAllGlobals()
  for (const s of stops.splice(0)) s()
  for (const db of dbs.splice(0)) {
    db.close()
    await db.delete()
  }
})
const fresh = () => {
  const db = new KreisDatabase(`tabs-units-${Math.random()}`)
  dbs.push(db)
  return db
}
/** Time for a change that should not wake anyone to have done so (a wrong wake-up would show by then). */
const settle = () => new Promise((r) => setTimeout(r, 30))
/**
 * The watcher's first look at the outbox (a live query's first answer) must come before the test's first write, or
 * that write counts as "already there": on a loaded CI machine it took longer than 30 ms.
 */
const firstLook = () => new Promise((r) => setTimeout(r, 300))
/** A wake-up that should come: waited for, however slow the machine. */
const wokenTo = (woken: () => number, n: number) => vi.waitFor(() => expect(woken()).toBe(n))
const entry = (state: OutboxEntry['state'] = 'queued'): OutboxEntry => ({
  group: 'profile:u1',
  op: { kind: 'profile.update', profile: { id: 'u1', first_name: 'A', last_name: 'B', location: null } },
  queued_at: 0,
  state,
  attempts: 0,
  not_before: 0,
})

describe('watchForWork: the leader is woken by new work only', () => {
  it('a new entry or a retried one wakes it; the first look, an acknowledgement and a failure do not; stop ends it', async () => {
    const db = fresh()
    const first = await db.outbox.add(entry())
    let woken = 0
    const stop = watchForWork(db, () => void woken++)
    await firstLook()
    expect(woken).toBe(0) // what was there already is the leader's own business
    await db.outbox.add(entry())
    await wokenTo(() => woken, 1)
    await db.outbox.update(first, { state: 'failed' })
    await settle()
    expect(woken).toBe(1) // fewer queued
    await db.outbox.update(first, { state: 'queued' }) // the user retries: more queued, same newest key
    await wokenTo(() => woken, 2)
    await db.outbox.update(first, { attempts: 3, not_before: 99 }) // backoff bookkeeping: nothing new to send
    await settle()
    expect(woken).toBe(2)
    await db.outbox.delete(first) // acknowledged
    await settle()
    expect(woken).toBe(2)
    stop()
    await db.outbox.add(entry())
    await settle()
    expect(woken).toBe(2)
  })

  it('an empty outbox that gets its first entry wakes it', async () => {
    const db = fresh()
    let woken = 0
    stops.push(watchForWork(db, () => void woken++))
    await firstLook()
    await db.outbox.add(entry('failed')) // a newer key, nothing queued more
    await wokenTo(() => woken, 1)
  })

  it('a poke on the channel kreis-sync wakes it; other messages do not', async () => {
    const db = fresh()
    let woken = 0
    stops.push(watchForWork(db, () => void woken++))
    const other = new BroadcastChannel('kreis-sync')
    other.postMessage({ type: 'something-else' })
    other.postMessage(null)
    await firstLook()
    expect(woken).toBe(0)
    other.postMessage({ type: 'poke' })
    await wokenTo(() => woken, 1)
    other.close()
  })

  it('pokeLeader() posts that poke; after stop the channel is closed', async () => {
    const db = fresh()
    let woken = 0
    const stop = watchForWork(db, () => void woken++)
    const heard: unknown[] = []
    const listener = new BroadcastChannel('kreis-sync')
    listener.onmessage = (e) => void heard.push(e.data)
    pokeLeader()
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'poke' }]))
    await wokenTo(() => woken, 1)
    stop()
    pokeLeader()
    await settle()
    expect(woken).toBe(1)
    listener.close()
  })

  it('without BroadcastChannel: poking does nothing, watching still follows the outbox', async () => {
    vi.stubGlobal('BroadcastChannel', undefined)
    expect(() => pokeLeader()).not.toThrow()
    const db = fresh()
    let woken = 0
    const stop = watchForWork(db, () => void woken++)
    await firstLook()
    await db.outbox.add(entry())
    await wokenTo(() => woken, 1)
    expect(() => stop()).not.toThrow()
  })
})

describe('followStatus: every tab shows the status from the database', () => {
  const stored = async (db: KreisDatabase) => (await db.meta.get('sync-status'))?.value

  it('a follower takes the leader’s stored status (offline when its own browser is), and writes nothing', async () => {
    const db = fresh()
    await db.meta.put({ key: 'sync-status', value: { online: true, lastSyncAt: 42, needsSignIn: true } })
    const status = createSyncStatusStore(true)
    stops.push(followStatus(db, status, async () => {}))
    await vi.waitFor(() =>
      expect(status.getState()).toMatchObject({ online: true, lastSyncAt: 42, needsSignIn: true, leader: false }),
    )
    status.setState({ lastSyncAt: 50 })
    await settle()
    expect(await stored(db)).toEqual({ online: true, lastSyncAt: 42, needsSignIn: true })
    vi.stubGlobal('navigator', { onLine: false })
    await db.meta.put({ key: 'sync-status', value: { online: true, lastSyncAt: 43, needsSignIn: false } })
    await vi.waitFor(() =>
      expect(status.getState()).toMatchObject({ online: false, lastSyncAt: 43, needsSignIn: false }),
    )
    await db.meta.put({ key: 'sync-status', value: { online: false, lastSyncAt: 44, needsSignIn: false } })
    vi.stubGlobal('navigator', { onLine: true })
    await vi.waitFor(() => expect(status.getState()).toMatchObject({ online: false, lastSyncAt: 44 }))
  })

  it('the leader writes its status once the stored one is read, only when a shared field changes', async () => {
    const db = fresh()
    const status = createSyncStatusStore(true)
    status.setState({ leader: true, lastSyncAt: 5 })
    const put = vi.spyOn(db.meta, 'put')
    const writes = () => put.mock.calls.length
    stops.push(followStatus(db, status, async () => {}))
    await vi.waitFor(async () => expect(await stored(db)).toEqual({ online: true, lastSyncAt: 5, needsSignIn: false }))
    expect(writes()).toBe(1)
    status.setState({ pendingCount: 3 }) // not shared
    await settle()
    expect(writes()).toBe(1)
    for (const [patch, expected] of [
      [{ online: false }, { online: false, lastSyncAt: 5, needsSignIn: false }],
      [{ lastSyncAt: 9 }, { online: false, lastSyncAt: 9, needsSignIn: false }],
      [{ needsSignIn: true }, { online: false, lastSyncAt: 9, needsSignIn: true }],
    ] as const) {
      status.setState(patch)
      await vi.waitFor(async () => expect(await stored(db)).toEqual(expected))
    }
    expect(writes()).toBe(4)
  })

  it('the leader writes nothing before the stored status is read (it would replace the stored last sync)', async () => {
    const db = fresh()
    await db.meta.put({ key: 'sync-status', value: { online: true, lastSyncAt: 7, needsSignIn: false } })
    const status = createSyncStatusStore(true)
    status.setState({ leader: true })
    stops.push(followStatus(db, status, async () => {}))
    status.setState({ pendingCount: 1 }) // at once, before the first read
    await vi.waitFor(() => expect(status.getState().lastSyncAt).toBe(7))
    expect(await stored(db)).toEqual({ online: true, lastSyncAt: 7, needsSignIn: false })
  })

  it('a new leader keeps a later last sync its predecessor stored, not an earlier one', async () => {
    for (const [mine, storedAt, expected] of [
      [null, 7, 7],
      [3, 7, 7],
      [9, 7, 9],
      [9, null, 9],
    ] as const) {
      const db = fresh()
      await db.meta.put({ key: 'sync-status', value: { online: true, lastSyncAt: storedAt, needsSignIn: false } })
      const status = createSyncStatusStore(true)
      status.setState({ leader: true, lastSyncAt: mine })
      const stop = followStatus(db, status, async () => {})
      await vi.waitFor(async () => {
        expect(status.getState().lastSyncAt).toBe(expected)
        expect(((await stored(db)) as { lastSyncAt: number | null }).lastSyncAt).toBe(expected)
      })
      stop()
    }
  })

  it('counts follow every outbox change in any tab, until it stops', async () => {
    const db = fresh()
    const status = createSyncStatusStore(true)
    let counted = 0
    const stop = followStatus(db, status, async () => void counted++)
    await vi.waitFor(() => expect(counted).toBeGreaterThan(0)) // the first look
    const start = counted
    await db.outbox.add(entry())
    await vi.waitFor(() => expect(counted).toBeGreaterThan(start))
    stop()
    const after = counted
    await db.outbox.add(entry())
    status.setState({ leader: true, online: false })
    await settle()
    expect(counted).toBe(after)
    expect(await stored(db)).toBeUndefined()
  })
})
