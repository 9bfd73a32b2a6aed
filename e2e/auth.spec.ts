import { expect as baseExpect, test, type Page } from '@playwright/test'
import { authCall, signInThroughForm, unique } from './account-helpers.ts'
import { expectToast, recordToasts } from './toasts.ts'

// Screens wait for the session and the device database; a loaded CI machine needs more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 })

// Accounts through the screens (docs/product.md §2.5, §4, §8; docs/decisions.md#D-accounts). Demo accounts only sign in: anything that
// changes an account (sign-up, a new password) uses an account made for the test, so later specs find the demo
// data as seeded.

const header = (page: Page) => page.locator('header')

test.describe('accounts', () => {
  test.beforeEach(({ page }) => recordToasts(page))
  test.describe.configure({ timeout: 180_000 })
  test('the form has three modes in the query string, sign-up by default', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible()
    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click()
    await expect(page).toHaveURL('/auth?mode=signin')
    await expect(page.getByLabel('First name')).toHaveCount(0)
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL('/auth?mode=reset')
    await page.getByRole('button', { name: 'Back to Sign In' }).click()
    await expect(page).toHaveURL('/auth?mode=signin')
  })

  test('sign up, sign out, sign in again', async ({ page }) => {
    const email = unique('ada')
    await page.goto('/auth')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Keller')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel(/^Password/).fill('ada-secret')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Account created. Taking you home...')).toBeVisible()
    await expectToast(page, 'Welcome to Kreis 🎉')
    await expect(page).toHaveURL('/', { timeout: 15_000 })
    // The avatar: the first name once the own profile is on the device.
    await expect(header(page).getByRole('link', { name: 'Signed in as Ada' })).toHaveText('A', { timeout: 15_000 })

    await header(page).getByRole('button', { name: 'Sign Out' }).click()
    await expectToast(page, 'Signed out successfully')
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible()

    await page.goto('/auth?mode=signin')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel(/^Password/).fill('ada-secret')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('You are signed in. Taking you home...')).toBeVisible()
    await expectToast(page, 'Welcome back! 👋')
    await expect(page).toHaveURL('/', { timeout: 15_000 })
    await expect(header(page).getByRole('link', { name: /^Signed in as/ })).toBeVisible()
  })

  test('a demo account signs in; a signed-in visit to /auth goes home', async ({ page }) => {
    await signInThroughForm(page, 'anna@demo.kreis.ch')
    await expect(header(page).getByRole('link', { name: 'Signed in as Anna' })).toHaveText('A', { timeout: 15_000 })
    await page.goto('/auth?mode=signin')
    await expect(page).toHaveURL('/')
  })

  test('a wrong password gets the docs/product.md §8 message and the form back', async ({ page }) => {
    await page.goto('/auth?mode=signin')
    await page.getByLabel('Email').fill('anna@demo.kreis.ch')
    await page.getByLabel(/^Password/).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    const text = 'Incorrect email or password. Please check your credentials and try again.'
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(text)
    await expectToast(page, 'Sign in failed')
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
    await expect(page).toHaveURL('/auth?mode=signin')
  })

  test('reset: the e-mail is requested, and the link’s session sets a new password that then signs in', async ({
    page,
  }) => {
    const email = unique('reset')
    expect(
      (await authCall('/signup', { email, password: 'old-secret', data: { first_name: 'Rita', last_name: 'Reset' } }))
        .status,
    ).toBe(200)

    await page.goto('/auth?mode=reset')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText('Check your email for reset instructions.')).toBeVisible()
    await expectToast(page, 'Password reset email sent')
    await expect(page).toHaveURL('/', { timeout: 15_000 })

    // The link's target as GoTrue's /verify builds it (supabase/local/auth/email-links.ts): a session in the
    // fragment with type=recovery. The local stack keeps its mail in memory, out of a browser's reach, so the
    // session comes from a sign-in of the same account.
    const s = (await authCall('/token?grant_type=password', { email, password: 'old-secret' })).body
    const fragment = new URLSearchParams({
      access_token: String(s.access_token),
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: String(s.refresh_token),
      token_type: 'bearer',
      type: 'recovery',
    })
    const fresh = page
    await fresh.goto(`/auth/reset-password#${fragment}`)
    await expect(fresh.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible()
    await expect(fresh.getByText(`Choose a new password for ${email}.`)).toBeVisible()
    await fresh.getByLabel(/^New password/).fill('new-secret')
    await fresh.getByLabel('Repeat the new password').fill('new-secret')
    await fresh.getByRole('button', { name: 'Update Password' }).click()
    await expect(fresh.getByText('Your password has been changed. Taking you home...')).toBeVisible()
    await expect(fresh).toHaveURL('/', { timeout: 15_000 })

    expect((await authCall('/token?grant_type=password', { email, password: 'old-secret' })).status).toBe(400)
    expect((await authCall('/token?grant_type=password', { email, password: 'new-secret' })).status).toBe(200)
  })

  test('an expired reset link says so and offers a new one', async ({ page }) => {
    await page.goto(
      '/auth/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    )
    await expect(page.getByRole('heading', { level: 1, name: 'This reset link cannot be used' })).toBeVisible()
    await page.getByRole('link', { name: 'Send me a new link' }).click()
    await expect(page).toHaveURL('/auth?mode=reset')
  })
})
