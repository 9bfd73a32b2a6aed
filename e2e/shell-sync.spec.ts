import { expect as baseExpect, test, type Page } from '@playwright/test'
import { deviceRowCounts, newAccount, signInThroughForm } from './account-helpers.ts'
import { isWriteRequest } from './read-only-calls.ts'
import { expectToast, recordToasts } from './toasts.ts'

// Screens wait for the session and the device database; a loaded CI machine needs more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 })

// The shell's session and sync state (docs/decisions.md#D-accounts): a signed-in user stays signed in offline, Sign Out
// never silently drops unsent changes and leaves no private row behind, refused writes can be retried, and a
// visitor's engine reads public data only.

const header = (page: Page) => page.locator('header')
const PRIVATE_STORES = ['my_profile', 'conversations', 'messages', 'outbox', 'drafts', 'draft_photos', 'photo_blobs']

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    }
  })
}

test.describe('session and sync in the shell', () => {
  test.beforeEach(({ page }) => recordToasts(page))
  test.describe.configure({ timeout: 180_000 })
  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' })

    test('a signed-in user who reloads offline stays signed in and sees their profile', async ({ page, context }) => {
      await signInThroughForm(page, 'noah@demo.kreis.ch')
      await waitForServiceWorkerControl(page)
      await expect(header(page).getByRole('link', { name: 'Signed in as Noah' })).toBeVisible({ timeout: 15_000 })
      await page.goto('/profile')
      await expect(page.getByText('Noah Keller')).toBeVisible()

      await context.setOffline(true)
      await page.reload()
      await expect(header(page).getByRole('link', { name: 'Signed in as Noah' })).toBeVisible()
      await expect(header(page).getByText('Offline', { exact: true })).toBeVisible()
      await expect(page.getByText(/^Offline\. Showing what this device has/).filter({ visible: true })).toBeVisible()
      await expect(page.getByText('Noah Keller')).toBeVisible()
      await expect(page.getByText('Free Trial', { exact: true })).toBeVisible()

      await context.setOffline(false)
      await expect(header(page).getByText('Offline', { exact: true })).toHaveCount(0)
      await expect(header(page).getByRole('link', { name: 'Signed in as Noah' })).toBeVisible()
    })
  })

  test('Sign Out with an unsent change asks first; staying keeps it until it is sent; then no private row remains', async ({
    page,
    context,
  }) => {
    const account = await newAccount('Olga')
    await signInThroughForm(page, account.email, account.password)
    await page.goto('/profile')
    const details = page.getByRole('region', { name: 'Your details' })
    await expect(details.getByText('Olga', { exact: true })).toBeVisible({ timeout: 15_000 })
    // This test runs without the service worker: what is offline must have loaded before (the header's account part).
    await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible()

    await context.setOffline(true)
    await details.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByLabel('Location').fill('Lugano')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Saved on this device, waiting to be sent')).toBeVisible()
    await expect(header(page).getByRole('button', { name: 'Sync status: Offline, 1 to send' })).toBeVisible()

    await header(page).getByRole('button', { name: 'Sign Out' }).click()
    const dialog = page.getByRole('dialog', { name: '1 change has not been sent yet' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Stay signed in' }).click()
    await expect(dialog).toBeHidden()
    await expect(header(page).getByRole('link', { name: /^Signed in as/ })).toBeVisible()

    await context.setOffline(false)
    await expect(page.getByText('Saved on this device, waiting to be sent')).toHaveCount(0, { timeout: 15_000 })
    await header(page).getByRole('button', { name: 'Sign Out' }).click()
    await expectToast(page, 'Signed out successfully')
    await expect(page.getByRole('heading', { level: 1, name: 'Join Kreis' })).toBeVisible()
    expect(await deviceRowCounts(page, PRIVATE_STORES)).toEqual(Object.fromEntries(PRIVATE_STORES.map((s) => [s, 0])))

    // The change reached the server: it is there at the next sign-in.
    await signInThroughForm(page, account.email, account.password)
    await page.goto('/profile')
    await expect(details.getByText('Lugano', { exact: true })).toBeVisible({ timeout: 15_000 })
  })

  test('after signing out a user with messages, none of their private rows is left on the device', async ({ page }) => {
    await signInThroughForm(page, 'mia@demo.kreis.ch')
    await expect(header(page).getByRole('link', { name: 'Signed in as Mia' })).toBeVisible({ timeout: 15_000 })
    await expect
      .poll(async () => (await deviceRowCounts(page, ['conversations']))['conversations'], { timeout: 15_000 })
      .toBeGreaterThan(0)
    await header(page).getByRole('button', { name: 'Sign Out' }).click()
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible()
    expect(await deviceRowCounts(page, PRIVATE_STORES)).toEqual(Object.fromEntries(PRIVATE_STORES.map((s) => [s, 0])))
  })

  test('a write the server refuses is listed with Retry, which sends it once the server takes it', async ({ page }) => {
    const account = await newAccount('Rolf')
    await signInThroughForm(page, account.email, account.password)
    await page.goto('/profile')
    const details = page.getByRole('region', { name: 'Your details' })
    await expect(details.getByText('Rolf', { exact: true })).toBeVisible({ timeout: 15_000 })

    // The server refuses profile updates for now (RLS), as it would an edit it does not allow.
    await page.route('**/rest/v1/profiles*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ code: '42501', message: 'permission denied for table profiles' }),
          })
        : route.fallback(),
    )
    await details.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByLabel('Location').fill('Chur')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    // The server's own words stay out of the screen (docs/decisions.md#D-server-texts): the catalogue's sentence shows.
    await expect(details.getByRole('alert')).toContainText(
      'Not saved on the server: Something went wrong. Please try again.',
      {
        timeout: 15_000,
      },
    )
    await expect(page.getByText('permission denied for table profiles')).toHaveCount(0)
    await expectToast(page, 'Error updating profile')

    const pill = header(page).getByRole('button', { name: 'Sync status: 1 not sent' })
    await pill.click()
    const panel = page.getByRole('dialog', { name: 'Your changes' })
    await expect(panel.getByText('Your profile')).toBeVisible()
    await expect(panel.getByText('Something went wrong. Please try again.')).toBeVisible()

    await page.unroute('**/rest/v1/profiles*')
    await panel.getByRole('button', { name: 'Retry: Your profile' }).click()
    await expect(panel.getByText('Everything you changed has been sent.')).toBeVisible({ timeout: 15_000 })
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(details.getByRole('alert')).toHaveCount(0)
    await expect(details.getByText('Chur', { exact: true })).toBeVisible()
  })

  test('a visitor’s engine reads public data only', async ({ page }) => {
    const privateCalls: string[] = []
    page.on('request', (r) => {
      if (
        /\/rest\/v1\/(my_profile|conversations|messages|favorites|payments)\b/.test(r.url()) ||
        (r.method() !== 'GET' && isWriteRequest(r.method(), r.url()))
      ) {
        if (!r.url().includes('/realtime/')) privateCalls.push(`${r.method()} ${r.url()}`)
      }
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Wear stories, not trends.' })).toBeVisible()
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Join Kreis' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(privateCalls.filter((c) => !c.startsWith('OPTIONS'))).toEqual([])
  })
})
