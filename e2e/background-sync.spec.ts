/**
 * Background Sync in real Chromium: the built service worker (workbox's sw.js importing
 * public/sw-background-sync.js) receives a sync event for the app's tag (dispatched through DevTools, as the
 * browser would when connectivity returns), asks the open window to sync, and keeps the event alive until the
 * window answers. The page stands in for the sync engine's answer; the engine's own side is in engine.test.ts.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test'

const TAG = 'kreis-outbox'

async function controlledRegistration(page: Page, cdp: CDPSession): Promise<string> {
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(page.url()).origin))
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
  return registrations
}

/** Installs the stand-in for the engine: records the worker's messages and answers `answer` on their port. */
async function answerWorker(page: Page, answer: { drained: boolean; reason?: string }): Promise<void> {
  await page.evaluate((a) => {
    const w = window as unknown as { kreisWorkerMessages: unknown[] }
    w.kreisWorkerMessages = []
    navigator.serviceWorker.addEventListener('message', (e) => {
      w.kreisWorkerMessages.push(e.data)
      e.ports[0]?.postMessage(a)
    })
  }, answer)
}

const workerMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { kreisWorkerMessages: unknown[] }).kreisWorkerMessages)

test.describe('Background Sync', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the app can register its tag, and the worker wakes the window when the sync fires', async ({ page }) => {
    await page.goto('/')
    const cdp = await page.context().newCDPSession(page)
    const registrationId = await controlledRegistration(page, cdp)

    const tags = await page.evaluate(async (tag) => {
      const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { register(t: string): Promise<void>; getTags(): Promise<string[]> }
      }
      await reg.sync.register(tag)
      return reg.sync.getTags()
    }, TAG)
    expect(tags).toContain(TAG)

    await answerWorker(page, { drained: true })
    const origin = new URL(page.url()).origin
    // Another tag first: it is none of the worker's business. Messages from one worker arrive in order, so had it
    // posted for that tag, the page would hold two messages once the app's own tag has been answered.
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId,
      tag: 'someone-else',
      lastChance: false,
    })
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: TAG, lastChance: false })
    await expect.poll(() => workerMessages(page)).toEqual([{ type: 'kreis:background-sync' }])
  })
})
