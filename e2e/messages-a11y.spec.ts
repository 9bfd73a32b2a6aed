/**
 * The messaging screens under axe (WCAG 2.1 AA), on a phone and a wide screen: /messages logged out, empty, with the
 * list and an open thread (a sold one too), and the Message Seller dialog. Users are signed in by putting the
 * session supabase-js would store into the context's localStorage, as in messages.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test'
import { apiSignIn, newAccount, newDevice } from './account-helpers.ts'

const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 120_000 })

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const SKIRT = '7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'
const JUMPER_CONVERSATION = 'ca837fb7-854a-4790-8e2c-97075e4c0208'
const SOLD_BAG_CONVERSATION = '6b88a90b-c23e-4025-8fc8-a937d04ecb2d'
const VIEWPORTS = { phone: { width: 375, height: 812 }, wide: { width: 1280, height: 800 } }

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const session = async (email: string, password = 'kreis-demo') => (await apiSignIn(email, password)).stored
const open = async (
  browser: Browser,
  viewport: { width: number; height: number },
  stored?: Record<string, string>,
): Promise<Page> => (await newDevice(browser, { viewport, ...(stored ? { stored } : {}) })).page

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`messaging screens under axe (${size})`, () => {
    test('logged out and empty inbox', async ({ browser }) => {
      const visitor = await open(browser, viewport)
      await visitor.goto('/messages')
      await expect(visitor.getByRole('heading', { name: 'Please log in' })).toBeVisible()
      expect(await violations(visitor)).toEqual([])
      await visitor.context().close()

      const account = await newAccount('Ella')
      const newcomer = await open(browser, viewport, await session(account.email, account.password))
      await newcomer.goto('/messages')
      await expect(newcomer.getByText('No conversations yet')).toBeVisible()
      expect(await violations(newcomer)).toEqual([])
      await newcomer.context().close()
    })

    test('the list, an open thread, a sold thread and the Message Seller dialog', async ({ browser }) => {
      const noah = await open(browser, viewport, await session('noah@demo.kreis.ch'))
      await noah.goto('/messages')
      await expect(noah.getByRole('list', { name: 'Conversations' }).getByRole('link').first()).toBeVisible()
      expect(await violations(noah)).toEqual([])

      await noah.goto(`/messages?c=${JUMPER_CONVERSATION}`)
      await expect(noah.getByRole('log').getByText('Saturday works, around 11 at the HB?')).toBeVisible()
      expect(await violations(noah)).toEqual([])

      await noah.goto(`/messages?c=${SOLD_BAG_CONVERSATION}`)
      await expect(noah.getByRole('note')).toContainText('Item sold')
      expect(await violations(noah)).toEqual([])

      await noah.goto(`/item/${SKIRT}`)
      await noah.getByRole('button', { name: 'Message Seller' }).click()
      await expect(
        noah.getByRole('dialog', { name: 'Message Seller' }).getByRole('textbox', { name: 'Your message' }),
      ).toBeFocused()
      expect(await violations(noah)).toEqual([])
      await noah.context().close()
    })
  })
}
