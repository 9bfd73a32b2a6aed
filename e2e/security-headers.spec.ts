/**
 * The security headers `npm start` serves the app with (scripts/security-headers.ts): the app works under its
 * Content Security Policy — the prerendered pages' inline scripts, the API, photos, the service worker — with no
 * violation reported, and a page on another origin cannot show the app in a frame.
 */
import { expect, test } from '@playwright/test'
import { APP_URL } from './env'

test('every page and file is served with the CSP, frame refusal, nosniff and a referrer policy', async ({
  request,
}) => {
  for (const path of ['/', '/shop', '/no-such-page', '/manifest.webmanifest']) {
    const res = await request.get(path)
    const h = res.headers()
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(h['content-security-policy'], path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    expect(h['x-frame-options'], path).toBe('DENY')
    expect(h['x-content-type-options'], path).toBe('nosniff')
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
  }
})

test.describe('under the policy', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the app runs under its policy: a visitor browses the feed and an item with no violation', async ({ page }) => {
    test.setTimeout(120_000)
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text())
    })
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      )
    })
    await page.goto('/shop')
    const cards = page.getByRole('main').getByRole('article')
    await expect(cards.first()).toBeVisible({ timeout: 30_000 })
    // A photo from the API's storage loaded.
    await expect
      .poll(
        () =>
          page
            .locator('main article img')
            .evaluateAll((imgs) => imgs.some((i) => (i as HTMLImageElement).naturalWidth > 0)),
        { timeout: 30_000 },
      )
      .toBe(true)
    await page.getByRole('main').locator('article a[href^="/item/"]').first().click()
    await expect(page).toHaveURL(/\/item\//)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The service worker installs under the policy too.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    expect(violations).toEqual([])
  })
})

test('a page on another origin cannot frame the app', async ({ page }) => {
  await page.route('http://foreign.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>waiting</title><iframe onload="document.title='frame loaded'" src="${APP_URL}/shop" width="600" height="400"></iframe>`,
    }),
  )
  await page.goto('http://foreign.example/')
  await expect(page).toHaveTitle('frame loaded', { timeout: 30_000 })
  // Chromium shows its own error page in place of a refused frame: the app's document is not there.
  await expect(page.frameLocator('iframe').locator('#root')).toHaveCount(0)
})
