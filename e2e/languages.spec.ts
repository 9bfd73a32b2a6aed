/**
 * The four languages in a real browser: a first visit follows the browser's language, a choice made in the
 * switch is kept across reloads, German passes axe on the shop and fits a 375 px phone on the main screens, and the
 * pseudo-locale shows every catalogue text accented and longer.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

const ITEM = '/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'

/**
 * Elements whose content is wider than they are and spills out. Scrolling and clipping boxes (a row of chips, a
 * carousel, a truncated name) hold wide content on purpose: they and what they hold are not counted; the page
 * itself being wider than the screen always is.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`document: ${doc.scrollWidth} > ${doc.clientWidth}`)
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('[aria-hidden="true"], template, svg')) continue
      let clipped = false
      for (let a = el.parentElement; a && a !== document.body && !clipped; a = a.parentElement)
        clipped = getComputedStyle(a).overflowX !== 'visible'
      if (clipped) continue
      const style = getComputedStyle(el)
      if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'fixed') continue
      if (style.overflowX !== 'visible' && style.overflowX !== 'clip') continue
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        const text = (el.textContent ?? '').trim().slice(0, 40)
        found.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}": ${el.scrollWidth} > ${el.clientWidth}`,
        )
      }
    }
    return found
  })
}

test.describe('a French browser', () => {
  test.use({ locale: 'fr-CH' })

  test('opens in French, with no English painted first nor a hydration error', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Portez des histoires, pas des tendances.' })).toBeVisible(
      { timeout: 30_000 },
    )
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CH')
    // The English prerendered page was not put on screen for a French visitor.
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull()
    expect(errors.filter((e) => /hydrat|418|423/i.test(e))).toEqual([])
  })

  test('switches to Italian, which stays after a reload', async ({ page }) => {
    await page.goto('/shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Le marché' })).toBeVisible({ timeout: 30_000 })
    await Promise.all([page.waitForEvent('load'), page.getByRole('combobox', { name: 'Langue' }).selectOption('it-CH')])
    await expect(page.getByRole('heading', { level: 1, name: 'Il mercato' })).toBeVisible({ timeout: 30_000 })
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-CH')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Il mercato' })).toBeVisible({ timeout: 30_000 })
  })
})

test.describe('a German browser', () => {
  test.use({ locale: 'de-CH', viewport: { width: 375, height: 812 } })

  test('the shop in German has no axe violations (WCAG 2.1 AA)', async ({ page }) => {
    await page.goto('/shop')
    await expect(page.getByRole('heading', { level: 1, name: 'Marktplatz' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText('Artikel').first()).toBeVisible()
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  for (const [path, heading] of [
    ['/', 'Trag Geschichten, nicht Trends.'],
    ['/shop', 'Marktplatz'],
    [ITEM, 'Arket sage pleated midi skirt'],
    ['/favorites', 'Meine Favoriten'],
    ['/auth', 'Erstelle dein Konto'],
    ['/contact', 'Kontakt'],
    ['/profile', 'Mach mit bei Kreis'],
    ['/nowhere', 'Hoppla! Seite nicht gefunden'],
  ] as const) {
    test(`${path} fits 375 px: no content overflows horizontally`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 })
      expect(await overflowing(page)).toEqual([])
    })
  }

  test('a static page shows its prose in German from its first paint', async ({ page }) => {
    await page.goto('/terms')
    await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByText('Es gilt Schweizer Recht.')).toBeVisible()
    expect(await page.getByText('These terms are governed by Swiss law.').count()).toBe(0)
  })

  test('the overflow check is live: it reports a word too wide for its box', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible({ timeout: 30_000 })
    await page.evaluate(() => {
      const p = document.createElement('p')
      p.style.width = '100px'
      p.textContent = 'Donaudampfschifffahrtsgesellschaftskapitän'
      document.querySelector('main')!.append(p)
    })
    expect((await overflowing(page)).some((f) => f.includes('Donaudampf'))).toBe(true)
  })
})

test('the pseudo-locale shows every catalogue text accented and longer', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('kreis:locale', 'en-XA'))
  await page.goto('/shop')
  await expect(page.getByRole('heading', { level: 1, name: /^\[Ṁàŕķéţþļàçé Ƒééđ ẋ/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
})

for (const [locale, heading] of [
  ['de-CH', 'Marktplatz'],
  ['en', 'Marketplace Feed'],
] as const) {
  test.describe(`a browser in ${locale}`, () => {
    // The service worker would precache every language's chunk: here only what the page itself asks for counts.
    test.use({ locale, serviceWorkers: 'block' })

    test('downloads its own language’s catalogue and no other', async ({ page }) => {
      const scripts = new Set<string>()
      page.on('request', (r) => void (r.resourceType() === 'script' && scripts.add(new URL(r.url()).pathname)))
      // The app calls window.__kreisHydrated once it has mounted (src/app/mount.tsx), prerendered page or not.
      await page.addInitScript(() => {
        let held: (() => void) | undefined
        Object.defineProperty(window, '__kreisHydrated', {
          configurable: true,
          get: () => () => {
            ;(window as { __mounted?: boolean }).__mounted = true
            held?.()
          },
          set: (f: () => void) => void (held = f),
        })
      })
      await page.goto('/shop')
      await page.waitForFunction(() => (window as { __mounted?: boolean }).__mounted === true, undefined, {
        timeout: 30_000,
      })
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 })
      // index.html's list names each language's chunks (scripts/app-loader.ts).
      const locales = await page.evaluate(
        () =>
          (JSON.parse(document.getElementById('kreis-app')!.textContent!) as { locales: Record<string, string[]> })
            .locales,
      )
      const own = locales[locale]!
      const others = Object.entries(locales).flatMap(([l, files]) =>
        l === locale ? [] : files.filter((f) => !own.includes(f)),
      )
      expect(others.length).toBeGreaterThan(0)
      expect(own.filter((f) => !scripts.has(f))).toEqual([])
      expect(others.filter((f) => scripts.has(f))).toEqual([])
    })
  })
}
