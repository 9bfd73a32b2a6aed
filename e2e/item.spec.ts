/**
 * The item page (docs/product.md §2.11) against `npm start`'s build and a freshly seeded stack: opened from the shop, the
 * gallery, "Item not found", the owner's and a visitor's actions, and the offline visit with images.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'
import { E2E_API_URL } from './env.ts'

/** Anna's "Arket sage pleated midi skirt": active, 4 photos, in Zurich, size M (supabase/seed.sql). */
const SKIRT = { id: '7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af', title: 'Arket sage pleated midi skirt', photos: 4 }
/** Anna's sold "Adidas forest green court sneakers". */
const SOLD_ID = '754cfe4c-34d2-426a-943a-5674f00a27a7'
const ANNA = 'anna@demo.kreis.ch'
const NOAH = 'noah@demo.kreis.ch'

/**
 * Signs in the way a returning user is: supabase-js finds its session in localStorage (key sb-<host>-auth-token).
 * The token comes from the stack's GoTrue endpoint; the /auth screen has its own tests.
 */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/our-story')
  await page.evaluate(
    async ({ url, key, email }) => {
      const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: key, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'kreis-demo' }),
      })
      if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
      const session = (await res.json()) as { expires_in: number; expires_at?: number }
      session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in
      localStorage.setItem(`sb-${new URL(url).hostname.split('.')[0]}-auth-token`, JSON.stringify(session))
    },
    { url: E2E_API_URL, key: DEFAULT_ANON_KEY, email },
  )
}

/** A cold device fetches the item while its first sync writes the whole feed: sized for a busy machine. */
const FIRST_SYNC = { timeout: 30_000 }

async function openSkirt(page: Page): Promise<void> {
  await page.goto(`/item/${SKIRT.id}`)
  await expect(page.getByRole('heading', { level: 1, name: SKIRT.title })).toBeVisible(FIRST_SYNC)
}

const counter = (page: Page) => page.getByText(new RegExp(`^\\d+ / ${SKIRT.photos}$`))

test.describe('item page', () => {
  test('a visitor opens an item from the shop and sees price, size, location, details and seller', async ({ page }) => {
    await page.goto('/shop')
    const card = page.locator('main a[href^="/item/"]').first()
    await expect(card).toBeVisible(FIRST_SYNC)
    const href = await card.getAttribute('href')
    await card.click()
    await expect(page).toHaveURL(href!)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(/^CHF \d+\.\d{2}$/)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Product details' })).toBeVisible()
    await expect(page.getByText('Active seller')).toBeVisible()
  })

  test('price, size and condition are visible without scrolling on a 375×812 phone, above the Message Seller bar', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await openSkirt(page)
    const bar = await page.getByRole('button', { name: 'Message Seller' }).boundingBox()
    for (const text of ['CHF 69.90', 'Size M', 'New with Tags']) {
      const box = await page.getByText(text, { exact: true }).first().boundingBox()
      expect(box, text).not.toBeNull()
      expect(box!.y + box!.height, `${text} above the action bar`).toBeLessThanOrEqual(bar!.y)
    }
    // At the end of the page the bar rests in its place: the seller card is not covered.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const seller = await page.getByText('Active seller').boundingBox()
    const barAtEnd = await page.getByRole('button', { name: 'Message Seller' }).boundingBox()
    expect(seller!.y + seller!.height).toBeLessThanOrEqual(barAtEnd!.y)
  })

  test('the gallery turns with arrows, dots, keys and a swipe', async ({ page }) => {
    await openSkirt(page)
    await expect(counter(page)).toHaveText(`1 / ${SKIRT.photos}`)
    await page.getByRole('button', { name: 'Next image' }).click()
    await expect(counter(page)).toHaveText(`2 / ${SKIRT.photos}`)
    await page.getByRole('region', { name: `Photos of ${SKIRT.title}` }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(counter(page)).toHaveText(`3 / ${SKIRT.photos}`)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(counter(page)).toHaveText(`${SKIRT.photos} / ${SKIRT.photos}`)
    await page.getByRole('button', { name: 'Show image 1' }).click()
    await expect(counter(page)).toHaveText(`1 / ${SKIRT.photos}`)

    const box = (await page.getByRole('region', { name: `Photos of ${SKIRT.title}` }).boundingBox())!
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + box.width * 0.8, y)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 })
    await page.mouse.up()
    await expect(counter(page)).toHaveText(`2 / ${SKIRT.photos}`)
    // The photo shown is loaded (a CORS request the service worker may cache).
    const shown = page.getByRole('img', { name: `${SKIRT.title}, photo 2 of ${SKIRT.photos}` })
    await expect(shown).toHaveAttribute('crossorigin', 'anonymous')
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })

  test('closing the full-screen photo gives the focus back to the control that opened it', async ({ page }) => {
    await openSkirt(page)
    const open = page.getByRole('button', { name: 'View photo full screen' })
    await open.focus()
    await page.keyboard.press('Enter')
    const viewer = page.getByRole('dialog', { name: `1 / ${SKIRT.photos}` })
    await expect(viewer).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(viewer).toHaveCount(0)
    await expect(open).toBeFocused()
    // And by the close button, with the mouse.
    await open.click()
    await viewer.getByRole('button', { name: 'Close' }).click()
    await expect(viewer).toHaveCount(0)
    await expect(open).toBeFocused()
  })

  test('"Item not found" for an unknown id and for a sold listing', async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-00000000dead', SOLD_ID, 'not-a-uuid']) {
      await page.goto(`/item/${id}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Item not found' })).toBeVisible(FIRST_SYNC)
      await expect(page.getByText("The item you're looking for doesn't exist.")).toBeVisible()
    }
  })

  test('a visitor asked to log in before messaging; the heart toggles with its toasts', async ({ page }) => {
    await openSkirt(page)
    await page.getByRole('button', { name: 'Message Seller' }).click()
    await expect(page.getByText('You need to be logged in to message sellers.')).toBeVisible()
    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await expect(page.getByText('Added to favorites')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true')
  })

  test('the owner gets "Edit listing" (also on their sold item); another buyer gets Message Seller', async ({
    page,
  }) => {
    await signInAs(page, ANNA)
    await openSkirt(page)
    await expect(page.getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', `/sell/edit/${SKIRT.id}`)
    await expect(page.getByRole('button', { name: 'Message Seller' })).toHaveCount(0)
    await page.goto(`/item/${SOLD_ID}`)
    await expect(page.getByText('This item is sold. Only you can still see it.')).toBeVisible(FIRST_SYNC)

    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await signInAs(page, NOAH)
    await openSkirt(page)
    await expect(page.getByRole('link', { name: 'Edit listing' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Message Seller' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
  })
})

test.describe('item page offline', () => {
  test.use({ serviceWorkers: 'allow' })

  test('a visitor who opened an item once opens it again offline, photos included', async ({ page, context }) => {
    await page.goto('/')
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        )
      }
    })
    await openSkirt(page)
    const photos = page.locator('img[alt*="photo"]')
    await expect(photos).toHaveCount(SKIRT.photos)
    await expect
      .poll(() =>
        photos.evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((i) => i.complete && i.naturalWidth > 0).length),
      )
      .toBe(SKIRT.photos)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: SKIRT.title })).toBeVisible(FIRST_SYNC)
    await expect(page.getByText('CHF 69.90')).toBeVisible()
    await expect(photos).toHaveCount(SKIRT.photos)
    await expect
      .poll(() =>
        photos.evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((i) => i.complete && i.naturalWidth > 0).length),
      )
      .toBe(SKIRT.photos)
    await expect(page.getByText('No image available')).toHaveCount(0)

    // An item this device never held: not found, and it says why.
    await page.goto('/item/00000000-0000-4000-8000-00000000beef')
    await expect(page.getByRole('heading', { level: 1, name: 'Item not found' })).toBeVisible(FIRST_SYNC)
    await expect(page.getByText('You are offline, and this item is not saved on this device yet.')).toBeVisible()
    await context.setOffline(false)
  })
})
