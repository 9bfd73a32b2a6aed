/**
 * Web Push in real Chromium: the built service worker (workbox's sw.js importing public/sw-push.js) receives a push
 * delivered through DevTools (ServiceWorker.deliverPushMessage, as the push service would), shows the message's
 * notification unless a visible window shows that thread, and a click on it brings a window to the thread. The
 * server's half (encryption, VAPID, 410) is supabase/local/push/push.test.ts.
 */
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test'
import { apiSignIn, newDevice } from './account-helpers'

// Anna (seller) and Noah (buyer) talk about this seeded listing.
const CONVERSATION = 'ca837fb7-854a-4790-8e2c-97075e4c0208'
const PAYLOAD = {
  type: 'message',
  conversation_id: CONVERSATION,
  sender_first_name: 'Noah',
  listing_title: "Levi's 501 jacket",
  text: 'Is it still available?',
}

async function registrationOf(page: Page, cdp: CDPSession): Promise<string> {
  const origin = new URL(page.url()).origin
  const id = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin))
      if (live) resolve(live.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    }
  })
  return id
}

const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string })?.url,
    })),
  )

async function deliver(page: Page, cdp: CDPSession, registrationId: string, payload: unknown) {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(payload),
  })
}

/**
 * Delivers a push until the worker shows its conversation's notification. DevTools can hand a push to a worker
 * that is still starting, which drops it (seen in clean-clone CI runs); a push service would deliver again. The
 * notification's tag keeps one per conversation, so a repeated delivery shows the same single notification.
 */
async function deliverUntilShown(
  page: Page,
  cdp: CDPSession,
  registrationId: string,
  payload: typeof PAYLOAD,
): Promise<void> {
  const tag = `conversation:${payload.conversation_id}`
  await expect
    .poll(
      async () => {
        const shown = (await notifications(page)).some((n) => n.tag === tag)
        if (!shown) await deliver(page, cdp, registrationId, payload)
        return shown
      },
      { timeout: 15_000, intervals: [2_000] },
    )
    .toBe(true)
}

/** A page whose worker can show notifications; `path` is where its only window stands. */
async function setUp(
  browser: import('@playwright/test').Browser,
  path: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; registrationId: string }> {
  const { stored } = await apiSignIn('anna@demo.kreis.ch')
  const { context, page } = await newDevice(browser, { stored, serviceWorkers: 'allow' })
  await context.grantPermissions(['notifications'])
  await page.goto(path)
  const cdp = await context.newCDPSession(page)
  const registrationId = await registrationOf(page, cdp)
  return { context, page, cdp, registrationId }
}

test.describe('Web Push', () => {
  test('a push shows the message’s notification when no window shows its thread; a click opens the thread', async ({
    browser,
  }) => {
    const { context, page, cdp, registrationId } = await setUp(browser, '/shop')
    try {
      await deliverUntilShown(page, cdp, registrationId, PAYLOAD)
      await expect
        .poll(() => notifications(page), { timeout: 15_000 })
        .toEqual([
          {
            title: 'New message from Noah',
            body: "Levi's 501 jacket: Is it still available?",
            tag: `conversation:${CONVERSATION}`,
            url: `/messages/${CONVERSATION}`,
          },
        ])

      // A second push of the conversation replaces the first (one per conversation).
      await deliver(page, cdp, registrationId, { ...PAYLOAD, text: 'Hello again' })
      await expect
        .poll(async () => (await notifications(page)).map((n) => n.body), { timeout: 15_000 })
        .toEqual(["Levi's 501 jacket: Hello again"])

      // The click, as the browser would dispatch it to the worker.
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
      await worker.evaluate(async () => {
        type Scope = { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean }
        type NotificationEventClass = new (type: string, init: { notification: Notification }) => Event
        const scope = self as unknown as Scope
        const [n] = await scope.registration.getNotifications()
        const NotificationEvent = (self as unknown as { NotificationEvent: NotificationEventClass }).NotificationEvent
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: n! }))
      })
      await expect(page).toHaveURL(new RegExp(`/messages/${CONVERSATION}$`), { timeout: 15_000 })
      await expect.poll(() => notifications(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('with the thread open and visible, a push of that conversation shows nothing; another conversation’s does', async ({
    browser,
  }) => {
    const { context, page, cdp, registrationId } = await setUp(browser, `/messages/${CONVERSATION}`)
    try {
      await expect(page).toHaveURL(new RegExp(`/messages/${CONVERSATION}$`))
      // A push of another conversation first, until it shows: the worker is running, so none below is dropped.
      const before = '3b0f2c6e-5d41-4a8e-9c27-0e4f7a1d2b93'
      await deliverUntilShown(page, cdp, registrationId, {
        ...PAYLOAD,
        conversation_id: before,
        sender_first_name: 'Lea',
      })
      await deliver(page, cdp, registrationId, PAYLOAD)
      // Then one of a third conversation: once it shows, the open thread's push has been handled (a worker handles
      // pushes in order), and it showed nothing.
      const after = '7e695ba2-f1f0-4105-a98c-ad5c1268a45b'
      await deliverUntilShown(page, cdp, registrationId, {
        ...PAYLOAD,
        conversation_id: after,
        sender_first_name: 'Mia',
      })
      const tags = (await notifications(page)).map((n) => n.tag).sort()
      expect(tags).toEqual([`conversation:${before}`, `conversation:${after}`].sort())
    } finally {
      await context.close()
    }
  })
})
