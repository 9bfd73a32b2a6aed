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

  test('the search box only logs the query and stays on the page', async ({ page }) => {
    await page.goto('/')
    const logged = page.waitForEvent('console', (m) => m.text().includes('red wool coat'))
    const search = page.locator('header').getByPlaceholder('Search brand, item or category')
    await search.fill('red wool coat')
    await search.press('Enter')
    expect((await logged).text()).toContain('search')
    await expect(page).toHaveURL('/')
  })

  test('an unknown path shows "Oops! Page not found" with a link home', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Wear stories, not trends.' })).toBeVisible()
  })

  test('a route whose screen comes later says so plainly, inside the shell', async ({ page }) => {
    await page.goto('/shop?category=women')
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace Feed' })).toBeVisible()
    await expect(page.getByText('not available in this version')).toBeVisible()
    await expect(page.getByText(/coming soon/i)).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
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
