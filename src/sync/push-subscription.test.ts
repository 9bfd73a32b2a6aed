// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { PushSubscriptionWrite } from '@/db/rows'
import { setPushSubscription } from './kinds/push-subscription'
import { discardFailed } from './outbox'
import { drainOutbox } from './push'
import { pushSubscriptionsOf } from './testing/memory-screen-ops'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { ScriptedTransport } from './testing/scripted-transport'
import { VirtualClock } from './testing/harness'

const ME = '00000000-0000-4000-8000-000000000001'
const OTHER = '00000000-0000-4000-8000-000000000009'
const T0 = Date.parse('2026-11-27T10:00:00.000Z')
const open: KreisDatabase[] = []

afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

function device(userId: string, server: MemoryServer) {
  for (const [id, n] of [
    [ME, 'Anna'],
    [OTHER, 'Otto'],
  ] as const)
    if (!server.profiles.has(id)) server.addUser(id, n, 'X')
  const rng = createRng(7)
  const db = new KreisDatabase(`push-subscription-${Math.random()}`)
  open.push(db)
  const scripted = new ScriptedTransport(new MemoryTransport(server, userId, rng))
  const clock = new VirtualClock(T0, rng)
  return { db, clock, scripted, deps: { db, transport: scripted.transport, clock } }
}

const sub = (over: Partial<PushSubscriptionWrite> = {}): PushSubscriptionWrite => ({
  user_id: ME,
  endpoint: 'https://push.example.com/device-1',
  p256dh: 'BPUBLIC',
  auth: 'AUTH',
  ...over,
})
const offline = { ok: false, reason: 'network', message: 'offline' } as const

describe('the push subscription through the outbox', () => {
  it('subscribing offline reaches the server on the next drain', async () => {
    const server = new MemoryServer()
    const { db, clock, scripted, deps } = device(ME, server)
    await setPushSubscription(db, sub(), true, clock.now())
    scripted.failNext('setPushSubscription', offline)
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    expect(pushSubscriptionsOf(server).size).toBe(0)
    expect(await db.outbox.count()).toBe(1)
    await drainOutbox(deps)
    expect([...pushSubscriptionsOf(server).values()]).toEqual([sub()])
    expect(await db.outbox.count()).toBe(0)
  })

  it('subscribe then unsubscribe before a connection sends only the last state: one request, nothing on the server', async () => {
    const server = new MemoryServer()
    const { db, clock, scripted, deps } = device(ME, server)
    await setPushSubscription(db, sub(), true, clock.now())
    await setPushSubscription(db, sub(), false, clock.now())
    await drainOutbox(deps)
    expect(scripted.calls.filter((c) => c === 'setPushSubscription')).toHaveLength(1)
    expect(pushSubscriptionsOf(server).size).toBe(0)
  })

  it('unsubscribing removes the row the device added', async () => {
    const server = new MemoryServer()
    const { db, clock, deps } = device(ME, server)
    await setPushSubscription(db, sub(), true, clock.now())
    await drainOutbox(deps)
    await setPushSubscription(db, sub(), false, clock.now())
    await drainOutbox(deps)
    expect(pushSubscriptionsOf(server).size).toBe(0)
  })

  it('a refused subscription (another user named) is marked failed and discarding it touches no other data', async () => {
    const server = new MemoryServer()
    const { db, clock, deps } = device(ME, server)
    await db.my_profile.put({ id: ME, first_name: 'Anna' } as never)
    await setPushSubscription(db, sub({ user_id: OTHER }), true, clock.now())
    await drainOutbox(deps)
    const [failed] = await db.outbox.toArray()
    expect(failed?.state).toBe('failed')
    // Nothing to refetch: the subscription has no row on the device.
    expect(await discardFailed(db, failed!.group)).toEqual({})
    expect(await db.outbox.count()).toBe(0)
    expect(await db.my_profile.get(ME)).toBeDefined()
  })
})
