// @vitest-environment happy-dom
/**
 * Turning notifications off and signing out: the account's row goes (through the outbox, or at once at sign-out),
 * the browser ends its subscription, and nothing of this endpoint stays queued for another account's session.
 * The browser's Push API is a fake; the remote call is mocked at the module the app owns.
 */
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { setPushSubscription } from '../kinds/push-subscription'
import { signOutUser } from '../signed-in-user'
import { disablePush, keepPushSubscriptionCurrent, removePushOnSignOut } from './device-subscription'

const deleted: string[] = []
vi.mock('@/remote/auth', () => ({ signOut: async () => ({ ok: true }) }))
vi.mock('@/remote/push', () => ({
  vapidPublicKey: async () => null,
  deletePushSubscriptionNow: async (e: string) => (deleted.push(e), true),
}))

const ME = '00000000-0000-4000-8000-000000000001'
const ENDPOINT = 'https://push.example.com/this-browser'
let db: KreisDatabase
let unsubscribe: ReturnType<typeof vi.fn>
let endpoint = ENDPOINT

function browserSubscription(url: string) {
  endpoint = url
}

beforeEach(() => {
  deleted.length = 0
  localStorage.clear()
  endpoint = ENDPOINT
  ;(window as unknown as Record<string, unknown>).Notification = { permission: 'granted' }
  db = new KreisDatabase(`device-subscription-${Math.random()}`)
  unsubscribe = vi.fn(async () => true)
  const subscription = () => ({
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'BKEY', auth: 'AUTH' } }),
    unsubscribe,
  })
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription() } }) },
    configurable: true,
  })
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('this browser’s push subscription', () => {
  it('turned off: the removal is queued for the account and the browser ends the subscription', async () => {
    await disablePush(db, ME)
    const [queued] = await db.outbox.toArray()
    expect(queued).toMatchObject({
      group: `push:${ENDPOINT}`,
      op: { kind: 'push.subscription', subscribed: false, subscription: { user_id: ME, endpoint: ENDPOINT } },
    })
    expect(unsubscribe).toHaveBeenCalledTimes(1)
  })

  it('at sign-out: deleted on the server at once, its queued entries dropped, the browser subscription ended', async () => {
    await setPushSubscription(db, { user_id: ME, endpoint: ENDPOINT, p256dh: 'BKEY', auth: 'AUTH' }, true, Date.now())
    await db.outbox.add({
      group: 'favourite:l1',
      op: {
        kind: 'favourite.set',
        user_id: ME,
        listing_id: 'l1',
        favourite: true,
        created_at: new Date().toISOString(),
      },
      queued_at: Date.now(),
      state: 'queued',
      attempts: 0,
      not_before: 0,
    })
    await removePushOnSignOut(db)
    expect(deleted).toEqual([ENDPOINT])
    expect((await db.outbox.toArray()).map((e) => e.group)).toEqual(['favourite:l1'])
    expect(unsubscribe).toHaveBeenCalledTimes(1)
  })

  it('signing out removes it', async () => {
    expect(await signOutUser({ confirmed: true }, db)).toEqual({ signedOut: true })
    expect(deleted).toEqual([ENDPOINT])
    expect(unsubscribe).toHaveBeenCalledTimes(1)
  })

  it('at sign-out without a subscription: nothing to do', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: async () => undefined },
      configurable: true,
    })
    await removePushOnSignOut(db)
    expect(deleted).toEqual([])
  })

  it('on start: queues the browser’s subscription again only when it is not the one last queued for the user', async () => {
    const groups = async () => (await db.outbox.toArray()).map((e) => e.group)
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(false)
    expect(await groups()).toEqual([`push:${ENDPOINT}`])
    // The browser renewed its subscription while the app was closed.
    browserSubscription('https://push.example.com/renewed')
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    expect(await groups()).toEqual([`push:${ENDPOINT}`, 'push:https://push.example.com/renewed'])
  })

  it('on start: nothing without the permission, and sign-out forgets what was queued for the user', async () => {
    ;(window as unknown as Record<string, unknown>).Notification = { permission: 'default' }
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(false)
    ;(window as unknown as Record<string, unknown>).Notification = { permission: 'granted' }
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    await removePushOnSignOut(db, ME)
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
  })
})
