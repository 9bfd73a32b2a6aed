// @vitest-environment happy-dom
/**
 * This browser's push subscription for the signed-in account: turning notifications on (permission from the click,
 * the browser's subscription queued for the account), keeping the account's copy current on start, turning them off,
 * and signing out (the row goes at once, nothing of this endpoint stays queued for another account's session).
 * The browser's Push API is a fake at its globals; the server's key and the immediate delete come from the remote
 * module, mocked at that seam.
 */
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { OutboxEntry } from '@/db/rows'
import { setPushSubscription } from '../kinds/push-subscription'
import { signOutUser } from '../signed-in-user'
import { FakePushBrowser, THIS_BROWSER_ENDPOINT as ENDPOINT } from '../testing/fake-push-browser'
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  keepPushSubscriptionCurrent,
  removePushOnSignOut,
} from './device-subscription'

/** The VAPID public key's 65 bytes (an uncompressed P-256 point starts with 4), and its base64url form. */
const KEY_BYTES = Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 53 + 7) & 255))
const KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '')

const server = vi.hoisted(() => ({ key: null as string | null, deleted: [] as string[] }))
vi.mock('@/remote/auth', () => ({ signOut: async () => ({ ok: true }) }))
vi.mock('@/remote/push', () => ({
  vapidPublicKey: async () => server.key,
  deletePushSubscriptionNow: async (e: string) => (server.deleted.push(e), true),
}))

const ME = '00000000-0000-4000-8000-000000000001'
const OTHER = '00000000-0000-4000-8000-000000000002'
const RENEWED = 'https://push.example.com/renewed'
let db: KreisDatabase
let browser: FakePushBrowser

const queued = async () => (await db.outbox.toArray()).map((e) => ({ group: e.group, op: e.op, at: e.queued_at }))
const groups = async () => (await db.outbox.toArray()).map((e) => e.group)
const pushOp = (userId: string, endpoint: string, subscribed: boolean) => ({
  kind: 'push.subscription',
  subscribed,
  subscription: { user_id: userId, endpoint, p256dh: 'BKEY', auth: 'AUTH' },
})
const favourite = (): OutboxEntry => ({
  group: 'favourite:l1',
  op: { kind: 'favourite.set', user_id: ME, listing_id: 'l1', favourite: true, created_at: new Date().toISOString() },
  queued_at: Date.now(),
  state: 'queued',
  attempts: 0,
  not_before: 0,
})

beforeEach(() => {
  server.key = KEY
  server.deleted.length = 0
  localStorage.clear()
  browser = new FakePushBrowser({ permission: 'granted' })
  db = new KreisDatabase(`device-subscription-${Math.random()}`)
})

afterEach(async () => {
  browser.restore()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  db.close()
  await db.delete()
})

describe('the browser’s current subscription', () => {
  it('is the one the service worker’s push manager holds', async () => {
    const held = browser.holdSubscription()
    expect(await currentPushSubscription()).toBe(held)
  })

  it.each<[string, (b: FakePushBrowser) => void]>([
    ['the browser holds none', () => {}],
    ['no service worker is registered', (b) => (b.holdSubscription(), (b.registered = false))],
    ['the browser has no service workers', (b) => (b.holdSubscription(), b.restore())],
  ])('is none when %s', async (_name, arrange) => {
    arrange(browser)
    expect(await currentPushSubscription()).toBeNull()
  })
})

describe('turning notifications on', () => {
  it('asks once, subscribes with the server’s key for visible notifications, and queues it for the account', async () => {
    browser.permission = 'default'
    expect(await enablePush(db, ME, 1234)).toBe('enabled')
    expect(browser.permissionRequests).toBe(1)
    expect(browser.subscribeOptions).toHaveLength(1)
    const [options] = browser.subscribeOptions
    expect(options?.userVisibleOnly).toBe(true)
    expect([...(options?.applicationServerKey as Uint8Array)]).toEqual(KEY_BYTES)
    expect(await queued()).toEqual([{ group: `push:${ENDPOINT}`, op: pushOp(ME, ENDPOINT, true), at: 1234 }])
    // The start after it has nothing to queue again.
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(false)
  })

  it('uses the subscription the browser already holds instead of making another', async () => {
    browser.holdSubscription(RENEWED)
    expect(await enablePush(db, ME)).toBe('enabled')
    expect(browser.subscribeOptions).toEqual([])
    expect(await groups()).toEqual([`push:${RENEWED}`])
  })

  it.each<[string, NotificationPermission, string]>([
    ['blocked', 'denied', 'denied'],
    ['closed without an answer', 'default', 'dismissed'],
  ])('the person %s the prompt: %s, and nothing subscribed or queued', async (_name, answer, outcome) => {
    browser.permission = 'default'
    browser.answer = answer
    expect(await enablePush(db, ME)).toBe(outcome)
    expect(browser.subscribeOptions).toEqual([])
    expect(await groups()).toEqual([])
  })

  it.each<[string, (b: FakePushBrowser) => void]>([
    ['no service worker is registered', (b) => (b.registered = false)],
    ['the server has no push key (never seen)', () => (server.key = null)],
    [
      'the server has no push key, though the browser holds a subscription',
      (b) => (b.holdSubscription(), (server.key = null)),
    ],
    ['the push service refuses to subscribe', (b) => (b.failSubscribe = true)],
    ['the subscription has no keys', (b) => (b.nextKeys = null)],
    ['the subscription lacks its p256dh key', (b) => (b.nextKeys = { auth: 'AUTH' })],
    ['the subscription lacks its auth secret', (b) => (b.nextKeys = { p256dh: 'BKEY' })],
    ['the subscription has no endpoint', (b) => (b.nextEndpoint = '')],
  ])('fails when %s, and queues nothing', async (_name, arrange) => {
    arrange(browser)
    expect(await enablePush(db, ME)).toBe('failed')
    expect(await groups()).toEqual([])
  })

  it('fails when the subscription cannot be queued', async () => {
    vi.spyOn(db.outbox, 'add').mockRejectedValue(new Error('QuotaExceededError'))
    expect(await enablePush(db, ME)).toBe('failed')
    // Nothing reached the account, so the next start tries again.
    vi.restoreAllMocks()
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
  })
})

describe('on start', () => {
  it('queues the browser’s subscription again only when it is not the one last queued for the user', async () => {
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(false)
    browser.holdSubscription()
    expect(await keepPushSubscriptionCurrent(db, ME, 777)).toBe(true)
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(false)
    expect(await queued()).toEqual([{ group: `push:${ENDPOINT}`, op: pushOp(ME, ENDPOINT, true), at: 777 }])
    // The browser renewed its subscription while the app was closed.
    browser.holdSubscription(RENEWED)
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    expect(await groups()).toEqual([`push:${ENDPOINT}`, `push:${RENEWED}`])
  })

  it('what was queued for one account says nothing for another signing in on this browser', async () => {
    browser.holdSubscription()
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    expect(await keepPushSubscriptionCurrent(db, OTHER)).toBe(true)
    expect((await queued()).map((e) => e.op)).toEqual([pushOp(ME, ENDPOINT, true), pushOp(OTHER, ENDPOINT, true)])
  })

  it.each<[string, () => void]>([
    ['the permission was never given', () => (browser.permission = 'default')],
    ['the permission was withdrawn', () => (browser.permission = 'denied')],
    ['the browser has no Notification', () => delete (window as unknown as Record<string, unknown>).Notification],
    ['the subscription has no keys', () => browser.holdSubscription(ENDPOINT, null)],
  ])('nothing when %s', async (_name, arrange) => {
    browser.holdSubscription()
    arrange()
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(false)
    expect(await groups()).toEqual([])
  })

  it('without storage it still queues (again on every start, which changes nothing on the server)', async () => {
    browser.holdSubscription()
    // A browser whose storage refuses every write (full, or blocked for the site).
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('storage full', 'QuotaExceededError')
      },
      removeItem: () => {},
    })
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    expect(await groups()).toEqual([`push:${ENDPOINT}`, `push:${ENDPOINT}`])
  })
})

describe('turning notifications off', () => {
  it('the removal is queued for the account and the browser ends the subscription', async () => {
    expect(await enablePush(db, ME)).toBe('enabled')
    await disablePush(db, ME, 4321)
    expect((await queued())[1]).toEqual({ group: `push:${ENDPOINT}`, op: pushOp(ME, ENDPOINT, false), at: 4321 })
    expect(browser.unsubscribed).toEqual([ENDPOINT])
    expect(await currentPushSubscription()).toBeNull()
  })

  it('without a subscription: nothing queued, nothing ended', async () => {
    await disablePush(db, ME)
    expect(await groups()).toEqual([])
    expect(browser.unsubscribed).toEqual([])
  })

  it('a subscription without keys is still ended in the browser', async () => {
    browser.holdSubscription(ENDPOINT, null)
    await disablePush(db, ME)
    expect(await groups()).toEqual([])
    expect(browser.unsubscribed).toEqual([ENDPOINT])
  })

  it('when the browser cannot end it, the next start queues it for the account again', async () => {
    expect(await enablePush(db, ME)).toBe('enabled')
    browser.failUnsubscribe = true
    await expect(disablePush(db, ME)).resolves.toBeUndefined()
    // The browser still holds it and may show notifications: the account follows the browser.
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    expect((await queued()).map((e) => e.op.kind === 'push.subscription' && e.op.subscribed)).toEqual([
      true,
      false,
      true,
    ])
  })
})

describe('signing out', () => {
  it('deletes the row on the server at once, drops this endpoint’s queued entries, ends the subscription', async () => {
    browser.holdSubscription()
    await setPushSubscription(db, pushOp(ME, ENDPOINT, true).subscription, true, Date.now())
    await setPushSubscription(db, pushOp(ME, RENEWED, true).subscription, true, Date.now())
    await db.outbox.add(favourite())
    await removePushOnSignOut(db)
    expect(server.deleted).toEqual([ENDPOINT])
    expect(await groups()).toEqual([`push:${RENEWED}`, 'favourite:l1'])
    expect(browser.unsubscribed).toEqual([ENDPOINT])
  })

  it('signOutUser removes it', async () => {
    browser.holdSubscription()
    expect(await signOutUser({ confirmed: true }, db)).toEqual({ signedOut: true })
    expect(server.deleted).toEqual([ENDPOINT])
    expect(browser.unsubscribed).toEqual([ENDPOINT])
  })

  it.each<[string, (b: FakePushBrowser) => void]>([
    ['the browser holds no subscription', () => {}],
    ['the service worker cannot be reached', (b) => (b.holdSubscription(), (b.failRegistration = true))],
  ])('nothing to delete when %s', async (_name, arrange) => {
    arrange(browser)
    await db.outbox.add(favourite())
    await expect(removePushOnSignOut(db, ME)).resolves.toBeUndefined()
    expect(server.deleted).toEqual([])
    expect(await groups()).toEqual(['favourite:l1'])
  })

  it('the browser failing to end the subscription does not stop the sign-out', async () => {
    browser.holdSubscription()
    browser.failUnsubscribe = true
    await expect(removePushOnSignOut(db, ME)).resolves.toBeUndefined()
    expect(server.deleted).toEqual([ENDPOINT])
  })

  it('forgets what was queued for the user, so signing in again queues the subscription anew', async () => {
    browser.holdSubscription()
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
    browser.failUnsubscribe = true // the browser keeps it, so there is one to queue on the next sign-in
    await removePushOnSignOut(db, ME)
    expect(Object.keys(localStorage).filter((k) => k.includes(ME))).toEqual([])
    expect(await keepPushSubscriptionCurrent(db, ME)).toBe(true)
  })
})
