import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { isWriteRequest } from './read-only-calls.ts'

/** Distance from the viewport top to the section's top, minus the sticky header: 20 px after the scroll. */
async function gapBelowHeader(page: Page, sectionId: string): Promise<number> {
  return page.evaluate((id) => {
    const header = document.getElementById('site-header')!.getBoundingClientRect().height
    return Math.round(document.getElementById(id)!.getBoundingClientRect().top - header)
  }, sectionId)
}

/** The call-to-action's "Start Free Trial" (the dialog's submit button has the same name). */
const trialButton = (page: Page) =>
  page.locator('#cta-title').locator('..').getByRole('button', { name: 'Start Free Trial' })
const trialAddress = (what: string) => `trial-${what}-${Date.now()}@e2e.kreis.ch`

async function openTrial(page: Page) {
  await trialButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'Start your free trial' })
  await expect(dialog).toBeVisible()
  return dialog
}

test.describe('landing page', () => {
  test('shows its sections in the order of the spec', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Fresh from the Circle',
      'Why Choose Kreis',
      'How It Works',
      'Simple, fair pricing',
      'What Our Members Say',
      'Join the Circular Fashion Movement',
    ])
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wear stories, not trends.')
    await expect(page.getByText('Buy & sell clothes in Switzerland, all in one stylish circle.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Browse All Items' })).toHaveAttribute('href', '/shop')
    await expect(page.locator('#products-section').getByRole('link', { name: 'Start Selling' })).toHaveAttribute(
      'href',
      '/auth',
    )
    for (const price of ['CHF 0', 'CHF 2', 'CHF 5/month'])
      await expect(page.getByText(price, { exact: true })).toBeVisible()
  })

  test('"Start Shopping" and "Become a Member" scroll their section to 20 px below the header', async ({ page }) => {
    await page.goto('/')
    // The scroll target is computed at the click: wait until the grid above pricing holds its cards (a visitor's first
    // sync replaces its skeletons, whose height differs), or the section moves after the scroll has started.
    await expect(page.locator('#products-section').getByRole('listitem').first()).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Become a Member' }).click()
    await expect.poll(() => gapBelowHeader(page, 'pricing-section')).toBe(20)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Start Shopping' }).click()
    await expect.poll(() => gapBelowHeader(page, 'products-section')).toBe(20)
  })

  test('the membership button, signed out, shows a destructive toast and stays on the page', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'See Membership Plans' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Authentication required')
    await expect(alert).toContainText('Please sign in to upgrade your subscription')
    await expect(page).toHaveURL('/')
  })

  test('the call-to-action appears when half visible and its button pulses two seconds later', async ({ page }) => {
    await page.goto('/')
    const cta = page.locator('[data-revealed]')
    await expect(cta).toHaveAttribute('data-revealed', 'false')
    await page.getByRole('heading', { name: 'Join the Circular Fashion Movement' }).scrollIntoViewIfNeeded()
    await expect(cta).toHaveAttribute('data-revealed', 'true')
    const sell = cta.getByRole('link', { name: 'Sell an Item' })
    await expect(sell).toHaveAttribute('data-pulsing', 'false')
    await expect(sell).toHaveAttribute('data-pulsing', 'true', { timeout: 4_000 })
    await expect(sell).toHaveAttribute('href', '/auth')
  })

  test('the newsletter form confirms with a toast and empties the field, without a network call', async ({ page }) => {
    await page.goto('/')
    const requests: string[] = []
    // The sync engine mirrors the public feed for visitors, so data calls do happen on this page; none may carry the
    // address or write anything (docs/product.md §7.2: the newsletter makes no network call).
    page.on('request', (r) => {
      if (isWriteRequest(r.method(), r.url())) requests.push(`${r.method()} ${r.url()}`)
      else if (decodeURIComponent(r.url()).includes('reader@example.ch')) requests.push(r.url())
    })
    const email = page.getByLabel('Your email address')
    await email.fill('reader@example.ch')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    const notice = page.getByRole('status').filter({ hasText: 'Subscribed successfully!' })
    await expect(notice).toContainText("You'll receive news & updates.")
    await expect(email).toHaveValue('')
    expect(requests).toEqual([])
  })

  test('the trial signup: modal, success, "Start Browsing Fashion"; the same e-mail again → "Email already registered"', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.locator('#products-section').getByRole('listitem').first()).toBeVisible({ timeout: 20_000 })
    let dialog = await openTrial(page)
    await expect(dialog.getByLabel('Email')).toBeFocused()
    const axe = await new AxeBuilder({ page })
      .include('dialog')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])

    await dialog.getByRole('button', { name: 'Start Free Trial' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Email required' })).toContainText(
      'Please enter your email address',
    )

    const email = trialAddress('browse')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Password (optional)').fill('not-stored-9k2')
    await dialog.getByLabel('First name (optional)').fill('Mia')
    await dialog.getByLabel('City (optional)').fill('Basel')
    const insert = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/rest/v1/trial_users'))
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click()
    const body = (await insert).postDataJSON() as Record<string, unknown>
    expect(body).toMatchObject({ email, first_name: 'Mia', city: 'Basel', trial_status: 'active' })
    expect(JSON.stringify(body)).not.toContain('not-stored-9k2')
    const success = page.getByRole('dialog', { name: 'Your free trial has started!' })
    await expect(success.getByRole('button', { name: 'Start Browsing Fashion' })).toBeFocused()
    await success.getByRole('button', { name: 'Start Browsing Fashion' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect.poll(() => gapBelowHeader(page, 'products-section')).toBe(20)

    // A second signup with the same address (another letter case): the docs/product.md §8 toast, the form stays as typed.
    dialog = await openTrial(page)
    await expect(dialog.getByLabel('Email')).toHaveValue('')
    await dialog.getByLabel('Email').fill(email.toUpperCase())
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click()
    const toast = page.getByRole('alert').filter({ hasText: 'Email already registered' })
    await expect(toast).toContainText('This email is already signed up for the trial')
    await expect(dialog.getByLabel('Email')).toHaveValue(email.toUpperCase())
    await expect(dialog.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled()

    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(trialButton(page)).toBeFocused()
  })

  test('the trial signup: "Add Your First Item" closes with an "Add Item" toast; offline, the form says so and keeps its text', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    const dialog = await openTrial(page)
    await dialog.getByLabel('Email').fill(trialAddress('add'))
    await context.setOffline(true)
    await expect(dialog.getByRole('alert')).toContainText("You're offline")
    await expect(dialog.getByRole('button', { name: 'Start Free Trial' })).toBeDisabled()
    await context.setOffline(false)
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click()
    const success = page.getByRole('dialog', { name: 'Your free trial has started!' })
    await success.getByRole('button', { name: 'Add Your First Item' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: 'Add Item' })).toBeVisible()
    await expect(page).toHaveURL('/')
  })

  test('a part whose code fails to arrive offline waits for the network; the open form keeps its text (docs/decisions.md#D-chunk-retry)', async ({
    page,
    context,
  }) => {
    // The fresh grid's chunk is held until the test lets it fail, as a dropped connection would.
    let held: import('@playwright/test').Route | undefined
    const heldArrived = new Promise<void>((resolve) =>
      page.route(/\/assets\/fresh-grid-[^/]+\.js$/, (route) => {
        held = route
        resolve()
      }),
    )
    await page.goto('/')
    const dialog = await openTrial(page)
    const email = trialAddress('chunk')
    await dialog.getByLabel('Email').fill(email)
    await heldArrived
    await context.setOffline(true)
    await held!.abort('internetdisconnected')
    await page.unroute(/\/assets\/fresh-grid-[^/]+\.js$/)
    // Offline the screen stands: no error screen, the form keeps what was typed.
    await expect(dialog.getByRole('alert')).toContainText("You're offline")
    await expect(page.getByText('Something went wrong')).toHaveCount(0)
    await expect(dialog.getByLabel('Email')).toHaveValue(email)
    await context.setOffline(false)
    // Back online, the part loads and shows the cards; the form is still open and filled.
    await expect(page.locator('#products-section li').first()).toBeVisible({ timeout: 20_000 })
    await expect(dialog.getByLabel('Email')).toHaveValue(email)
    await expect(page.getByText('Something went wrong')).toHaveCount(0)
  })

  test('the footer links the static pages and says © 2024 Kreis', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    const links = footer.getByRole('link')
    await expect(links).toHaveCount(5)
    for (const href of ['/our-story', '/join-movement', '/contact', '/terms', '/privacy-policy']) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible()
    }
    await expect(footer).toContainText('© 2024 Kreis')
    await footer.getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
    await expect(page.getByText('You must be at least 16 years old')).toBeVisible()
  })
})
