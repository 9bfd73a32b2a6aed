import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const [name, path, heading] of [
    ['landing page', '/', 'Wear stories, not trends.'],
    ['contact page', '/contact', 'Contact us'],
    ['404 page', '/404', 'Oops! Page not found'],
    ['item page', '/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af', 'Arket sage pleated midi skirt'],
    ['item page of an unknown item', '/item/00000000-0000-4000-8000-00000000dead', 'Item not found'],
  ] as const) {
    test(`the ${name} has no violations`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 })
      expect(await violations(page)).toEqual([])
    })
  }

  test('the contact form showing its errors has no violations', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    expect(await violations(page)).toEqual([])
  })

  test('axe does report a broken page (the check is live)', async ({ page }) => {
    await page.goto('/404')
    // The route is lazy: its <main> exists only once it has rendered, which goto does not wait for.
    await page.locator('main').first().waitFor()
    await page.evaluate(() => {
      const img = document.createElement('img')
      img.src = '/icons/icon-192.png'
      document.querySelector('main')!.append(img, document.createElement('input'))
    })
    const found = await violations(page)
    expect(found.some((v) => v.startsWith('image-alt'))).toBe(true)
    expect(found.some((v) => v.startsWith('label'))).toBe(true)
  })
})
