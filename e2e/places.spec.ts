/**
 * Places in the reader's language (docs/decisions.md#D-place-codes), in real browsers: a German seller types "genf"
 * (the Location field suggests the places by their German names) and the listing stores Geneva's code; a French
 * shopper sees "Genève" on the card and the item page, and finds it searching the Italian name "Ginevra".
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type BrowserContext } from '@playwright/test'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'
import { E2E_API_URL } from './env.ts'
import { makeFixturePhotos } from './fixtures/photos.ts'

const ANNA = { email: 'anna@demo.kreis.ch', password: 'kreis-demo' }
const STORAGE_KEY = `sb-${new URL(E2E_API_URL).hostname.split('.')[0]}-auth-token`

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(E2E_API_URL + path, {
    method: init.method ?? 'GET',
    headers: {
      apikey: DEFAULT_ANON_KEY,
      authorization: `Bearer ${DEFAULT_ANON_KEY}`,
      'content-type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown }
}

/** Signs in through the auth API and hands supabase-js the session before the app starts. */
async function signIn(context: BrowserContext): Promise<void> {
  const r = await api('/auth/v1/token?grant_type=password', { method: 'POST', body: ANNA })
  expect(r.status).toBe(200)
  const session = r.body as { expires_in: number; expires_at?: number }
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value)
    },
    { key: STORAGE_KEY, value: JSON.stringify(session) },
  )
}

// The catalogues' texts the journey reads (src/i18n/de-CH, src/i18n/fr-CH).
const de = {
  'upload.title': 'Fotos hochladen',
  'upload.counter': /\d+\/10 Fotos hochgeladen/,
  'upload.next': 'Weiter: Angaben',
  'details.fieldTitle': 'Titel',
  'details.fieldCategory': 'Kategorie',
  'details.fieldProductType': 'Produktart',
  'details.fieldSize': 'Grösse',
  'details.fieldFabric': 'Material',
  'details.fieldCondition': 'Zustand',
  'details.fieldDescription': 'Beschreibung',
  'details.fieldPrice': 'Preis (CHF)',
  'details.fieldLocation': 'Ort',
  'details.placeholderLocation': 'Ort oder PLZ',
  'details.next': 'Weiter: Vorschau',
  'preview.publish': 'Inserat veröffentlichen',
  'edit.tabDetails': 'Angaben',
}
const fr = { 'shop.title': 'Le marché', 'header.searchLabel': 'Rechercher', 'item.location': 'Lieu' }

test('a German seller lists in "genf"; a French shopper sees Genève and finds it as "Ginevra"', async ({ browser }) => {
  test.setTimeout(300_000)
  const photos = await makeFixturePhotos()
  const title = `Mantel aus Loden ${Date.now()}`

  const seller = await browser.newContext({ locale: 'de-CH' })
  await signIn(seller)
  const page = await seller.newPage()
  await page.goto('/sell')
  await expect(page.getByRole('heading', { name: de['upload.title'] })).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('photo-input').setInputFiles([photos.png, photos.gpsJpeg])
  await expect(page.getByText(de['upload.counter'])).toBeVisible({ timeout: 120_000 })
  await page.getByRole('button', { name: de['upload.next'] }).click({ timeout: 60_000 })
  await page.getByLabel(de['details.fieldTitle']).fill(title)
  await page.getByLabel(de['details.fieldCategory']).selectOption('women')
  await page.getByLabel(de['details.fieldProductType']).selectOption('coat')
  await page.getByLabel(de['details.fieldSize']).fill('M')
  await page.getByLabel(de['details.fieldFabric']).fill('Loden')
  await page.getByLabel(de['details.fieldCondition']).selectOption('very_good')
  await page.getByLabel(de['details.fieldDescription']).fill('Warmer Mantel, zweimal getragen.')
  await page.getByLabel(de['details.fieldPrice']).fill('80')
  const location = page.getByLabel(de['details.fieldLocation'])
  await expect(location).toHaveAttribute('placeholder', de['details.placeholderLocation'])
  // The field suggests the places by their German names (a datalist the browser offers as the seller types).
  const suggestions = page.locator(`datalist#${await location.getAttribute('list')} option`)
  await expect(suggestions.and(page.locator('[value="Genf"]'))).toHaveCount(1)
  await expect(suggestions.and(page.locator('[value="Graubünden"]'))).toHaveCount(1)
  await expect(suggestions.and(page.locator('[value="Genève"]'))).toHaveCount(0)
  await location.fill('genf')
  // A screen reader meets a combobox named by its label (the suggestions are the browser's own list), and the step
  // has no axe violations (WCAG 2.1 AA).
  await expect(page.getByRole('combobox', { name: de['details.fieldLocation'] })).toHaveValue('genf')
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await page.getByRole('button', { name: de['details.next'] }).click()
  // The preview already shows the place as it will be shown.
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByText('Genf', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: de['preview.publish'] }).click()
  await expect(page).toHaveURL(/\/sell\/success\//, { timeout: 30_000 })
  const id = page.url().split('/').pop()!
  // On the server: the code, not what was typed.
  await expect
    .poll(
      async () => ((await api(`/rest/v1/listings?id=eq.${id}&select=location`)).body as { location: string }[])[0],
      { timeout: 60_000 },
    )
    .toEqual({ location: 'CH-GE-geneve' })
  // Editing shows the place by its German name.
  await page.goto(`/sell/edit/${id}`)
  await page.getByRole('tab', { name: de['edit.tabDetails'] }).click({ timeout: 30_000 })
  await expect(page.getByLabel(de['details.fieldLocation'])).toHaveValue('Genf')
  await seller.close()

  const shopper = await browser.newContext({ locale: 'fr-CH' })
  const shop = await shopper.newPage()
  await shop.goto('/shop')
  await expect(shop.getByRole('heading', { level: 1, name: fr['shop.title'] })).toBeVisible({ timeout: 30_000 })
  const box = shop.getByRole('searchbox', { name: fr['header.searchLabel'] })
  await box.fill('Ginevra loden')
  await box.press('Enter')
  const card = shop.getByRole('main').getByRole('article').filter({ hasText: title })
  await expect(card).toBeVisible({ timeout: 30_000 })
  await expect(card).toContainText('Genève')
  await expect(card).not.toContainText('CH-GE')
  await card.getByRole('link').first().click()
  await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 })
  await expect(shop.getByText(`${fr['item.location']}:`).locator('..')).toHaveText(`${fr['item.location']}: Genève`)
  await shopper.close()
})
