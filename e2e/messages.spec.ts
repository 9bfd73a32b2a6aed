/**
 * Messaging between buyers and sellers (issue 13; spec §2.7, §2.11, §4, §6, §8), against `npm start`'s build and a
 * freshly seeded local stack, with one browser context per device. Users are signed in by putting the session
 * supabase-js would store into the context's localStorage (the sign-in screen has its own spec).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'
import { APP_URL, E2E_API_URL } from './env.ts'

// Each device starts by syncing the seeded world into its IndexedDB, and every step crosses a real push, realtime
// and live query: on a busy 2-core machine that takes seconds, so waits are generous (they end as soon as it shows).
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 240_000 })

const PASSWORD = 'kreis-demo'
const ANNA = { email: 'anna@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000001' }
const NOAH = { email: 'noah@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000004' }
const MIA = { email: 'mia@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000005' }
// Seed (supabase/seed.sql): Anna's active listings, Noah's conversation with Anna about the Zimmerli jumper, and
// Noah's conversation with Luca about the Bally bag, which is sold.
const SKIRT = { id: '7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af', title: 'Arket sage pleated midi skirt' }
const TRAIL_RUNNERS = { id: 'f0c9fe23-8414-47cd-8ab7-a10d2599bc07', title: 'Salomon forest green trail runners' }
const OXFORD = { id: 'ffc887de-f8d2-4670-81bc-db5945953e0f' }
const JUMPER_CONVERSATION = 'ca837fb7-854a-4790-8e2c-97075e4c0208'
const SOLD_BAG = { id: '58b07550-6c3a-41c7-be1b-df1af395fcd2', conversation: '6b88a90b-c23e-4025-8fc8-a937d04ecb2d', seller: '00000000-0000-4000-8000-000000000002' }

/** A supabase-js client signed in as `email`, and what it stored (the browser's localStorage gets the same). */
async function signIn(email: string): Promise<{ client: SupabaseClient; stored: Record<string, string> }> {
  const stored: Record<string, string> = {}
  const client = createClient(E2E_API_URL, DEFAULT_ANON_KEY, {
    // Node 20 has no global WebSocket (reference/supabase-wire.md §0).
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      storage: { getItem: (k) => stored[k] ?? null, setItem: (k, v) => void (stored[k] = v), removeItem: (k) => void delete stored[k] },
    },
  })
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
  expect(error).toBeNull()
  return { client, stored }
}

/** A new device (browser context) where `email` is signed in, or a visitor without one. */
async function device(browser: Browser, email?: string, opts: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: APP_URL, serviceWorkers: opts.serviceWorkers ?? 'block' })
  if (email) {
    const { stored } = await signIn(email)
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v)
    }, stored)
  }
  return { context, page: await context.newPage() }
}

const thread = (page: Page) => page.getByRole('log')
const conversationRow = (page: Page, text: string) => page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: text })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })

test.describe('messaging (issue 13)', () => {
  test('buyer messages from the item page → seller gets the toast and the thread live → the answer reaches the buyer live', async ({ browser }) => {
    const seller = await device(browser, ANNA.email)
    const buyer = await device(browser, NOAH.email)
    try {
      await seller.page.goto('/messages')
      await expect(conversationRow(seller.page, 'Noah Keller').first()).toBeVisible()
      await expect(conversationRow(seller.page, SKIRT.title)).toHaveCount(0)

      await buyer.page.goto(`/item/${SKIRT.id}`)
      await buyer.page.getByRole('button', { name: 'Message Seller' }).click()
      const dialog = buyer.page.getByRole('dialog', { name: 'Message Seller' })
      await expect(dialog.getByText(SKIRT.title)).toBeVisible()
      await expect(dialog.getByText(/^CHF \d+\.\d{2}$/)).toBeVisible()
      await dialog.getByRole('textbox', { name: 'Your message' }).fill('  Hi Anna, is the skirt still available?  ')
      await dialog.getByRole('button', { name: 'Send' }).click()
      await expect(buyer.page.getByText('Your message has been sent to the seller.').first()).toBeVisible()

      // The seller: the §8 toast with the first 50 characters, and the new conversation on top, unread.
      await expect(seller.page.getByText('New message received')).toBeVisible()
      await expect(seller.page.getByText('Hi Anna, is the skirt still available?').first()).toBeVisible()
      const row = conversationRow(seller.page, SKIRT.title)
      await expect(row).toContainText('1 unread')
      await expect(seller.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first()).toContainText(SKIRT.title)
      await row.click()
      await expect(thread(seller.page).getByText('Hi Anna, is the skirt still available?')).toBeVisible()
      await expect(row).not.toContainText('unread')

      await composer(seller.page).fill('Yes! Would you like to try it on?')
      await composer(seller.page).press('Enter')
      await expect(thread(seller.page).locator('[data-state="sent"]').filter({ hasText: 'Would you like to try it on?' })).toBeVisible()

      // The buyer follows the link to the thread and sees the answer arrive.
      await dialog.getByRole('link', { name: 'Open conversation' }).click()
      await expect(buyer.page).toHaveURL(/\/messages\?c=/)
      await expect(thread(buyer.page).getByText('Yes! Would you like to try it on?')).toBeVisible()
      await expect(thread(buyer.page).locator('[data-state="sent"]').filter({ hasText: 'is the skirt still available?' })).toBeVisible()

      // Live both ways once the thread is open.
      await composer(buyer.page).fill('Great, Saturday?')
      await composer(buyer.page).press('Enter')
      await expect(thread(seller.page).getByText('Great, Saturday?')).toBeVisible()
    } finally {
      await seller.context.close()
      await buyer.context.close()
    }
  })

  test('offline, three messages wait as queued, survive a reload, and arrive once each, in order', async ({ browser }) => {
    const buyer = await device(browser, NOAH.email, { serviceWorkers: 'allow' })
    const seller = await device(browser, ANNA.email)
    const { client: annaApi } = await signIn(ANNA.email)
    try {
      await buyer.page.goto(`/messages?c=${JUMPER_CONVERSATION}`)
      await expect(thread(buyer.page).getByText('Saturday works, around 11 at the HB?')).toBeVisible()
      await buyer.page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller) {
          await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }))
        }
      })
      await seller.page.goto(`/messages?c=${JUMPER_CONVERSATION}`)
      await expect(thread(seller.page).getByText('Saturday works, around 11 at the HB?')).toBeVisible()

      await buyer.context.setOffline(true)
      const texts = ['Offline one', 'Offline two', 'Offline three']
      for (const text of texts) {
        await composer(buyer.page).fill(text)
        await composer(buyer.page).press('Enter')
        await expect(thread(buyer.page).locator('[data-state="queued"]').filter({ hasText: text })).toContainText('Queued')
      }
      await buyer.page.reload()
      for (const text of texts) await expect(thread(buyer.page).locator('[data-state="queued"]').filter({ hasText: text })).toBeVisible()
      await expect(thread(seller.page).getByText('Offline one')).toHaveCount(0)

      await buyer.context.setOffline(false)
      for (const text of texts) await expect(thread(buyer.page).locator('[data-state="sent"]').filter({ hasText: text })).toBeVisible()
      for (const text of texts) await expect(thread(seller.page).getByText(text, { exact: true })).toHaveCount(1)
      const shown = await thread(seller.page).getByText(/^Offline (one|two|three)$/).allTextContents()
      expect(shown).toEqual(texts)

      // The server holds each exactly once, in the order written.
      const { data, error } = await annaApi.from('messages').select('content').eq('conversation_id', JUMPER_CONVERSATION).like('content', 'Offline %').order('created_at')
      expect(error).toBeNull()
      expect(data!.map((m) => m.content)).toEqual(texts)
    } finally {
      await buyer.context.close()
      await seller.context.close()
    }
  })

  test('unread counts go up on both of the seller\'s devices and down on both when one of them reads', async ({ browser }) => {
    const deviceA = await device(browser, ANNA.email)
    const deviceB = await device(browser, ANNA.email)
    const { client: noahApi } = await signIn(NOAH.email)
    try {
      // Noah opens a conversation about the trail runners and writes twice (as the app's push would: client ids).
      const conversation = crypto.randomUUID()
      expect((await noahApi.from('conversations').insert({ id: conversation, listing_id: TRAIL_RUNNERS.id, buyer_id: NOAH.id, seller_id: ANNA.id })).error).toBeNull()
      for (const content of ['Do they run small?', 'And are the soles worn?']) {
        const m = { id: crypto.randomUUID(), conversation_id: conversation, listing_id: TRAIL_RUNNERS.id, sender_id: NOAH.id, receiver_id: ANNA.id, content }
        expect((await noahApi.from('messages').insert(m)).error).toBeNull()
      }
      for (const d of [deviceA, deviceB]) {
        await d.page.goto('/messages')
        await expect(conversationRow(d.page, TRAIL_RUNNERS.title)).toContainText('2 unread')
      }
      const third = { id: crypto.randomUUID(), conversation_id: conversation, listing_id: TRAIL_RUNNERS.id, sender_id: NOAH.id, receiver_id: ANNA.id, content: 'Thanks!' }
      expect((await noahApi.from('messages').insert(third)).error).toBeNull()
      for (const d of [deviceA, deviceB]) await expect(conversationRow(d.page, TRAIL_RUNNERS.title)).toContainText('3 unread')

      await conversationRow(deviceA.page, TRAIL_RUNNERS.title).click()
      await expect(thread(deviceA.page).getByText('Thanks!')).toBeVisible()
      await expect(conversationRow(deviceA.page, TRAIL_RUNNERS.title)).not.toContainText('unread')
      // The read mark is kept on the server, so the other device follows.
      await expect(conversationRow(deviceB.page, TRAIL_RUNNERS.title)).not.toContainText('unread')
    } finally {
      await deviceA.context.close()
      await deviceB.context.close()
    }
  })

  test('a third user cannot read the conversation, in the app or through the REST API', async ({ browser }) => {
    const mia = await device(browser, MIA.email)
    const { client: miaApi } = await signIn(MIA.email)
    try {
      await mia.page.goto(`/messages?c=${JUMPER_CONVERSATION}`)
      await expect(mia.page.getByText('This conversation is not on this device.')).toBeVisible()
      await expect(mia.page.getByText('Hi Anna, is this still available?')).toHaveCount(0)

      const conversations = await miaApi.from('conversations').select('*').eq('id', JUMPER_CONVERSATION)
      expect(conversations.error).toBeNull()
      expect(conversations.data).toEqual([])
      const messages = await miaApi.from('messages').select('*').eq('conversation_id', JUMPER_CONVERSATION)
      expect(messages.error).toBeNull()
      expect(messages.data).toEqual([])
      const intrude = await miaApi.from('messages').insert({
        conversation_id: JUMPER_CONVERSATION, listing_id: 'e13d73e4-3178-423c-92ce-446958ba55db', sender_id: MIA.id, receiver_id: ANNA.id, content: 'let me in',
      })
      expect(intrude.error?.code).toBe('42501')
    } finally {
      await mia.context.close()
    }
  })

  test('messaging a sold item and one\'s own listing is refused; a visitor is asked to log in (§6, §8)', async ({ browser }) => {
    const noah = await device(browser, NOAH.email)
    const anna = await device(browser, ANNA.email)
    const visitor = await device(browser)
    const { client: noahApi } = await signIn(NOAH.email)
    const { client: annaApi } = await signIn(ANNA.email)
    try {
      // Sold: the thread says so with the §8 words and has no composer; the server refuses a message too.
      await noah.page.goto(`/messages?c=${SOLD_BAG.conversation}`)
      await expect(noah.page.getByRole('note')).toContainText('Item sold')
      await expect(noah.page.getByRole('note')).toContainText('This item is no longer available.')
      await expect(composer(noah.page)).toHaveCount(0)
      const sold = await noahApi.from('messages').insert({
        conversation_id: SOLD_BAG.conversation, listing_id: SOLD_BAG.id, sender_id: NOAH.id, receiver_id: SOLD_BAG.seller, content: 'still there?',
      })
      expect(sold.error?.code).toBe('42501')

      // Own listing: the owner gets "Edit listing" instead of "Message Seller"; the server refuses a conversation.
      await anna.page.goto(`/item/${OXFORD.id}`)
      await expect(anna.page.getByRole('link', { name: 'Edit listing' })).toBeVisible({ timeout: 90_000 })
      await expect(anna.page.getByRole('button', { name: 'Message Seller' })).toHaveCount(0)
      const own = await annaApi.from('conversations').insert({ listing_id: OXFORD.id, buyer_id: ANNA.id, seller_id: ANNA.id })
      expect(own.error).not.toBeNull()

      // A visitor: the §8 toast on the item page, and the inbox's logged-out state (§2.7).
      await visitor.page.goto(`/item/${OXFORD.id}`)
      await visitor.page.getByRole('button', { name: 'Message Seller' }).click()
      await expect(visitor.page.getByRole('alert').filter({ hasText: 'Please log in' })).toContainText('You need to be logged in to message sellers.')
      await visitor.page.goto('/messages')
      await expect(visitor.page.getByRole('heading', { name: 'Please log in' })).toBeVisible()
      await expect(visitor.page.getByText('You need to be logged in to view messages.')).toBeVisible()
    } finally {
      await noah.context.close()
      await anna.context.close()
      await visitor.context.close()
    }
  })
})
