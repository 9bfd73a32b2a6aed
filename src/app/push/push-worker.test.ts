// @vitest-environment node
/**
 * The service worker's half of Web Push (public/sw-push.js), run as a function whose `self` stands in for the
 * worker's global scope, with fake windows and a fake registration. e2e/push.spec.ts runs the same file inside
 * Chromium's real service worker with a push delivered through the DevTools protocol.
 */
import { describe, expect, it } from 'vitest'
import { en } from '@/i18n/en'
import { BADGE_CACHE, BADGE_KEY } from './badge'
import SCRIPT from '../../../public/sw-push.js?raw'

interface FakeWindow {
  url: string
  visibilityState: 'visible' | 'hidden'
  focused?: boolean
  navigatedTo?: string
  focus(): Promise<FakeWindow>
  navigate(url: string): Promise<FakeWindow>
}

const win = (path: string, visibilityState: 'visible' | 'hidden' = 'visible'): FakeWindow => {
  const w: FakeWindow = {
    url: `https://kreis.example${path}`,
    visibilityState,
    focus: async () => ((w.focused = true), w),
    navigate: async (url: string) => ((w.navigatedTo = url), w),
  }
  return w
}

function worker(windows: FakeWindow[], { badge = false } = {}) {
  const listeners: Record<string, ((e: unknown) => void)[]> = {}
  const shown: { title: string; options: NotificationOptions & { data: { url: string } } }[] = []
  const opened: string[] = []
  const badges: number[] = []
  const store = new Map<string, string>()
  const self = {
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] ??= []).push(fn),
    clients: {
      matchAll: async (opts: unknown) => (expect(opts).toEqual({ type: 'window', includeUncontrolled: true }), windows),
      openWindow: async (url: string) => (opened.push(url), null),
    },
    registration: { showNotification: async (title: string, options: never) => void shown.push({ title, options }) },
    navigator: badge ? { setAppBadge: async (n: number) => void badges.push(n) } : {},
  }
  const caches = {
    open: async (name: string) => ({
      match: async (key: string) =>
        store.has(`${name} ${key}`) ? new Response(store.get(`${name} ${key}`)) : undefined,
      put: async (key: string, res: Response) => void store.set(`${name} ${key}`, await res.text()),
    }),
  }
  new Function('self', 'caches', SCRIPT)(self, caches)
  const run = async (type: string, event: object) => {
    let work: Promise<unknown> | null = null
    for (const fn of listeners[type] ?? []) fn({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) })
    await work
  }
  return {
    shown,
    opened,
    badges,
    store,
    push: (data: unknown) =>
      run('push', {
        data: data === undefined ? null : { json: () => (typeof data === 'string' ? JSON.parse(data) : data) },
      }),
    click: (url: string) => run('notificationclick', { notification: { data: { url }, close() {} } }),
  }
}

const MESSAGE = {
  type: 'message',
  conversation_id: 'c-1',
  sender_first_name: 'Anna',
  listing_title: "Levi's 501 jacket",
  text: 'Is it still available?',
}

describe('service worker Web Push: the push', () => {
  it('shows "New message from Anna" / "Levi\'s 501 jacket: Is it still available?", one per conversation', async () => {
    const w = worker([])
    await w.push(MESSAGE)
    expect(w.shown).toEqual([
      {
        title: 'New message from Anna',
        options: expect.objectContaining({
          body: "Levi's 501 jacket: Is it still available?",
          tag: 'conversation:c-1',
          data: { url: '/messages/c-1' },
        }),
      },
    ])
  })

  it.each([
    ['a visible window on the thread', [win('/messages/c-1')], 0],
    ['a hidden window on the thread', [win('/messages/c-1', 'hidden')], 1],
    ['a visible window elsewhere', [win('/messages/c-2'), win('/shop')], 1],
    ['no window', [], 1],
  ])('with %s: %i notification(s)', async (_name, windows, count) => {
    const w = worker(windows)
    await w.push(MESSAGE)
    expect(w.shown).toHaveLength(count)
  })

  it("shows the server's wording in the receiver's language, in that language", async () => {
    const w = worker([])
    await w.push({
      ...MESSAGE,
      lang: 'de-CH',
      title: 'Neue Nachricht von Anna',
      body: "Levi's 501 jacket: Ist sie noch da?",
    })
    expect(w.shown).toEqual([
      {
        title: 'Neue Nachricht von Anna',
        options: expect.objectContaining({
          body: "Levi's 501 jacket: Ist sie noch da?",
          lang: 'de-CH',
          tag: 'conversation:c-1',
        }),
      },
    ])
  })

  it('says "New message" without a name, and ignores payloads it does not know', async () => {
    const w = worker([])
    await w.push({ ...MESSAGE, sender_first_name: '' })
    await w.push({ type: 'other' })
    await w.push(undefined)
    expect(w.shown.map((s) => s.title)).toEqual(['New message'])
  })

  it('counts the badge on from the unread total the app left (where the badge exists)', async () => {
    const w = worker([], { badge: true })
    w.store.set(`${BADGE_CACHE} ${BADGE_KEY}`, '3')
    await w.push(MESSAGE)
    await w.push(MESSAGE)
    expect(w.badges).toEqual([4, 5])
  })
})

describe('service worker Web Push: the click', () => {
  it('focuses a window already on the thread', async () => {
    const thread = win('/messages/c-1', 'hidden')
    const w = worker([win('/shop'), thread])
    await w.click('/messages/c-1')
    expect(thread.focused).toBe(true)
    expect(thread.navigatedTo).toBeUndefined()
    expect(w.opened).toEqual([])
  })

  it('moves another open window to the thread', async () => {
    const shop = win('/shop')
    const w = worker([shop])
    await w.click('/messages/c-1')
    expect(shop).toMatchObject({ focused: true, navigatedTo: '/messages/c-1' })
  })

  it('opens the thread when no window is open, and nothing but a thread', async () => {
    const w = worker([])
    await w.click('/messages/c-1')
    await w.click('https://evil.example/')
    expect(w.opened).toEqual(['/messages/c-1'])
  })
})

describe('service worker Web Push: its words', () => {
  it('are the catalogue’s', () => {
    const constant = (name: string) => new RegExp(`const ${name} = '([^']*)'`).exec(SCRIPT)?.[1]
    expect(constant('KREIS_PUSH_TITLE')).toBe(en['push.notificationTitle'])
    expect(constant('KREIS_PUSH_TITLE_NO_NAME')).toBe(en['push.notificationTitleNoName'])
    expect(constant('KREIS_PUSH_BODY')).toBe(en['push.notificationBody'])
    expect(constant('KREIS_BADGE_CACHE')).toBe(BADGE_CACHE)
    expect(constant('KREIS_BADGE_KEY')).toBe(BADGE_KEY)
  })
})
