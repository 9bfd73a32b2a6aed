/**
 * The flea-market journey (docs/decisions.md#D-sell-offline): a seller with no network photographs items, fills in the details and
 * publishes; everything survives a reload; the listing goes live by itself when the network is back, and another
 * user sees it with its photos in order. Stored files carry no EXIF/GPS. Then edit (reorder, remove, add), mark
 * sold, delete, and a listing the server refuses that the seller fixes.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import sharp from 'sharp'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'
import { cardImagePath, imageMetadataBlocks } from '../src/domain/photos.ts'
import { E2E_API_URL } from './env.ts'
import { makeFixturePhotos, type FixturePhotos } from './fixtures/photos.ts'

const SHOTS = '/tmp/kreis/shots/h2'
/** Screenshots of a screen on a phone (375×812) and a laptop (1280×800), for a person to look at (not asserted). */
async function shoot(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()
  for (const [w, h] of [
    [375, 812],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true })
  }
  if (before) await page.setViewportSize(before)
}

const ANNA = { email: 'anna@demo.kreis.ch', password: 'kreis-demo' }
const NOAH = { email: 'noah@demo.kreis.ch', password: 'kreis-demo' }
const STORAGE_KEY = `sb-${new URL(E2E_API_URL).hostname.split('.')[0]}-auth-token`

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(E2E_API_URL + path, {
    method: init.method ?? 'GET',
    headers: {
      apikey: DEFAULT_ANON_KEY,
      authorization: `Bearer ${init.token ?? DEFAULT_ANON_KEY}`,
      'content-type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown }
}

/** Signs in through the auth API and hands supabase-js the session before the app starts. */
async function signIn(context: BrowserContext, who: { email: string; password: string }): Promise<string> {
  const r = await api('/auth/v1/token?grant_type=password', { method: 'POST', body: who })
  expect(r.status).toBe(200)
  const session = r.body as { access_token: string; expires_in: number; expires_at?: number }
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value)
    },
    { key: STORAGE_KEY, value: JSON.stringify(session) },
  )
  return session.access_token
}

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    }
  })
}

const photoIds = (page: Page) =>
  page.locator('li[data-photo-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')!))

/** Drags a photo tile onto another with the mouse (the sensor starts after 5 px). */
async function drag(page: Page, from: number, to: number): Promise<void> {
  const tiles = page.locator('li[data-photo-id]')
  const a = (await tiles.nth(from).boundingBox())!
  const b = (await tiles.nth(to).boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
}

async function fillDetails(page: Page, over: Partial<Record<string, string>> = {}) {
  const v = {
    title: 'Navy wool coat',
    size: 'M',
    fabric: 'Wool',
    description: 'Warm winter coat, worn twice, no flaws.',
    tags: 'winter, wool',
    price: '45.50',
    location: 'Zurich',
    ...over,
  }
  await page.getByLabel('Title').fill(v.title)
  await page.getByLabel('Category').selectOption('women')
  await page.getByLabel('Product Type').selectOption('coat')
  await page.getByLabel('Size').fill(v.size)
  await page.getByLabel('Fabric').fill(v.fabric)
  await page.getByLabel('Condition').selectOption('very_good')
  await page.getByLabel('Description').fill(v.description)
  await page.getByLabel('Tags (optional)').fill(v.tags)
  await page.getByLabel('Price (CHF)').fill(v.price)
  await page.getByLabel('Location').fill(v.location)
}

async function listing(id: string) {
  const r = await api(
    `/rest/v1/listings?id=eq.${id}&select=id,title,price,status,listing_images(id,image_url,image_order)`,
  )
  return (
    r.body as {
      id: string
      title: string
      price: number
      status: string
      listing_images: { id: string; image_url: string; image_order: number }[]
    }[]
  )[0]
}
const orderedImages = (l: NonNullable<Awaited<ReturnType<typeof listing>>>) =>
  [...l.listing_images].sort((x, y) => x.image_order - y.image_order)

async function storedFile(path: string): Promise<Uint8Array> {
  const res = await fetch(`${E2E_API_URL}/storage/v1/object/public/listing-images/${path}`)
  expect(res.status, path).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

/** A row of the device's IndexedDB (undefined while it holds none). */
const deviceRow = (page: Page, store: string, key: string) =>
  page.evaluate(
    ([s, k]) =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const open = indexedDB.open('kreis')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction(s!).objectStore(s!).get(k!)
          get.onsuccess = () => {
            resolve(get.result as Record<string, unknown> | undefined)
            open.result.close()
          }
        }
      }),
    [store, key],
  )
const draftDescription = async (page: Page, listingId: string) =>
  ((await deviceRow(page, 'drafts', `edit:${listingId}`))?.fields as { description?: string } | undefined)
    ?.description ?? ''

let photos: FixturePhotos
test.beforeAll(async () => {
  photos = await makeFixturePhotos()
  // The inputs really carry metadata (GPS included): what the pipeline must remove.
  const fs = await import('node:fs')
  for (const p of [photos.gpsJpeg, photos.png, photos.portrait])
    expect(imageMetadataBlocks(new Uint8Array(fs.readFileSync(p))).length).toBeGreaterThan(0)
})

test.describe('sell flow (docs/decisions.md#D-sell-offline)', () => {
  test.use({ serviceWorkers: 'allow' })
  test.setTimeout(600_000)

  test('flea market: offline with 3 photos, reload, reorder, publish offline, live when back online, seen by another user', async ({
    page,
    context,
    browser,
  }) => {
    await signIn(context, ANNA)
    await page.goto('/sell')
    // The first visit resolves the session and loads the route's chunk: slow on a busy CI machine.
    await expect(page.getByRole('heading', { name: 'Upload Photos' })).toBeVisible({ timeout: 30_000 })
    await expect(page).toHaveURL(/\/sell\/upload$/)
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.getByTestId('photo-input').setInputFiles([photos.gpsJpeg, photos.png, photos.portrait])
    await expect(page.getByText('3/10 photos uploaded')).toBeVisible({ timeout: 120_000 })
    await expect(page.getByText('On this device', { exact: true })).toHaveCount(3)
    const added = await photoIds(page)
    await shoot(page, 'upload-step')

    // A reload with no network: the draft is intact.
    // (An offline reload restores the session and reads the draft from IndexedDB: slow on a busy machine.)
    await page.reload()
    await expect(page.getByText('3/10 photos uploaded')).toBeVisible({ timeout: 30_000 })
    expect(await photoIds(page)).toEqual(added)

    // Reorder: the portrait (third) becomes the cover.
    await drag(page, 2, 0)
    await expect.poll(() => photoIds(page)).toEqual([added[2], added[0], added[1]])
    const order = await photoIds(page)
    await expect(page.locator('li[data-photo-id]').first().getByText('Primary')).toBeVisible()
    await page.reload()
    await expect.poll(() => photoIds(page), { timeout: 30_000 }).toEqual(order)

    // Details: Next validates with the spec's messages; the values survive a reload.
    await page.getByRole('button', { name: 'Next: Item Details' }).click()
    await expect(page.getByRole('heading', { name: 'Item Details' })).toBeVisible()
    await page.getByRole('button', { name: 'Next: Preview' }).click()
    await expect(page.getByText('Title must be at least 3 characters')).toBeVisible()
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible()
    await expect(page.getByText('Please select a product type')).toBeVisible()
    await expect(page.getByLabel('Title')).toBeFocused()
    await fillDetails(page)
    await expect(page.getByText('Title must be at least 3 characters')).toHaveCount(0)
    await page.waitForTimeout(800) // the typing is saved to the draft after 400 ms
    await page.reload()
    await expect(page.getByLabel('Title')).toHaveValue('Navy wool coat', { timeout: 30_000 })
    await expect(page.getByLabel('Price (CHF)')).toHaveValue('45.5')
    await expect(page.getByLabel('Product Type')).toHaveValue('coat')
    await page.getByRole('button', { name: 'Next: Preview' }).click()

    await expect(page.getByRole('heading', { name: 'Navy wool coat' })).toBeVisible()
    await expect(page.getByText('CHF 45.50')).toBeVisible()
    await expect(page.getByText('+2 more')).toBeVisible()
    await page.getByRole('button', { name: 'Publish Listing' }).click()
    await expect(page).toHaveURL(/\/sell\/success\//)
    const listingId = page.url().split('/').pop()!
    await expect(page.getByRole('heading', { name: 'Your item has been listed successfully!' })).toBeVisible()
    await expect(page.getByText('It will be published when this device is back online.')).toBeVisible()
    await expect(page.getByText('0 of 3 photos uploaded')).toBeVisible()

    // "View My Listing" works offline.
    await page.getByRole('link', { name: 'View My Listing' }).click()
    await expect(page.getByRole('heading', { name: 'Navy wool coat' })).toBeVisible()
    await page.goBack()

    await context.setOffline(false)
    await expect(page.getByText('Your listing is live.')).toBeVisible({ timeout: 30_000 })
    const live = (await listing(listingId))!
    expect(live.title).toBe('Navy wool coat')
    expect(orderedImages(live).map((i) => i.id)).toEqual(order)

    // Stored files: WebP, within the size limits, portrait kept upright, and no EXIF/GPS — full and card.
    for (const [i, img] of orderedImages(live).entries()) {
      const full = await storedFile(img.image_url)
      const card = await storedFile(cardImagePath(img.image_url)!)
      expect(imageMetadataBlocks(full)).toEqual([])
      expect(imageMetadataBlocks(card)).toEqual([])
      for (const marker of ['GPS', 'KreisPhone', 'Exif'])
        expect(Buffer.from(full).includes(Buffer.from(marker)), marker).toBe(false)
      const m = await sharp(full).metadata()
      const c = await sharp(card).metadata()
      expect(m.format).toBe('webp')
      expect(full.length).toBeLessThanOrEqual(300_000)
      expect(Math.max(m.width!, m.height!)).toBeLessThanOrEqual(1600)
      expect(card.length).toBeLessThanOrEqual(40_000)
      expect(Math.max(c.width!, c.height!)).toBeLessThanOrEqual(480)
      if (i === 0) expect(m.height!).toBeGreaterThan(m.width!) // the portrait (Orientation 6) is upright
    }

    // Another user sees it, images in order.
    const other = await browser.newContext()
    await signIn(other, NOAH)
    const buyer = await other.newPage()
    await buyer.goto(`/item/${listingId}`)
    await expect(buyer.getByRole('heading', { name: 'Navy wool coat' })).toBeVisible({ timeout: 15_000 })
    const srcs = await buyer
      .locator('[aria-roledescription="slide"] img[src*="/listing-images/"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src))
    expect(srcs.map((s) => s.split('/').pop()!.replace(/\..*$/, ''))).toEqual(order)

    await other.close()

    // The shop grid on a phone (a fresh visitor: Chromium would reuse a full photo already in its cache) downloads
    // the card image through srcset, not the 1600 px photo.
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } })
    const visitor = await phone.newPage()
    await visitor.goto('/shop')
    const cardImg = visitor
      .getByRole('article')
      .filter({ hasText: 'Navy wool coat' })
      .getByRole('img', { name: 'Navy wool coat' })
    await expect(cardImg).toHaveAttribute('srcset', /\.card\.webp 480w/, { timeout: 30_000 })
    await expect
      .poll(() => cardImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc), {
        timeout: 15_000,
      })
      .toContain(cardImagePath(orderedImages(live)[0]!.image_url)!)
    await shoot(visitor, 'shop-grid')
    await phone.close()

    // My listings on the seller's profile: the new listing is active there, and is marked sold from there.
    await page.goto('/profile')
    const mine = page.getByRole('region', { name: 'My listings' })
    const row = mine.getByRole('listitem').filter({ hasText: 'Navy wool coat' })
    await expect(row).toBeVisible({ timeout: 30_000 })
    await expect(mine.getByRole('region', { name: /^Active/ }).getByText('Navy wool coat')).toBeVisible()
    await shoot(page, 'profile-my-listings')
    await row.getByRole('button', { name: 'Mark as sold' }).click()
    await expect(page.getByText('Marked as sold')).toBeVisible()
    await expect
      .poll(async () => (await listing(listingId))?.status ?? 'not visible to others', { timeout: 30_000 })
      .not.toBe('active')
    await expect(mine.getByRole('region', { name: /^Sold/ }).getByText('Navy wool coat')).toBeVisible({
      timeout: 30_000,
    })
    await expect(row.getByRole('button', { name: 'Mark as available again' })).toBeVisible()
  })

  test('edit (reorder, remove, add), mark sold, delete; every server limit is shown where it is typed', async ({
    page,
    context,
  }) => {
    const token = await signIn(context, ANNA)
    // Each limit the database enforces (listings' CHECKs) is marked on its field as it is typed, and Next stays
    // disabled: nothing reaches Preview or Publish that the server would refuse.
    await page.goto('/sell')
    await expect(page.getByRole('heading', { name: 'Upload Photos' })).toBeVisible({ timeout: 30_000 })
    await page.getByTestId('photo-input').setInputFiles([photos.gpsJpeg, photos.png])
    await expect(page.getByText('2/10 photos uploaded')).toBeVisible({ timeout: 120_000 })
    await page.getByRole('button', { name: 'Next: Item Details' }).click()
    await fillDetails(page, { title: 'Vintage leather bag' })
    const next = page.getByRole('button', { name: 'Next: Preview' })
    const limits: [label: string, over: string, message: string, ok: string][] = [
      ['Title', 'a'.repeat(121), 'Title can be at most 120 characters', 'Vintage leather bag'],
      [
        'Description',
        'a'.repeat(5001),
        'Description can be at most 5,000 characters',
        'Soft brown leather, used for two summers.',
      ],
      ['Size', 'a'.repeat(41), 'Size can be at most 40 characters', 'M'],
      ['Fabric', 'a'.repeat(101), 'Fabric can be at most 100 characters', 'Leather'],
      ['Location', 'a'.repeat(101), 'Location can be at most 100 characters', 'Zurich'],
      [
        'Tags (optional)',
        Array.from({ length: 21 }, (_, i) => `tag${i}`).join(', '),
        'You can add at most 20 tags',
        'bag, leather',
      ],
      ['Price (CHF)', '100000', 'Price must be below CHF 100,000', '120'],
      ['Price (CHF)', '1e9', 'Price must be below CHF 100,000', '120'],
      ['Price (CHF)', '12.345', 'Price can have at most two decimal places, e.g. 12.35', '120'],
    ]
    for (const [label, over, message, ok] of limits) {
      const field = page.getByLabel(label)
      await field.fill(over)
      await expect(page.getByText(message)).toBeVisible()
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.,]/g, '.')))
      await expect(next).toBeDisabled()
      await field.fill(ok)
      await expect(page.getByText(message)).toHaveCount(0)
      await expect(next).toBeEnabled()
    }
    // The counters say how much of each limit is used.
    await expect(page.getByText('19 of 120 characters')).toBeVisible()
    await expect(page.getByText('2 of 20 tags')).toBeVisible()
    await next.click()
    await page.getByRole('button', { name: 'Publish Listing' }).click()
    await expect(page).toHaveURL(/\/sell\/success\//)
    const id = page.url().split('/').pop()!
    await expect.poll(async () => (await listing(id))?.price, { timeout: 30_000 }).toBe(120)

    // Edit: reorder, remove one, add one.
    await page.goto(`/sell/edit/${id}`)
    await expect(page.getByText('2/10 photos uploaded')).toBeVisible()
    const before = await photoIds(page)
    await drag(page, 1, 0)
    await expect.poll(() => photoIds(page)).toEqual([before[1], before[0]])
    await page.getByRole('button', { name: 'Remove photo 2' }).click()
    await expect(page.getByText('1/10 photos uploaded')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
    await page.getByTestId('photo-input').setInputFiles([photos.portrait])
    await expect(page.getByText('2/10 photos uploaded')).toBeVisible({ timeout: 120_000 })
    const edited = await photoIds(page)
    expect(edited[0]).toBe(before[1])
    await page.getByRole('tab', { name: 'Preview' }).click()
    await expect(page.getByRole('heading', { name: 'Vintage leather bag' })).toBeVisible()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect
      .poll(async () => orderedImages((await listing(id))!).map((i) => i.id), { timeout: 30_000 })
      .toEqual(edited)
    const files = orderedImages((await listing(id))!).flatMap((i) => [i.image_url, cardImagePath(i.image_url)!])
    for (const f of files) await storedFile(f)

    // Mark sold: it leaves the feed (anonymous readers no longer see it).
    await page.goto(`/sell/edit/${id}`)
    await page.getByRole('button', { name: 'Mark as sold' }).click()
    await expect(page.getByText('Marked as sold')).toBeVisible()
    await expect
      .poll(async () => (await api(`/rest/v1/listings?id=eq.${id}&select=status`, { token })).body, { timeout: 30_000 })
      .toEqual([{ status: 'sold' }])
    await expect
      .poll(async () => (await api(`/rest/v1/listings?id=eq.${id}&status=eq.active&select=id`)).body)
      .toEqual([])

    // Delete, with a confirmation.
    await page.getByRole('button', { name: 'Delete listing' }).click()
    await expect(page.getByRole('dialog', { name: 'Delete this listing?' })).toBeVisible()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect
      .poll(async () => (await api(`/rest/v1/listings?id=eq.${id}&select=id`, { token })).body, { timeout: 30_000 })
      .toEqual([])
    // Its files went with it: every photo and its card image.
    for (const f of files)
      await expect
        .poll(async () => (await fetch(`${E2E_API_URL}/storage/v1/object/public/listing-images/${f}`)).status, {
          message: f,
        })
        .toBe(404)
  })

  test("a leftover edit draft takes in a newer edit from another device; the save sends only this device's changes", async ({
    page,
    context,
  }) => {
    const token = await signIn(context, ANNA)
    await page.goto('/sell')
    await expect(page.getByRole('heading', { name: 'Upload Photos' })).toBeVisible({ timeout: 30_000 })
    await page.getByTestId('photo-input').setInputFiles([photos.gpsJpeg, photos.png])
    await expect(page.getByText('2/10 photos uploaded')).toBeVisible({ timeout: 120_000 })
    await page.getByRole('button', { name: 'Next: Item Details' }).click()
    await fillDetails(page, { title: 'Striped linen shirt', description: 'Light striped linen shirt.' })
    await page.getByRole('button', { name: 'Next: Preview' }).click()
    await page.getByRole('button', { name: 'Publish Listing' }).click()
    await expect(page).toHaveURL(/\/sell\/success\//)
    const id = page.url().split('/').pop()!
    await expect.poll(async () => (await listing(id))?.title, { timeout: 30_000 }).toBe('Striped linen shirt')

    // This device opens Edit, types a new description and leaves without saving.
    await page.goto(`/sell/edit/${id}`)
    await page.getByRole('tab', { name: 'Details' }).click({ timeout: 30_000 })
    await page.getByLabel('Description').fill('Typed on this device and never saved.')
    await expect
      .poll(() => draftDescription(page, id), { timeout: 30_000 })
      .toBe('Typed on this device and never saved.')
    await page.goto('/')

    // Another device of the same seller changes the title and saves.
    const other = await api(`/rest/v1/listings?id=eq.${id}`, {
      method: 'PATCH',
      token,
      body: { title: 'Blue striped linen shirt', edited_at: new Date().toISOString() },
    })
    expect(other.status).toBeLessThan(300)

    // Back to Edit: the form takes the other device's title (and says so); this device's own change is still there.
    await page.goto(`/sell/edit/${id}`)
    await page.getByRole('tab', { name: 'Details' }).click({ timeout: 30_000 })
    await expect(page.getByLabel('Title')).toHaveValue('Blue striped linen shirt', { timeout: 30_000 })
    await expect(page.getByText('This listing was changed on another device.', { exact: false })).toBeVisible()
    await expect(page.getByLabel('Description')).toHaveValue('Typed on this device and never saved.')
    // Only the price changed here too, then Save: the other device's title stays on the server.
    await page.getByLabel('Price (CHF)').fill('28')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(async () => (await listing(id))?.price, { timeout: 30_000 }).toBe(28)
    expect((await listing(id))?.title).toBe('Blue striped linen shirt')
  })

  test('a photo dropped outside the grid stays where it was; a screen reader hears photo numbers while moving one', async ({
    page,
    context,
  }) => {
    await signIn(context, ANNA)
    await page.goto('/sell')
    await expect(page.getByRole('heading', { name: 'Upload Photos' })).toBeVisible({ timeout: 30_000 })
    await page.getByTestId('photo-input').setInputFiles([photos.gpsJpeg, photos.png, photos.portrait])
    await expect(page.getByText('3/10 photos uploaded')).toBeVisible({ timeout: 120_000 })
    const before = await photoIds(page)

    // Pick up the third photo with the mouse and let go over the page heading, far above the grid.
    const tile = (await page.locator('li[data-photo-id]').nth(2).boundingBox())!
    const heading = (await page.getByRole('heading', { name: 'Upload Photos' }).boundingBox())!
    await page.mouse.move(tile.x + tile.width / 2, tile.y + tile.height / 2)
    await page.mouse.down()
    await page.mouse.move(tile.x + tile.width / 2 + 12, tile.y + tile.height / 2 + 12, { steps: 4 })
    await page.mouse.move(heading.x + 10, heading.y + heading.height / 2, { steps: 12 })
    await page.mouse.up()
    await expect.poll(() => photoIds(page)).toEqual(before)
    // A drop inside still moves it.
    await drag(page, 2, 0)
    await expect.poll(() => photoIds(page)).toEqual([before[2], before[0], before[1]])

    // The keyboard: the live region speaks of photo numbers and positions, never of ids.
    const live = page.locator('[id^="DndLiveRegion"]')
    await page.getByRole('button', { name: 'Move photo 1', exact: true }).focus()
    await page.keyboard.press('Space')
    await expect(live).toHaveText('Picked up photo 1 of 3.')
    // The keyboard sensor listens for arrows only from the task after the pick-up, which a busy browser may run
    // after an arrow it was already sent: an arrow the live region never answered is pressed again.
    await expect(async () => {
      if ((await live.textContent()) === 'Picked up photo 1 of 3.') await page.keyboard.press('ArrowRight')
      await expect(live).toHaveText('Photo 1 is over position 2 of 3.', { timeout: 3_000 })
    }).toPass({ timeout: 30_000 })
    await page.keyboard.press('Space')
    await expect(live).toHaveText('Photo 1 was put down at position 2 of 3.')
    await expect.poll(() => photoIds(page)).toEqual([before[0], before[2], before[1]])
    for (const id of before) expect(await live.textContent()).not.toContain(id)
  })

  test('photos still being prepared when the page reloads are kept and finished after the reload', async ({
    page,
    context,
  }) => {
    await signIn(context, ANNA)
    await page.goto('/sell')
    await expect(page.getByRole('heading', { name: 'Upload Photos' })).toBeVisible({ timeout: 30_000 })
    await page
      .getByTestId('photo-input')
      .setInputFiles([photos.gpsJpeg, photos.png, photos.portrait, photos.gpsJpeg, photos.png])
    // Reload while they are still being prepared (the screen says the photos are saved on this device at once).
    await expect(page.getByText('Preparing photo…').first()).toBeVisible()
    await page.reload()
    await expect(page.getByText('5/10 photos uploaded')).toBeVisible({ timeout: 120_000 })
    await expect(page.locator('li[data-photo-id]')).toHaveCount(5)
    await expect(page.getByText('Preparing photo…')).toHaveCount(0)
  })
})
