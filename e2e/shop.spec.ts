import { expect, test, type Page } from '@playwright/test'
import { api } from './plan-helpers.ts'

// The seed (supabase/seed/README.md) has 48 active listings and 3 sold ones: 4 pages of 12. Other journeys of the
// same run publish, sell and delete listings, so counts are read from the server when a test needs them.
async function activeCount(filter = ''): Promise<number> {
  const r = await api(`/rest/v1/listings?select=id&status=eq.active${filter}`)
  expect(r.status).toBe(200)
  return (r.body as unknown[]).length
}
const cards = (page: Page) => page.getByRole('main').getByRole('article')
const itemLinks = (page: Page) => page.getByRole('main').locator('article a[href^="/item/"]')

async function waitForFeed(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace Feed' })).toBeVisible()
  await expect(page.getByText(`${await activeCount()} items`, { exact: true })).toBeVisible({ timeout: 30_000 })
}

test.describe('shop feed', () => {
  // The first visit waits for the first sync of the public feed into the device's mirror.
  test.describe.configure({ timeout: 120_000 })

  test('a visitor browses the landing grid, the shop, filters it, and opens an item', async ({ page }) => {
    await page.goto('/')
    const fresh = page.locator('#products-section')
    await expect(fresh.getByRole('article')).toHaveCount(8, { timeout: 30_000 })
    await expect(fresh.locator('a[href^="/item/"]').first()).toBeVisible()

    await fresh.getByRole('link', { name: 'Browse All Items' }).click()
    await waitForFeed(page)
    await expect(page.getByText('Discover unique pre-loved items from our community')).toBeVisible()
    await expect(cards(page)).toHaveCount(12)
    await expect(
      page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Previous' }),
    ).toBeDisabled()

    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    const sheet = page.getByRole('dialog', { name: 'Filter' })
    await sheet.getByRole('button', { name: 'Zurich' }).click()
    await sheet.getByLabel('To').fill('100')
    await expect(sheet.getByText(/\d+ matching items?/)).toBeVisible()
    await sheet.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('Filters applied')).toBeVisible()
    await expect(page.getByText('Results have been updated')).toBeVisible()
    await expect(page).toHaveURL(/loc=Zurich/)
    await expect(page).toHaveURL(/max=100/)
    await expect(page.getByRole('button', { name: 'Remove filter: Zurich' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove filter: Up to CHF 100' })).toBeVisible()
    const count = Number((await page.getByText(/^\d+ items?$/).textContent())!.split(' ')[0])
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThan(await activeCount())
    for (const text of await page.locator('main article p.font-semibold').allTextContents()) {
      expect(Number(text.replace('CHF ', ''))).toBeLessThanOrEqual(100)
    }

    const first = itemLinks(page).first()
    const href = await first.getAttribute('href')
    await first.click()
    await expect(page).toHaveURL(href!)
  })

  test('the header search finds listings ignoring case, accents and word endings, and clears', async ({ page }) => {
    await page.goto('/')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('ZÍMMERLI lambs')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/shop\?q=Z%C3%8DMMERLI\+lambs$/)
    await expect(page.getByText('Results for “ZÍMMERLI lambs”')).toBeVisible()
    await expect(cards(page)).toHaveCount(2)
    for (const title of await page.locator('main article h2').allTextContents())
      expect(title).toMatch(/Zimmerli .*lambswool jumper/)

    await search.fill('no-such-thing-anywhere')
    await search.press('Enter')
    await expect(page.getByRole('heading', { name: 'Nothing found for “no-such-thing-anywhere”' })).toBeVisible()

    await page.getByRole('main').getByRole('button', { name: 'Clear search' }).first().click()
    await expect(page).toHaveURL(/\/shop$/)
    await expect(search).toHaveValue('')
    await waitForFeed(page)
  })

  test('the view lives in the query string: reload, Back and a shared link restore it', async ({ page }) => {
    await page.goto('/shop?sort=price_desc&page=2&max=200')
    await expect(page.getByRole('button', { name: 'Page 2, current page' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc')
    await expect(page.getByRole('button', { name: 'Remove filter: Up to CHF 200' })).toBeVisible()
    await expect(page.getByText(`${await activeCount('&price=lte.200')} items`, { exact: true })).toBeVisible()
    const page2 = await page.locator('main article h2').allTextContents()
    expect(page2.length).toBeGreaterThan(0)

    await page.reload()
    await expect(page.getByRole('button', { name: 'Page 2, current page' })).toBeVisible({ timeout: 30_000 })
    await expect(page.locator('main article h2')).toHaveText(page2)

    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Kids' }).click()
    await expect(page).toHaveURL(/category=children/)
    await expect(page).not.toHaveURL(/page=/)
    await page.goBack()
    await expect(page.getByRole('button', { name: 'Page 2, current page' })).toBeVisible()
    await expect(page.locator('main article h2')).toHaveText(page2)

    await page.goto('/shop?category=kids')
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Kids' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'All Items' }).click()
    await expect(page).toHaveURL(/\/shop$/)
  })

  test('filters that match nothing say so and offer Reset', async ({ page }) => {
    await page.goto('/shop?min=400&max=450&loc=Winterthur')
    await expect(page.getByRole('heading', { name: 'No items match these filters' })).toBeVisible({ timeout: 30_000 })
    await page.getByRole('main').getByRole('button', { name: 'Reset filters' }).first().click()
    await waitForFeed(page)
  })
})
