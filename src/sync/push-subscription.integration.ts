// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushSubscriptionWrite } from '@/db/rows'
import { setPushSubscription } from './kinds/push-subscription'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

let stack: StackHandle
let anna: StackDevice
let ben: StackDevice

// Base64url of a P-256 point and of 16 bytes, as PushSubscription.toJSON() gives them.
const keys = { p256dh: `B${'Q'.repeat(86)}`, auth: 'QUFBQUFBQUFBQUFBQUFBQQ' }

beforeAll(async () => {
  stack = await startStack()
  anna = await stackDevice(stack, await stack.newUser({ firstName: 'Anna', lastName: 'A' }))
  ben = await stackDevice(stack, await stack.newUser({ firstName: 'Ben', lastName: 'B' }))
})

afterAll(async () => {
  await anna?.close()
  await ben?.close()
  await stack?.stop()
})

const endpointsOf = async (d: StackDevice) => {
  const { data, error } = await d.client.from('push_subscriptions').select('endpoint')
  if (error) throw new Error(error.message)
  return (data as { endpoint: string }[]).map((r) => r.endpoint).sort()
}

describe('the push subscription against the local stack', () => {
  it('is added and removed through the outbox (RLS: own rows); adding the same endpoint again is no conflict', async () => {
    const s: PushSubscriptionWrite = { user_id: anna.userId, endpoint: 'https://push.example.com/anna-phone', ...keys }
    await setPushSubscription(anna.db, s, true, Date.now())
    await anna.engine.sync('write')
    expect(await endpointsOf(anna)).toEqual([s.endpoint])
    expect(await endpointsOf(ben)).toEqual([])
    // A retry after a lost answer, or the same browser subscribing again.
    await setPushSubscription(anna.db, s, true, Date.now())
    await anna.engine.sync('write')
    expect(await anna.db.outbox.count()).toBe(0)
    expect(await endpointsOf(anna)).toEqual([s.endpoint])
    await setPushSubscription(anna.db, s, false, Date.now())
    await anna.engine.sync('write')
    expect(await anna.db.outbox.count()).toBe(0)
    expect(await endpointsOf(anna)).toEqual([])
  })

  it('a browser another account subscribed before moves to the account that subscribes it now', async () => {
    const endpoint = 'https://push.example.com/shared-laptop'
    await setPushSubscription(anna.db, { user_id: anna.userId, endpoint, ...keys }, true, Date.now())
    await anna.engine.sync('write')
    await setPushSubscription(ben.db, { user_id: ben.userId, endpoint, ...keys }, true, Date.now())
    await ben.engine.sync('write')
    expect(await ben.db.outbox.count()).toBe(0)
    expect(await endpointsOf(ben)).toEqual([endpoint])
    expect(await endpointsOf(anna)).toEqual([])
  })
})
