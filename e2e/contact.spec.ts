import { expect, test } from '@playwright/test'
import { isWriteRequest } from './read-only-calls.ts'
import { expectToast, recordToasts } from './toasts.ts'

test.describe('contact page', () => {
  test.beforeEach(({ page }) => recordToasts(page))
  test('names every missing field, then the bad e-mail, and focuses the first problem', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Send Message' }).click()
    for (const message of ['Name is required', 'Email is required', 'Please select a subject', 'Message is required']) {
      await expect(page.getByText(message)).toBeVisible()
    }
    await expect(page.getByLabel('Name')).toBeFocused()
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Name').fill('Noah Keller')
    await page.getByLabel('Email').fill('noah@example')
    await expect(page.getByText('Name is required')).toHaveCount(0)
    await expect(page.getByText('Invalid email address')).toBeVisible()
  })

  test('a valid message shows "Thank you!" for five seconds, then an empty form; the message goes nowhere', async ({
    page,
  }) => {
    await page.goto('/contact')
    await expect(page.getByRole('link', { name: 'hello@kreis.ch' })).toHaveAttribute('href', 'mailto:hello@kreis.ch')
    // The sync engine runs for every visitor (docs/decisions.md#D-sync-for-visitors), so the page does read the public feed in the background.
    // What stays true: sending is simulated — no request carries the message or writes anything — and a visitor
    // never asks for private tables.
    const requests: string[] = []
    page.on('request', (r) => {
      const writes = isWriteRequest(r.method(), r.url())
      const carriesMessage = (r.postData() ?? '').includes('Lovely app') || r.url().includes('Lovely')
      const privateTable = /\/rest\/v1\/(my_profile|conversations|messages|favorites|payments)\b/.test(r.url())
      if (writes || carriesMessage || privateTable) requests.push(`${r.method()} ${r.url()}`)
    })

    await page.getByLabel('Name').fill('Noah Keller')
    await page.getByLabel('Email').fill('noah@example.ch')
    await page.getByLabel('Subject').selectOption('feedback')
    await page.getByRole('textbox', { name: 'Message' }).fill('Lovely app, thank you.')
    await page.getByLabel('Send me a copy').check()
    await page.getByRole('button', { name: 'Send Message' }).click()

    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
    await expectToast(page, 'Message sent successfully!')
    await expect(page.getByLabel('Name')).toHaveCount(0)
    // Back after 5 s, empty.
    await expect(page.getByLabel('Name')).toHaveValue('', { timeout: 8_000 })
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('')
    await expect(page.getByLabel('Send me a copy')).not.toBeChecked()
    expect(requests).toEqual([])
  })
})
