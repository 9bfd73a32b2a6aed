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

/** Holds the app's entry script back until the returned function is called. */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

const shownAtParse = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shownAtParse: string[] }).__shownAtParse)

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

  test('the app adopts the painted page (hydration) instead of painting it again; no hydration errors', async ({
    page,
  }) => {
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
    const release = await holdAppEntry(page)
    await page.goto('/')
    await page.getByRole('button', { name: 'Start Shopping' }).click()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    release()
    // "Start Shopping" scrolls to the products (its handler is React's).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })

  test('on the home page the app’s JS is requested only after the first paint; on a cold /shop after its photos painted', async ({
    page,
  }) => {
    await page.addInitScript({
      content: `new MutationObserver(() => {
        if (window.__photoPainted === undefined && document.querySelector('[data-first-photo="painted"]')) window.__photoPainted = performance.now()
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-first-photo'] })`,
    })
    const entryStart = () =>
      page.evaluate(
        () =>
          performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime ??
          null,
      )
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Fresh from the Circle' })).toBeVisible()
    // Visible is laid out, not yet painted: the paint entry comes with the frame (it was missed once, on a fast load).
    const firstPaint = () =>
      page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null)
    await expect.poll(firstPaint).not.toBeNull()
    const paint = await firstPaint()
    // The heading is prerendered: the app's JS may still be on its way.
    await expect.poll(entryStart).not.toBeNull()
    expect(await entryStart()).toBeGreaterThanOrEqual(paint!)

    await page.goto('/shop')
    await expect(page.locator('main a[href^="/item/"]').first()).toBeVisible()
    const painted = await page.evaluate(() => (window as unknown as { __photoPainted?: number }).__photoPainted ?? null)
    expect(painted).not.toBeNull()
    expect(await entryStart()).toBeGreaterThan(painted!)
  })

  test('a cold /shop and item page paint their first photos from HTML, with none of the app’s JS', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/shop')
    const painted = page.locator('main [data-first-photo="painted"]')
    await expect(painted.first()).toBeVisible()
    // The first row at least (2 columns here), each with the bytes of its photo; the rest waits below the fold.
    expect(await painted.count()).toBeGreaterThanOrEqual(2)
    expect(await painted.first().evaluate((e) => getComputedStyle(e).backgroundImage)).toMatch(/^url\("blob:/)
    expect(await page.locator('main [data-first-photo=""]').count()).toBeGreaterThan(0)

    await page.goto(ITEM)
    await expect(page.locator('main [data-first-photo="painted"]')).toHaveCount(1)
  })

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`the app takes over the painted photos where they are (${viewport.width} px): no shift, no hydration error`, async ({
      page,
    }) => {
      const errors: string[] = []
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
      page.on('pageerror', (e) => void errors.push(e.message))
      await page.setViewportSize(viewport)
      const release = await holdAppEntry(page)
      await page.goto('/shop')
      const slot = page.locator('main [data-first-photo="painted"]').first()
      await expect(slot).toBeVisible()
      const before = await slot.boundingBox()
      release()
      const photo = page.locator('main article img').first()
      await expect(photo).toBeVisible()
      await expect
        .poll(() => photo.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))
        .toBe(true)
      const after = await photo.boundingBox()
      for (const k of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(after![k] - before![k]), k).toBeLessThanOrEqual(1)
      expect(errors.filter((e) => /hydrat|did not match|Minified React error #4(18|19|21|23|25)/i.test(e))).toEqual([])
    })
  }

  test.describe('offline, from the service worker', () => {
    test.use({ serviceWorkers: 'allow' })

    test('/shop and an item open on their own first screen, never the home page’s hero', async ({ page, context }) => {
      await page.goto('/')
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller) {
          await new Promise<void>((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
          )
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
