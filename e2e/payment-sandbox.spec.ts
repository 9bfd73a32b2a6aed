import { expect as baseExpect, test } from '@playwright/test'
import { APP_URL } from './env.ts'
import { DEMO, serverPayments, serverPlan, signIn } from './plan-helpers.ts'

// A loaded machine (8 builds and stacks at once) can take several seconds per round trip.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 180_000 })

// Through the screens with the sandbox provider (docs/decisions.md#D-plan-screens): the plan page's pay button opens the sandbox checkout
// in a new tab, which returns to /payment-success. Luca (42 days old, never paid) is the welcome-phase seller who
// pays CHF 2; Sophie (21 days, trial) cancels on the checkout page.

test.describe('subscription payment through the sandbox checkout', () => {
  test('a welcome-phase seller pays CHF 2 → /payment-success → Subscription Activated!, and the plan shows Active without a reload', async ({
    page,
    context,
  }) => {
    const token = await signIn(context, DEMO.luca.email)
    expect((await serverPlan(token)).subscription_status).not.toBe('active')

    await page.goto('/subscription')
    await expect(page.getByRole('heading', { level: 1, name: 'Your Kreis Plan' })).toBeVisible()
    await expect(page.getByText('Welcome month')).toBeVisible()
    await expect(page.getByText('Free Trial', { exact: true }).first()).toBeVisible()
    await expect(page.locator('li[data-state="pending"]')).toContainText('CHF 2 Welcome')

    const [checkout] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Pay CHF 2.00' }).click(),
    ])
    await checkout.waitForURL(/\/sandbox-pay\/checkout\//)
    await expect(checkout.getByText('CHF 2.00').first()).toBeVisible()
    await checkout.getByRole('button', { name: /^Pay/ }).click()

    await checkout.waitForURL((url) => url.origin === APP_URL && url.pathname === '/payment-success')
    const back = new URL(checkout.url())
    expect(back.searchParams.get('userId')).toBe(DEMO.luca.id)
    await expect(checkout.getByRole('heading', { name: 'Payment successful!' })).toBeVisible()
    await checkout.waitForURL((url) => url.pathname === '/subscription-success')
    await expect(checkout.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible()

    // The first tab follows the mirror: Active, with the paid month's end, and the payment listed.
    await expect(page.getByText('Active (CHF 5/month)')).toBeVisible()
    await expect(page.getByText(/^Active until \d{1,2} \w+ \d{4}$/)).toBeVisible()
    await expect(page.locator('li[data-state="active"]')).toHaveCount(3)
    const plan = await serverPlan(token)
    expect(plan.subscription_status).toBe('active')
    expect(Date.parse(plan.paid_until!)).toBeGreaterThan(Date.now() + 27 * 86_400_000)
    await page.reload()
    await expect(page.getByRole('listitem').filter({ hasText: 'CHF 2.00' }).filter({ hasText: 'Paid' })).toBeVisible()

    await checkout.getByRole('link', { name: 'View My Plan' }).click()
    await expect(checkout).toHaveURL(/\/subscription$/)
    await checkout.goto('/profile')
    await expect(checkout.getByText('Active (CHF 5/month)')).toBeVisible()
  })

  test('cancel on the checkout page → /payment-failed, and nothing changes', async ({ page, context }) => {
    const token = await signIn(context, DEMO.sophie.email)
    await page.goto('/subscription')
    await expect(page.getByText('Free trial', { exact: true })).toBeVisible()

    const [checkout] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Pay CHF 2.00' }).click(),
    ])
    await checkout.waitForURL(/\/sandbox-pay\/checkout\//)
    await checkout.getByRole('button', { name: 'Cancel' }).click()
    await checkout.waitForURL((url) => url.origin === APP_URL && url.pathname === '/payment-failed')
    await expect(checkout.getByRole('heading', { name: 'Payment Failed' })).toBeVisible()
    await expect(checkout.getByText('No charge was made.')).toBeVisible()
    await expect(checkout.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
    await checkout.getByRole('link', { name: 'Try Again' }).click()
    await expect(checkout).toHaveURL(/\/profile$/)

    expect((await serverPlan(token)).subscription_status).not.toBe('active')
    // The failure page had the checkout looked up: the payment is recorded as cancelled, not left pending.
    await expect.poll(async () => (await serverPayments(token)).map((p) => p.status)).toEqual(['cancelled'])
    await page.reload()
    await expect(page.getByText('Free trial', { exact: true })).toBeVisible()
    await expect(page.getByText('Active (CHF 5/month)')).toHaveCount(0)
  })
})
