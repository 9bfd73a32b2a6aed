/**
 * The first screen painted from index.html (scripts/prerender.ts, scripts/app-loader.ts): the home page, /shop and
 * /item/:id show their prerendered page before any of the app's JS has run, the app adopts that markup instead of
 * painting it again, and a page opened offline from the service worker shows its own first screen, never the home
 * page's hero.
 */
import { expect, test, type Page } from '@playwright/test'

const ITEM = '/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'

/**
 * At DOMContentLoaded (before the app's module has run: index.html inserts it, async), the h1s a visitor sees, and
 * the first h1 attached to the document, kept to see whether the app replaced it later.
 */
async function recordFirstScreen(page: Page): Promise<void> {
  await page.addInitScript({
    content: `
      window.__parsedH1 = null
      new MutationObserver(() => { window.__parsedH1 ||= document.querySelector('h1') }).observe(document, { childList: true, subtree: true })
      document.addEventListener('DOMContentLoaded', () => {
        window.__shownAtParse = [...document.querySelectorAll('h1, [role="status"][aria-busy="true"]')]
          .filter((e) => e.getClientRects().length > 0)
          .map((e) => e.textContent.trim())
      })`,
  })
}

const shownAtParse = (page: Page) => page.evaluate(() => (window as unknown as { __shownAtParse: string[] }).__shownAtParse)

test.describe('the first screen from HTML', () => {
  test('each prerendered page paints from the document alone, with no JS of the app', async ({ page }) => {
    await recordFirstScreen(page)
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Wear stories, not trends.' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Kreis' })).toBeVisible()
    expect(await shownAtParse(page)).toEqual(['Wear stories, not trends.'])

    await page.goto('/shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace Feed' })).toBeVisible()
    await expect(page.locator('#hero-title')).toBeHidden()
    expect(await shownAtParse(page)).toEqual(['Marketplace Feed'])

    await page.goto(ITEM)
    await expect(page.getByRole('status').filter({ hasText: 'Loading item' })).toBeVisible()
    await expect(page.locator('#hero-title')).toBeHidden()
    expect(await shownAtParse(page)).toEqual(['Loading item'])

    // A page without a prerendered one starts empty (its own screen comes with the app), not with another's.
    await page.goto('/contact')
    await expect(page.locator('#root')).toBeHidden()
  })

  test('the app adopts the painted page (hydration) instead of painting it again; no hydration errors', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
    page.on('pageerror', (e) => void errors.push(e.message))
    await recordFirstScreen(page)
    await page.goto('/')
    // The data layer has started on the hydrated page: the fresh grid's cards are there.
    await expect(page.locator('main a[href^="/item/"]').first()).toBeVisible()
    const kept = await page.evaluate(() => {
      const first = (window as unknown as { __parsedH1: Element | null }).__parsedH1
      return !!first && first.isConnected && first === document.querySelector('h1')
    })
    expect(kept).toBe(true)
    expect(errors.filter((e) => /hydrat|did not match|Minified React error #4(18|19|21|23|25)/i.test(e))).toEqual([])
  })

  test('a tap on the painted page before the app has loaded is carried out once it has', async ({ page }) => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Start Shopping' }).click()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    release()
    // "Start Shopping" scrolls to the products (its handler is React's).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })

  test('on the home page the app’s JS is requested only after the first paint; /shop asks for it at once', async ({ page }) => {
    const entryAfterPaint = () =>
      page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]
        const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))
        return paint && entry ? entry.startTime >= paint.startTime : null
      })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Fresh from the Circle' })).toBeVisible()
    await expect.poll(entryAfterPaint).toBe(true)

    await page.goto('/shop')
    await expect(page.locator('main a[href^="/item/"]').first()).toBeVisible()
    const preloadedInHead = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].some((l) => /\/assets\/index-[^/]+\.js$/.test((l as HTMLLinkElement).href)),
    )
    expect(preloadedInHead).toBe(true)
  })

  test.describe('offline, from the service worker', () => {
    test.use({ serviceWorkers: 'allow' })

    test('/shop and an item open on their own first screen, never the home page’s hero', async ({ page, context }) => {
      await page.goto('/')
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller) {
          await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }))
        }
      })
      await recordFirstScreen(page)
      await context.setOffline(true)
      await page.goto('/shop')
      expect(await shownAtParse(page)).toEqual(['Marketplace Feed'])
      await expect(page.getByRole('heading', { level: 1, name: 'Marketplace Feed' })).toBeVisible()
      await page.goto(ITEM)
      expect(await shownAtParse(page)).not.toContain('Wear stories, not trends.')
      await context.setOffline(false)
    })
  })
})
