import { expect, test, type Page } from '@playwright/test'

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  const controlled = await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    }
    return navigator.serviceWorker.controller !== null
  })
  expect(controlled).toBe(true)
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' })

  test('once the service worker controls the page, the shell and deep links load with no network', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    await waitForServiceWorkerControl(page)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Wear stories, not trends.' })).toBeVisible()
    await expect(page.getByText('Offline', { exact: true })).toBeVisible()

    // Deep links: index.html from the precache (navigateFallback), then the route's lazy chunk, also precached.
    await page.goto('/our-story')
    await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible()
    await page.goto('/contact')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()

    await context.setOffline(false)
    await expect(page.getByText('Offline', { exact: true })).toHaveCount(0)
  })

  test.describe('without a service worker', () => {
    test.use({ serviceWorkers: 'block' })

    test('an offline reload fails, so the test above really ran offline', async ({ page, context }) => {
      await page.goto('/')
      await context.setOffline(true)
      await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
      await context.setOffline(false)
    })
  })
})
