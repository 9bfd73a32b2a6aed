import { expect, test, type Page } from '@playwright/test'
import { DEFAULT_SERVICE_ROLE_KEY } from '../supabase/local/config.ts'
import { seedScale } from '../supabase/seed/scale.ts'
import { E2E_API_URL } from './env.ts'
import { api } from './plan-helpers.ts'

// A catalogue at marketplace size on this run's own stack (playwright.catalogue.config.ts): 20,000 generated
// listings besides the seed's 48, written once before the journey.
const LISTINGS = 20_000
const cards = (page: Page) => page.getByRole('main').getByRole('article')

async function search(page: Page, query: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search' })
  await box.fill(query)
  await box.press('Enter')
}

test.describe('a catalogue of 20,000 listings', () => {
  test.describe.configure({ timeout: 240_000 })

  test.beforeAll(async () => {
    test.setTimeout(600_000)
    const { body } = await api('/rest/v1/listings?select=id&status=eq.active&limit=100&offset=10000')
    if ((body as unknown[]).length === 0)
      await seedScale({ url: E2E_API_URL, serviceKey: DEFAULT_SERVICE_ROLE_KEY, count: LISTINGS })
  })

  test('a visitor browses, searches "geneve" on the server, then offline on the device, and opens an old favourite', async ({
    page,
    context,
  }) => {
    await page.goto('/shop')
    await expect(cards(page)).toHaveCount(12, { timeout: 60_000 })

    // Online: the server searches the whole catalogue; every result is located in Genève.
    await search(page, 'geneve')
    await expect(page).toHaveURL(/q=geneve/)
    await expect(cards(page)).toHaveCount(12, { timeout: 30_000 })
    await expect(page.getByText('More than 1,000 items')).toBeVisible()
    for (const card of await cards(page).all()) await expect(card).toContainText('Genève')
    await expect(page.getByText(/on this device/)).toHaveCount(0)

    // The oldest listing in Genève: far outside the newest listings a device keeps. Favourited from its page.
    const { body } = await api(
      '/rest/v1/listings?select=id,title&status=eq.active&location=eq.Gen%C3%A8ve&order=created_at.asc&limit=1',
    )
    const old = (body as { id: string; title: string }[])[0]!
    await page.goto(`/item/${old.id}`)
    await expect(page.getByRole('heading', { level: 1, name: old.title })).toBeVisible({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await expect(page.getByText('Added to favorites')).toBeVisible()
    // This page was loaded by that navigation: the screens used offline below are opened once online (the service
    // worker, which would serve them offline, is tested in offline.spec.ts and blocked here).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favorites' }).click()
    await expect(cards(page).filter({ hasText: old.title })).toHaveCount(1, { timeout: 30_000 })
    await search(page, 'geneve')
    await expect(cards(page)).toHaveCount(12, { timeout: 30_000 })

    // Offline: a search is the device's, and says so with the number of listings it searched.
    await context.setOffline(true)
    await search(page, 'Genève')
    await expect(page.getByText(/^Offline — searching the [\d,]+ listings on this device$/)).toBeVisible({
      timeout: 30_000,
    })
    await expect(cards(page).first()).toBeVisible()
    for (const card of await cards(page).all()) await expect(card).toContainText('Genève')

    // The old favourite opens offline.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favorites' }).click()
    const favourite = cards(page).filter({ hasText: old.title })
    await expect(favourite).toHaveCount(1, { timeout: 30_000 })
    await favourite.locator('a[href^="/item/"]').first().click()
    await expect(page.getByRole('heading', { level: 1, name: old.title })).toBeVisible()
    await context.setOffline(false)
  })
})
