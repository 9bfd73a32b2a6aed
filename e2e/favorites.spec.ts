import { expect, test } from '@playwright/test'
import { apiSignIn, newAccount, newDevice } from './account-helpers'

test.describe('favourites', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a heart keeps the item in My Favorites across reloads, and a second tap removes it', async ({ page }) => {
    await page.goto('/favorites')
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible()
    await expect(page.getByText('No favorites yet')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('Mark items with ♡ to collect them here')).toBeVisible()

    await page.goto('/shop')
    const first = page.getByRole('main').getByRole('article').first()
    await expect(first).toBeVisible({ timeout: 30_000 })
    const title = (await first.locator('h2').textContent())!
    await first.getByRole('button', { name: `Add ${title} to favorites` }).click()
    await expect(page.getByText('Added to favorites')).toBeVisible()
    await expect(first.getByRole('button', { name: `Remove ${title} from favorites` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )

    await page.goto('/favorites')
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1, { timeout: 20_000 })
    await page.reload()
    const card = page.getByRole('main').getByRole('article')
    await expect(card).toHaveCount(1, { timeout: 20_000 })
    await expect(card.locator('h2')).toHaveText(title)

    await card.getByRole('button', { name: `Remove ${title} from favorites` }).click()
    await expect(page.getByText('Removed from favorites')).toBeVisible()
    await expect(page.getByText('No favorites yet')).toBeVisible()
  })

  // docs/product.md#R-favourites-live: the other device shows it within moments, well before its 60 s sync.
  test('a heart set on the phone shows on the open laptop without a reload, and its removal too', async ({
    browser,
  }) => {
    const account = await newAccount('Fenna')
    const { stored } = await apiSignIn(account.email, account.password)
    const laptop = await newDevice(browser, { stored })
    const phone = await newDevice(browser, { stored, viewport: { width: 375, height: 812 } })
    try {
      await laptop.page.goto('/favorites')
      await expect(laptop.page.getByText('No favorites yet')).toBeVisible({ timeout: 30_000 })

      await phone.page.goto('/shop')
      const first = phone.page.getByRole('main').getByRole('article').first()
      await expect(first).toBeVisible({ timeout: 30_000 })
      const title = (await first.locator('h2').textContent())!
      await first.getByRole('button', { name: `Add ${title} to favorites` }).click()
      await expect(phone.page.getByText('Added to favorites')).toBeVisible()

      const card = laptop.page.getByRole('main').getByRole('article')
      await expect(card.locator('h2')).toHaveText(title, { timeout: 20_000 })

      await first.getByRole('button', { name: `Remove ${title} from favorites` }).click()
      await expect(laptop.page.getByText('No favorites yet')).toBeVisible({ timeout: 20_000 })
    } finally {
      await laptop.context.close()
      await phone.context.close()
    }
  })
})
