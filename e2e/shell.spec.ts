import { expect, test, type Locator } from '@playwright/test'
import { apiSignIn, newDevice } from './account-helpers'

/** Whether the search box's placeholder fits inside it whole, measured in the box's own font. */
const placeholderFits = (box: Locator) =>
  box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context2d = document.createElement('canvas').getContext('2d')!
    context2d.font = style.font
    const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return context2d.measureText(input.placeholder).width <= inner
  })

test.describe('app shell', () => {
  test('renders the header with logo, search and the signed-out account links', async ({ page }) => {
    await page.goto('/')
    const header = page.locator('header')
    await expect(header.getByRole('link', { name: 'Kreis' })).toHaveAttribute('href', '/')
    await expect(header.getByPlaceholder('Search brand, item or category')).toBeVisible()
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=signin')
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup')
  })

  test('the search box shows the longest placeholder that fits it whole, in each language and width', async ({
    browser,
  }) => {
    const cases = [
      { width: 1280, locale: 'en', whole: 'Search brand, item or category' },
      { width: 1280, locale: 'de-CH', whole: 'Marke, Artikel oder Kategorie suchen' },
      { width: 1024, locale: 'fr-CH', whole: 'Rechercher une marque, un article ou une catégorie' },
      { width: 375, locale: 'de-CH', whole: 'Marke, Artikel oder Kategorie suchen' },
      { width: 375, locale: 'it-CH', whole: 'Cerca marca, articolo o categoria' },
    ]
    const shown: string[] = []
    for (const { width, locale, whole } of cases) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale })
      const page = await context.newPage()
      await page.goto('/shop')
      const box = page.locator('header').getByRole('searchbox')
      // Measured here on its own: the placeholder's text in the box's font against the box's inner width.
      await expect.poll(() => placeholderFits(box), { message: `${locale} at ${width} px` }).toBe(true)
      const placeholder = await box.getAttribute('placeholder')
      if (placeholder === null) throw new Error('the search box has no placeholder')
      shown.push(placeholder)
      // Never a cut-off whole text: either the whole one fits, or a shorter one is shown.
      if (placeholder !== whole) expect(placeholder.length).toBeLessThan(whole.length)
      await context.close()
    }
    // English at 1280 px has room for the whole text; German on a phone does not.
    expect(shown[0]).toBe('Search brand, item or category')
    expect(shown[3]).not.toBe('Marke, Artikel oder Kategorie suchen')
  })

  test('offline, in German, the header keeps everything on screen: a visitor on a phone, a member at 1024 px', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    // A visitor at 375 px: the line under the header says "offline"; the account links stay inside the screen.
    const visitor = await newDevice(browser, { viewport: { width: 375, height: 812 } })
    await visitor.page.addInitScript(() => localStorage.setItem('kreis:locale', 'de-CH'))
    await visitor.page.goto('/shop')
    const signUpLink = visitor.page.locator('header').getByRole('link', { name: 'Registrieren' })
    await expect(signUpLink).toBeVisible({ timeout: 30_000 })
    await visitor.context.setOffline(true)
    await expect(visitor.page.getByText('Offline. Du siehst, was auf diesem Gerät ist', { exact: false })).toBeVisible()
    const signUp = await signUpLink.boundingBox()
    expect(signUp!.x + signUp!.width).toBeLessThanOrEqual(375)
    await visitor.context.close()

    // A member at 1024 px, where the header also holds the tabs: the search still shows a whole placeholder.
    const { stored } = await apiSignIn('anna@demo.kreis.ch')
    const member = await newDevice(browser, { stored, viewport: { width: 1024, height: 768 } })
    await member.page.addInitScript(() => localStorage.setItem('kreis:locale', 'de-CH'))
    await member.page.goto('/shop')
    const header = member.page.locator('header')
    await expect(header.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: 30_000 })
    await member.context.setOffline(true)
    await expect(header.getByRole('button', { name: /Offline/ })).toBeVisible()
    await expect(header.getByRole('button', { name: 'Abmelden' })).toBeInViewport({ ratio: 1 })
    await expect.poll(() => placeholderFits(header.getByRole('searchbox'))).toBe(true)
    await member.context.close()
  })

  test('the bottom tab bar links Discover, Favorites, Sell and Profile and marks the current tab', async ({ page }) => {
    await page.goto('/')
    const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
    await expect(tabs).toHaveText(['Discover', 'Favorites', 'Sell', 'Profile'])
    await expect(tabs.filter({ hasText: 'Discover' })).toHaveAttribute('aria-current', 'page')
    await tabs.filter({ hasText: 'Favorites' }).click()
    await expect(page).toHaveURL('/favorites')
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
    await expect(tabs.filter({ hasText: 'Favorites' })).toHaveAttribute('aria-current', 'page')
    await expect(tabs.filter({ hasText: 'Discover' })).not.toHaveAttribute('aria-current', 'page')
  })

  test('desktop (1280 px): the tabs sit in the header, no bottom bar; a phone (375 px) keeps the bottom bar; /shop and /item mark Discover', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/shop')
    const main = page.getByRole('navigation', { name: 'Main' })
    await expect(main).toHaveCount(1) // the other placement is not rendered visible
    await expect(page.locator('header').getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page')
    // Nothing fixed at the bottom of the viewport: the footer's last line is reachable, not covered.
    const bottomBar = await page.evaluate(() =>
      [...document.querySelectorAll('nav')].some(
        (n) => getComputedStyle(n).position === 'fixed' && n.getBoundingClientRect().height > 0,
      ),
    )
    expect(bottomBar).toBe(false)
    // The header stays one 64 px row with the tabs in it.
    expect((await page.locator('header > div').first().boundingBox())!.height).toBeLessThanOrEqual(64)

    // The narrowest wide screen: the tabs, the search and the account links still fit one row, with no sideways scroll.
    await page.setViewportSize({ width: 1024, height: 768 })
    await expect(page.locator('header').getByRole('navigation', { name: 'Main' })).toBeVisible()
    expect((await page.locator('header > div').first().boundingBox())!.height).toBeLessThanOrEqual(64)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024)

    await page.setViewportSize({ width: 375, height: 812 })
    await expect(page.locator('header').getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(main).toBeVisible()
    const box = (await main.boundingBox())!
    expect(Math.round(box.y + box.height)).toBe(812)
    await expect(main.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page')
  })

  test('the header search opens the shop filtered by the query, kept in the URL', async ({ page }) => {
    await page.goto('/')
    const search = page.locator('header').getByPlaceholder('Search brand, item or category')
    await search.fill('red wool coat')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/shop\?(?:.*&)?q=red\+wool\+coat/)
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace Feed' })).toBeVisible()
  })

  test('an unknown path shows "Oops! Page not found" with a link home', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Wear stories, not trends.' })).toBeVisible()
  })

  test('no route of the app still shows the "not available" stand-in', async ({ page }) => {
    for (const path of [
      '/shop',
      '/favorites',
      '/profile',
      '/messages',
      '/subscription',
      '/payment-failed',
      '/subscription-success',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByText('not available in this version')).toHaveCount(0)
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    }
  })

  test('the scroll-to-top button appears after scrolling and brings the page back up', async ({ page }) => {
    await page.goto('/')
    const button = page.getByRole('button', { name: 'Scroll to top' })
    await expect(button).toHaveCount(0)
    await page.mouse.wheel(0, 1200)
    await expect(button).toBeVisible()
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(button).toHaveCount(0)
  })
})
