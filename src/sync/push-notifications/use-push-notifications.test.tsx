// @vitest-environment happy-dom
/**
 * The notifications switch's state on this browser: whether they can be had here, whether they are on (a
 * subscription held and the permission granted), busy while turning them on or off, and whether the last attempt to
 * turn them on failed. The hook runs over the real subscription code and a fake-indexeddb database; the browser's
 * Push API is a fake at its globals and the server's key comes from the remote module (mocked at that seam).
 */
import 'fake-indexeddb/auto'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { sessionStore } from '../signed-in-user'
import {
  FakePushBrowser,
  THIS_BROWSER_ENDPOINT as ENDPOINT,
  type PushBrowserOptions,
} from '../testing/fake-push-browser'
import { usePushNotifications } from './use-push-notifications'

const server = vi.hoisted(() => ({ key: null as string | null }))
vi.mock('@/remote/push', () => ({
  vapidPublicKey: async () => server.key,
  deletePushSubscriptionNow: async () => true,
}))

const ME = '00000000-0000-4000-8000-000000000001'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

let db: KreisDatabase
let browser: FakePushBrowser | null = null

function signIn(userId = ME) {
  act(() => sessionStore.setState({ status: 'signed-in', userId, email: null }, true))
}

/** Renders the hook on a browser set up by `options` and then `arrange` (e.g. holding a subscription already). */
function render(options: PushBrowserOptions = {}, arrange: (b: FakePushBrowser) => void = () => {}) {
  browser = new FakePushBrowser(options)
  arrange(browser)
  const wrapper = ({ children }: { children: ReactNode }) => <DatabaseProvider db={db}>{children}</DatabaseProvider>
  return { browser, ...renderHook(() => usePushNotifications(), { wrapper }) }
}

/** Lets every promise the fake browser has started settle (it answers without timers). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

/** A promise the test opens when it has looked at the state in between. */
function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

const queuedOps = async () => (await db.outbox.toArray()).map((e) => e.op)

beforeEach(() => {
  server.key = `B${'A'.repeat(86)}`
  localStorage.clear()
  db = new KreisDatabase(`use-push-notifications-${Math.random()}`)
  signIn()
})

afterEach(async () => {
  cleanup()
  browser?.restore()
  browser = null
  act(() => sessionStore.setState({ status: 'signed-out' }, true))
  db.close()
  await db.delete()
})

describe('what the switch shows', () => {
  it.each<[string, PushBrowserOptions, string]>([
    ['a browser with Web Push', {}, 'available'],
    ['a browser without it', { pushApi: false }, 'unsupported'],
    ['notifications blocked for the site', { permission: 'denied' }, 'denied'],
    ['an iPhone in a Safari tab', { userAgent: IPHONE, maxTouchPoints: 5 }, 'needs-install'],
  ])('availability on %s: %s', async (_name, options, availability) => {
    const { result } = render(options)
    expect(result.current.availability).toBe(availability)
    await settle()
    expect(result.current).toMatchObject({ availability, enabled: false, busy: false, failed: false })
  })

  it('on when the browser holds a subscription and may show notifications', async () => {
    const { result } = render({ permission: 'granted' }, (b) => b.holdSubscription())
    await waitFor(() => expect(result.current.enabled).toBe(true))
  })

  it.each<[string, PushBrowserOptions, boolean]>([
    ['the permission granted, no subscription', { permission: 'granted' }, false],
    ['a subscription, the permission reset to ask', { permission: 'default' }, true],
    [
      'a subscription where push needs installing first',
      { permission: 'granted', userAgent: IPHONE, maxTouchPoints: 5 },
      true,
    ],
  ])('off with %s', async (_name, options, subscribed) => {
    const { result } = render(options, (b) => subscribed && b.holdSubscription())
    await settle()
    expect(result.current.enabled).toBe(false)
  })

  it('off, without an error, when the service worker cannot be reached', async () => {
    const { result } = render({ permission: 'granted' }, (b) => {
      b.holdSubscription()
      b.failRegistration = true
    })
    await settle()
    expect(result.current.enabled).toBe(false)
  })
})

describe('turning them on', () => {
  it('busy while the prompt is open; then on, with the subscription queued for the account', async () => {
    const { browser, result } = render()
    await settle()
    const prompt = gate()
    browser.promptOpen = prompt.promise
    let outcome: Promise<string> | undefined
    act(() => void (outcome = result.current.enable()))
    expect(result.current.busy).toBe(true)
    await act(async () => {
      prompt.open()
      await outcome
    })
    expect(await outcome).toBe('enabled')
    expect(result.current).toMatchObject({ availability: 'available', enabled: true, busy: false, failed: false })
    expect(await queuedOps()).toMatchObject([
      { kind: 'push.subscription', subscribed: true, subscription: { user_id: ME, endpoint: ENDPOINT } },
    ])
  })

  it('blocked at the prompt: denied, and the switch says so', async () => {
    const { browser, result } = render()
    browser.answer = 'denied'
    await act(async () => expect(await result.current.enable()).toBe('denied'))
    expect(result.current).toMatchObject({ availability: 'denied', enabled: false, busy: false, failed: false })
  })

  it('the prompt closed without an answer: still available, not failed', async () => {
    const { browser, result } = render()
    browser.answer = 'default'
    await act(async () => expect(await result.current.enable()).toBe('dismissed'))
    expect(result.current).toMatchObject({ availability: 'available', enabled: false, busy: false, failed: false })
  })

  it('failed when the server has no key; a later attempt that works clears it', async () => {
    const { result } = render()
    server.key = null
    await act(async () => expect(await result.current.enable()).toBe('failed'))
    expect(result.current).toMatchObject({ enabled: false, busy: false, failed: true })
    server.key = `B${'A'.repeat(86)}`
    await act(async () => expect(await result.current.enable()).toBe('enabled'))
    expect(result.current).toMatchObject({ enabled: true, busy: false, failed: false })
  })

  it('failed, and no longer busy, when the browser’s prompt itself throws', async () => {
    const { browser, result } = render()
    browser.failPermissionPrompt = true
    await act(async () => expect(await result.current.enable()).toBe('failed'))
    expect(result.current).toMatchObject({ enabled: false, busy: false, failed: true })
  })

  it('signed out: fails without asking for the permission', async () => {
    act(() => sessionStore.setState({ status: 'signed-out' }, true))
    const { browser, result } = render()
    await act(async () => expect(await result.current.enable()).toBe('failed'))
    expect(browser.permissionRequests).toBe(0)
    expect(result.current.enabled).toBe(false)
    expect(await queuedOps()).toEqual([])
  })

  it('for the account signed in after the hook first rendered', async () => {
    act(() => sessionStore.setState({ status: 'loading' }, true))
    const { result } = render()
    signIn()
    await act(async () => expect(await result.current.enable()).toBe('enabled'))
    expect(await queuedOps()).toMatchObject([{ subscription: { user_id: ME } }])
  })
})

describe('a first look that answers after the person acted', () => {
  it('does not turn the switch off again after it was turned on', async () => {
    const look = gate()
    const { result } = render({}, (b) => {
      b.nextLookWaitsFor = look.promise
    })
    await act(async () => void (await result.current.enable()))
    expect(result.current.enabled).toBe(true)
    // The look began before the subscription existed: its "none" is out of date.
    look.open()
    await settle()
    expect(result.current.enabled).toBe(true)
  })

  it('does not turn the switch on again after it was turned off', async () => {
    const look = gate()
    const { result } = render({ permission: 'granted' }, (b) => {
      b.holdSubscription()
      b.nextLookWaitsFor = look.promise
    })
    await act(() => result.current.disable())
    expect(result.current.enabled).toBe(false)
    look.open()
    await settle()
    expect(result.current.enabled).toBe(false)
  })
})

describe('turning them off', () => {
  it('busy while it works; then off, the removal queued and the browser’s subscription ended', async () => {
    const { browser, result } = render({ permission: 'granted' }, (b) => b.holdSubscription())
    await waitFor(() => expect(result.current.enabled).toBe(true))
    const reachable = gate()
    const getRegistration = navigator.serviceWorker.getRegistration.bind(navigator.serviceWorker)
    Object.defineProperty(navigator.serviceWorker, 'getRegistration', {
      value: async () => (await reachable.promise, getRegistration()),
      configurable: true,
    })
    let done: Promise<void> | undefined
    act(() => void (done = result.current.disable()))
    expect(result.current.busy).toBe(true)
    await act(async () => {
      reachable.open()
      await done
    })
    expect(result.current).toMatchObject({ enabled: false, busy: false })
    expect(browser.unsubscribed).toEqual([ENDPOINT])
    expect(await queuedOps()).toMatchObject([{ subscribed: false, subscription: { user_id: ME, endpoint: ENDPOINT } }])
  })

  it('off, and no longer busy, even when the service worker cannot be reached', async () => {
    const { browser, result } = render({ permission: 'granted' }, (b) => b.holdSubscription())
    await waitFor(() => expect(result.current.enabled).toBe(true))
    browser.failRegistration = true
    await act(() => result.current.disable())
    expect(result.current).toMatchObject({ enabled: false, busy: false })
  })

  it('signed out: leaves the browser’s subscription alone', async () => {
    const { browser, result } = render({ permission: 'granted' }, (b) => b.holdSubscription())
    await waitFor(() => expect(result.current.enabled).toBe(true))
    act(() => sessionStore.setState({ status: 'signed-out' }, true))
    await act(() => result.current.disable())
    expect(browser.unsubscribed).toEqual([])
    expect(await queuedOps()).toEqual([])
  })

  it('for the account signed in after the hook first rendered', async () => {
    act(() => sessionStore.setState({ status: 'loading' }, true))
    const { browser, result } = render({ permission: 'granted' }, (b) => b.holdSubscription())
    signIn()
    await act(() => result.current.disable())
    expect(browser.unsubscribed).toEqual([ENDPOINT])
    expect(await queuedOps()).toMatchObject([{ subscribed: false, subscription: { user_id: ME } }])
  })
})
