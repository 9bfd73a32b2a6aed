/**
 * What keyboard and screen-reader users meet on the screens that are not covered by the axe pass (a11y.spec.ts):
 * focus that stays visible and names that say which listing a button acts on.
 */
import { expect, test } from '@playwright/test'

test.describe('screens for keyboard users', () => {
  test('a feed card shows its whole focus ring, around the card, not cut off by the two-line title', async ({
    page,
  }) => {
    await page.goto('/shop')
    const link = page.getByRole('main').getByRole('article').first().getByRole('link').first()
    await expect(link).toBeVisible({ timeout: 30_000 })
    await page.keyboard.press('Tab') // keyboard modality: what :focus-visible follows
    await link.focus()
    const ring = await link.evaluate((el) => {
      const after = getComputedStyle(el, '::after')
      const own = getComputedStyle(el)
      const heading = el.closest('h2, h3')!
      return {
        afterStyle: after.outlineStyle,
        afterWidth: after.outlineWidth,
        ownStyle: own.outlineStyle,
        clip: getComputedStyle(heading).overflow,
      }
    })
    // The heading clamps its text (overflow hidden), so the ring is on the link's stretched layer, which it does not clip.
    expect(ring.clip).toBe('hidden')
    expect(ring).toMatchObject({ afterStyle: 'solid', afterWidth: '3px', ownStyle: 'none' })
  })
})

test.describe('the item photo on a phone', () => {
  const SKIRT = '7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'
  test.use({ viewport: { width: 375, height: 812 } })

  test('shows the whole garment, and opens full screen where it can be zoomed', async ({ page }) => {
    await page.goto(`/item/${SKIRT}`)
    const photo = page.getByRole('img', { name: /photo 1 of 4/i })
    await expect(photo).toBeVisible({ timeout: 60_000 })
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 })
      .toBe(true)
    // The drawn picture (object-fit) fits inside its box: nothing of the garment is cropped.
    const fit = await photo.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect()
      const scale =
        getComputedStyle(img).objectFit === 'contain'
          ? Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight)
          : Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight)
      return { drawnW: img.naturalWidth * scale, drawnH: img.naturalHeight * scale, boxW: box.width, boxH: box.height }
    })
    expect(fit.drawnW).toBeLessThanOrEqual(fit.boxW + 0.5)
    expect(fit.drawnH).toBeLessThanOrEqual(fit.boxH + 0.5)

    const open = page.getByRole('button', { name: 'View photo full screen' })
    await open.click()
    const viewer = page.getByRole('dialog', { name: '1 / 4' })
    await expect(viewer).toBeVisible()
    await expect(viewer.getByRole('img', { name: /photo 1 of 4/i })).toBeVisible()
    // The frame lets the browser's pinch zoom work (the swipe strip does not), and Zoom in doubles it.
    await expect(viewer.getByTestId('photo-viewer-frame')).toHaveCSS(
      'touch-action',
      /^(manipulation|auto|.*pinch-zoom.*)$/,
    )
    const zoom = viewer.getByRole('button', { name: 'Zoom in' })
    await zoom.click()
    await expect(zoom).toHaveAttribute('aria-pressed', 'true')
    const frame = await viewer
      .getByTestId('photo-viewer-frame')
      .evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth }))
    expect(frame.scroll).toBeGreaterThan(frame.width * 1.5)
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(open).toBeFocused()
  })
})
