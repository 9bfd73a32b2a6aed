/**
 * What keyboard and screen-reader users meet on the screens that are not covered by the axe pass (a11y.spec.ts):
 * focus that stays visible and names that say which listing a button acts on.
 */
import { expect, test } from '@playwright/test'

test.describe('screens for keyboard users', () => {
  test('a feed card shows its whole focus ring, around the card, not cut off by the two-line title', async ({ page }) => {
    await page.goto('/shop')
    const link = page.getByRole('main').getByRole('article').first().getByRole('link').first()
    await expect(link).toBeVisible({ timeout: 30_000 })
    await page.keyboard.press('Tab') // keyboard modality: what :focus-visible follows
    await link.focus()
    const ring = await link.evaluate((el) => {
      const after = getComputedStyle(el, '::after')
      const own = getComputedStyle(el)
      const heading = el.closest('h2, h3')!
      return { afterStyle: after.outlineStyle, afterWidth: after.outlineWidth, ownStyle: own.outlineStyle, clip: getComputedStyle(heading).overflow }
    })
    // The heading clamps its text (overflow hidden), so the ring is on the link's stretched layer, which it does not clip.
    expect(ring.clip).toBe('hidden')
    expect(ring).toMatchObject({ afterStyle: 'solid', afterWidth: '3px', ownStyle: 'none' })
  })
})
