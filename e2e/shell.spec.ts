import { expect, test } from '@playwright/test'

test.describe('app shell', () => {
  test('renders the header with logo, search and the signed-out account links', async ({ page }) => {
    await page.goto('/')
    const header = page.locator('header')
    await expect(header.getByRole('link', { name: 'Kreis' })).toHaveAttribute('href', '/')
    await expect(header.getByPlaceholder('Search brand, item or category')).toBeVisible()
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=signin')
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup')
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
    for (const path of ['/shop', '/favorites', '/profile', '/messages', '/subscription', '/payment-failed', '/subscription-success']) {
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
