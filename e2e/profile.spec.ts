import { expect as baseExpect, test } from '@playwright/test'
import { newAccount, signInThroughForm } from './account-helpers.ts'
import { expectToast, recordToasts } from './toasts.ts'

// Screens wait for the session and the device database; a loaded CI machine needs more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 })

// /profile (docs/product.md §2.9, §4; docs/decisions.md#D-accounts): the join prompt, and an edit that goes through the outbox to the
// server, so it is there after a reload and on another device.

test.describe('profile', () => {
  test.beforeEach(({ page }) => recordToasts(page))
  test.describe.configure({ timeout: 180_000 })
  test('signed out: the join prompt leads to sign-up and sign-in', async ({ page }) => {
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Join Kreis' })).toBeVisible()
    await page.getByRole('link', { name: 'Create Account' }).click()
    await expect(page).toHaveURL('/auth?mode=signup')
    await page.goto('/profile')
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL('/auth?mode=signin')
  })

  test('an edit is saved, sent, kept across a reload and seen on a second device', async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = await newAccount('Petra')
    await signInThroughForm(page, account.email, account.password)
    await page.goto('/profile')
    const details = page.getByRole('region', { name: 'Your details' })
    await expect(details.getByText('Petra', { exact: true })).toBeVisible({ timeout: 15_000 })
    await expect(page.getByText('Free Trial', { exact: true })).toBeVisible()
    await expect(page.getByText('30 days left in your free trial')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscription')

    await details.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByLabel('Last name').fill('Rüegg')
    await page.getByLabel('Location').fill('8001 Zürich')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Profile updated successfully')
    await expect(details.getByText('8001 Zürich', { exact: true })).toBeVisible()
    // Sent: the pending note goes once the server took it.
    await expect(page.getByText('Saved on this device, waiting to be sent')).toHaveCount(0, { timeout: 15_000 })

    await page.reload()
    await expect(details.getByText('Rüegg', { exact: true })).toBeVisible()
    await expect(details.getByText('8001 Zürich', { exact: true })).toBeVisible()

    const other = await browser.newContext({ baseURL })
    const second = await other.newPage()
    await signInThroughForm(second, account.email, account.password)
    await second.goto('/profile')
    await expect(
      second.getByRole('region', { name: 'Your details' }).getByText('8001 Zürich', { exact: true }),
    ).toBeVisible({ timeout: 15_000 })
    await expect(second.getByText('Petra Rüegg')).toBeVisible()
    await other.close()
  })
})
