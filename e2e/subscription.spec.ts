import { expect as baseExpect, test, type Page } from '@playwright/test'
import { DEMO, serverPlan, signIn } from './plan-helpers.ts'
import { expectToast, recordToasts } from './toasts.ts'

// A loaded machine (8 builds and stacks at once) can take several seconds per round trip.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 180_000 })

// The plan page and the payment return pages (docs/decisions.md#D-plan-screens; docs/product.md §2.12, §2.13, §4, §8). Payment through the sandbox
// checkout is in payment-sandbox.spec.ts. Anna is the seeded active member; Noah is 12 days into his trial.

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

test.describe('/subscription', () => {
  test.beforeEach(({ page }) => recordToasts(page))
  test('signed out: the timeline, and the membership button’s destructive toast', async ({ page }) => {
    await page.goto('/subscription')
    await expect(page.getByRole('heading', { level: 1, name: 'Your Kreis Plan' })).toBeVisible()
    await expect(page.getByText('Please sign in to manage your plan.')).toBeVisible()
    await expect(page.getByText('CHF 5/month', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click()
    await expect(page.getByText('Authentication required')).toBeVisible()
    await expect(page.getByText('Please sign in to upgrade your subscription')).toBeVisible()
  })

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' })

    test('the cached plan shows with paying and cancelling disabled', async ({ page, context }) => {
      await signIn(context, DEMO.anna.email)
      await page.goto('/subscription')
      await waitForServiceWorkerControl(page)
      await expect(page.getByText('Active (CHF 5/month)')).toBeVisible()
      // The payments list was fetched and kept on the device (Anna's seed has none).
      await expect(page.getByText('No payments yet.')).toBeVisible()
      await expect(page.getByRole('button', { name: /^Pay ahead/ })).toBeEnabled()

      await context.setOffline(true)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Your Kreis Plan' })).toBeVisible()
      await expect(page.getByText('Active (CHF 5/month)')).toBeVisible()
      await expect(page.getByText(/^Active until /)).toBeVisible()
      await expect(
        page.getByRole('status').filter({ hasText: 'paying and cancelling need a connection' }),
      ).toBeVisible()
      await expect(page.getByRole('button', { name: /^Pay ahead/ })).toBeDisabled()
      await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled()
      await expect(page.getByText('No payments yet.')).toBeVisible()
      await context.setOffline(false)
      await expect(page.getByRole('button', { name: /^Pay ahead/ })).toBeEnabled()
    })
  })

  test('cancel: confirmation, cancel_subscription(), the toast, and the plan follows', async ({ page, context }) => {
    const token = await signIn(context, DEMO.anna.email)
    await page.goto('/subscription')
    await expect(page.getByText('Active (CHF 5/month)')).toBeVisible()
    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Keep my plan' }).click()
    await expect(dialog).toBeHidden()
    expect((await serverPlan(token)).subscription_status).toBe('active')

    await page.getByRole('button', { name: 'Cancel subscription' }).click()
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click()
    await expectToast(page, 'Subscription cancelled')
    // Cancelling ends the renewal, not the month paid for: it stays hers until its end.
    await expect(page.getByText('Your subscription is cancelled and will not renew.', { exact: false })).toBeVisible()
    await expect(page.getByText(/^Paid until /)).toBeVisible()
    await expect(page.getByText('Active (CHF 5/month)')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeDisabled()
    expect((await serverPlan(token)).subscription_status).toBe('cancelled')
    // The month is paid for (docs/decisions.md#D-cancelled-paid): it reads so, and nothing is offered to pay for it.
    const status = page.getByRole('region', { name: 'Status' })
    await expect(status.getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(status.getByText('Free Trial', { exact: true })).toHaveCount(0)
    await expect(status.getByText(/^Nothing to pay until /)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
  })
})

test.describe('payment return pages', () => {
  test('a forged gatewayId shows the failure screen and changes nothing', async ({ page, context }) => {
    const token = await signIn(context, DEMO.noah.email)
    const before = await serverPlan(token)
    await page.goto(`/payment-success?userId=${DEMO.noah.id}&gatewayId=${crypto.randomUUID()}`)
    await expect(page.getByRole('heading', { name: 'Payment processing error' })).toBeVisible()
    await expect(page.getByText('Please contact support if you were charged').first()).toBeVisible()
    await page.waitForTimeout(2_500)
    await expect(page).toHaveURL(/\/payment-success\?/)
    expect(await serverPlan(token)).toEqual(before)
    await page.getByRole('link', { name: 'View My Plan' }).click()
    await expect(page.getByText('Free trial', { exact: true })).toBeVisible()
  })

  test('without userId and gatewayId /payment-success goes straight to /subscription-success', async ({ page }) => {
    await page.goto('/payment-success')
    await expect(page).toHaveURL(/\/subscription-success$/)
    await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'View My Plan' })).toHaveAttribute('href', '/subscription')
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('/payment-failed: no charge made, Try Again goes to /profile', async ({ page }) => {
    await page.goto('/payment-failed')
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible()
    await expect(page.getByText('No charge was made.', { exact: false })).toBeVisible()
    await page.getByRole('link', { name: 'Try Again' }).click()
    await expect(page).toHaveURL(/\/profile$/)
  })
})
