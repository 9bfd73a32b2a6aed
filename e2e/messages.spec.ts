/**
 * Messaging between buyers and sellers (docs/decisions.md#D-messaging; docs/product.md §2.7, §2.11, §4, §6, §8), against `npm start`'s build and a
 * freshly seeded local stack, with one browser context per device. Users are signed in by putting the session
 * supabase-js would store into the context's localStorage (the sign-in screen has its own spec).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { apiSignIn, newAccount, newDevice } from './account-helpers.ts'

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
const SOLD_BAG = {
  id: '58b07550-6c3a-41c7-be1b-df1af395fcd2',
  conversation: '6b88a90b-c23e-4025-8fc8-a937d04ecb2d',
  seller: '00000000-0000-4000-8000-000000000002',
}

const signIn = (email: string, password = PASSWORD) => apiSignIn(email, password)

/** A new device (browser context) where `email` is signed in, or a visitor without one. */
async function device(
  browser: Browser,
  email?: string,
  opts: { serviceWorkers?: 'allow' | 'block'; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  return newDevice(browser, { ...opts, ...(email ? { stored: (await signIn(email)).stored } : {}) })
}

const thread = (page: Page) => page.getByRole('log')
const conversationRow = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: text })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })
/** The header's total ("Messages, 3 unread"; "Messages" is 0). */
async function headerUnread(page: Page): Promise<number> {
  const label = await page.getByRole('link', { name: /^Messages(, \d+ unread)?$/ }).getAttribute('aria-label')
  return Number(/(\d+) unread/.exec(label ?? '')?.[1] ?? 0)
}
/** The unread counts of the conversation list, added up. */
async function listUnread(page: Page): Promise<number> {
  const counts = await page
    .getByRole('list', { name: 'Conversations' })
    .getByText(/^\d+ unread$/)
    .allTextContents()
  return counts.reduce((sum, count) => sum + parseInt(count, 10), 0)
}

test.describe('messaging (docs/decisions.md#D-messaging)', () => {
  test('buyer messages from the item page → seller gets the toast and the thread live → the answer reaches the buyer live', async ({
    browser,
  }) => {
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

      // The seller: the docs/product.md §8 toast with the first 50 characters, and the new conversation on top, unread.
      await expect(seller.page.getByText('New message received')).toBeVisible()
      await expect(seller.page.getByText('Hi Anna, is the skirt still available?').first()).toBeVisible()
      const row = conversationRow(seller.page, SKIRT.title)
      await expect(row).toContainText('1 unread')
      await expect(seller.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first()).toContainText(
        SKIRT.title,
      )
      await row.click()
      await expect(thread(seller.page).getByText('Hi Anna, is the skirt still available?')).toBeVisible()
      await expect(row).not.toContainText('unread')

      await composer(seller.page).fill('Yes! Would you like to try it on?')
      await composer(seller.page).press('Enter')
      await expect(
        thread(seller.page).locator('[data-state="sent"]').filter({ hasText: 'Would you like to try it on?' }),
      ).toBeVisible()

      // The buyer follows the link to the thread and sees the answer arrive.
      await dialog.getByRole('link', { name: 'Open conversation' }).click()
      await expect(buyer.page).toHaveURL(/\/messages\?c=/)
      await expect(thread(buyer.page).getByText('Yes! Would you like to try it on?')).toBeVisible()
      await expect(
        thread(buyer.page).locator('[data-state="sent"]').filter({ hasText: 'is the skirt still available?' }),
      ).toBeVisible()

      // Live both ways once the thread is open.
      await composer(buyer.page).fill('Great, Saturday?')
      await composer(buyer.page).press('Enter')
      await expect(thread(seller.page).getByText('Great, Saturday?')).toBeVisible()
    } finally {
      await seller.context.close()
      await buyer.context.close()
    }
  })

  test('offline, three messages wait as queued, survive a reload, and arrive once each, in order', async ({
    browser,
  }) => {
    const buyer = await device(browser, NOAH.email, { serviceWorkers: 'allow' })
    const seller = await device(browser, ANNA.email)
    const { client: annaApi } = await signIn(ANNA.email)
    try {
      await buyer.page.goto(`/messages?c=${JUMPER_CONVERSATION}`)
      await expect(thread(buyer.page).getByText('Saturday works, around 11 at the HB?')).toBeVisible()
      await buyer.page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (!navigator.serviceWorker.controller) {
          await new Promise<void>((r) =>
            navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }),
          )
        }
      })
      await seller.page.goto(`/messages?c=${JUMPER_CONVERSATION}`)
      await expect(thread(seller.page).getByText('Saturday works, around 11 at the HB?')).toBeVisible()

      await buyer.context.setOffline(true)
      const texts = ['Offline one', 'Offline two', 'Offline three']
      for (const text of texts) {
        await composer(buyer.page).fill(text)
        await composer(buyer.page).press('Enter')
        await expect(thread(buyer.page).locator('[data-state="queued"]').filter({ hasText: text })).toContainText(
          'Queued',
        )
      }
      await buyer.page.reload()
      for (const text of texts)
        await expect(thread(buyer.page).locator('[data-state="queued"]').filter({ hasText: text })).toBeVisible()
      await expect(thread(seller.page).getByText('Offline one')).toHaveCount(0)

      await buyer.context.setOffline(false)
      for (const text of texts)
        await expect(thread(buyer.page).locator('[data-state="sent"]').filter({ hasText: text })).toBeVisible()
      for (const text of texts) await expect(thread(seller.page).getByText(text, { exact: true })).toHaveCount(1)
      const shown = await thread(seller.page)
        .getByText(/^Offline (one|two|three)$/)
        .allTextContents()
      expect(shown).toEqual(texts)

      // The server holds each exactly once, in the order written.
      const { data, error } = await annaApi
        .from('messages')
        .select('content')
        .eq('conversation_id', JUMPER_CONVERSATION)
        .like('content', 'Offline %')
        .order('created_at')
      expect(error).toBeNull()
      expect(data!.map((m) => m.content)).toEqual(texts)
    } finally {
      await buyer.context.close()
      await seller.context.close()
    }
  })

  test("unread counts go up on both of the seller's devices and down on both when one of them reads", async ({
    browser,
  }) => {
    const deviceA = await device(browser, ANNA.email)
    const deviceB = await device(browser, ANNA.email)
    const { client: noahApi } = await signIn(NOAH.email)
    try {
      // Noah opens a conversation about the trail runners and writes twice (as the app's push would: client ids).
      const conversation = crypto.randomUUID()
      expect(
        (
          await noahApi
            .from('conversations')
            .insert({ id: conversation, listing_id: TRAIL_RUNNERS.id, buyer_id: NOAH.id, seller_id: ANNA.id })
        ).error,
      ).toBeNull()
      for (const content of ['Do they run small?', 'And are the soles worn?']) {
        const m = {
          id: crypto.randomUUID(),
          conversation_id: conversation,
          listing_id: TRAIL_RUNNERS.id,
          sender_id: NOAH.id,
          receiver_id: ANNA.id,
          content,
        }
        expect((await noahApi.from('messages').insert(m)).error).toBeNull()
      }
      // The header's total is the list's counts added up (the seed leaves Anna other unread messages).
      const before: number[] = []
      for (const d of [deviceA, deviceB]) {
        await d.page.goto('/messages')
        await expect(conversationRow(d.page, TRAIL_RUNNERS.title)).toContainText('2 unread')
        await expect.poll(async () => (await headerUnread(d.page)) - (await listUnread(d.page))).toBe(0)
        before.push(await headerUnread(d.page))
      }
      const third = {
        id: crypto.randomUUID(),
        conversation_id: conversation,
        listing_id: TRAIL_RUNNERS.id,
        sender_id: NOAH.id,
        receiver_id: ANNA.id,
        content: 'Thanks!',
      }
      expect((await noahApi.from('messages').insert(third)).error).toBeNull()
      for (const [i, d] of [deviceA, deviceB].entries()) {
        await expect(conversationRow(d.page, TRAIL_RUNNERS.title)).toContainText('3 unread')
        await expect.poll(() => headerUnread(d.page)).toBe(before[i]! + 1)
      }

      await conversationRow(deviceA.page, TRAIL_RUNNERS.title).click()
      await expect(thread(deviceA.page).getByText('Thanks!')).toBeVisible()
      await expect(conversationRow(deviceA.page, TRAIL_RUNNERS.title)).not.toContainText('unread')
      // The read mark is kept on the server, so the other device follows.
      await expect(conversationRow(deviceB.page, TRAIL_RUNNERS.title)).not.toContainText('unread')
      for (const [i, d] of [deviceA, deviceB].entries())
        await expect.poll(() => headerUnread(d.page)).toBe(before[i]! - 2)
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
        conversation_id: JUMPER_CONVERSATION,
        listing_id: 'e13d73e4-3178-423c-92ce-446958ba55db',
        sender_id: MIA.id,
        receiver_id: ANNA.id,
        content: 'let me in',
      })
      expect(intrude.error?.code).toBe('42501')
    } finally {
      await mia.context.close()
    }
  })

  test('a message written offline says it will be sent; when the item sold meanwhile it says "Item sold", with no Retry', async ({
    browser,
  }) => {
    const { client: annaApi } = await signIn(ANNA.email)
    const listingId = crypto.randomUUID()
    const title = `Linen summer shirt ${listingId.slice(0, 8)}`
    const created = await annaApi.from('listings').insert({
      id: listingId,
      user_id: ANNA.id,
      title,
      description: 'Light linen shirt, worn a few times.',
      price: 25,
      condition: 'very_good',
      category: 'women',
      location: 'Bern',
      status: 'active',
    })
    expect(created.error).toBeNull()
    const account = await newAccount('Lea')
    const buyer = await newDevice(browser, { stored: (await signIn(account.email, account.password)).stored })
    try {
      await buyer.page.goto(`/item/${listingId}`)
      await buyer.page.getByRole('button', { name: 'Message Seller' }).click()
      const dialog = buyer.page.getByRole('dialog', { name: 'Message Seller' })
      await expect(dialog.getByText(title)).toBeVisible()
      await buyer.context.setOffline(true)
      await dialog.getByRole('textbox', { name: 'Your message' }).fill('Is the shirt still available?')
      await dialog.getByRole('button', { name: 'Send' }).click()
      // Only on the device: it says it will be sent, and the focus is on that news (the form it was in is gone).
      await expect(dialog.getByRole('status')).toContainText('Your message will be sent')
      await expect(dialog.getByRole('status')).toContainText('You are offline.')
      await expect(dialog.getByText('Your message will be sent')).toBeFocused()
      await expect(buyer.page.getByText('Message sent!')).toHaveCount(0)
      await expect(buyer.page.getByText('Your message has been sent to the seller.')).toHaveCount(0)

      // The seller sells it before the buyer is back online: the server refuses the message.
      expect((await annaApi.from('listings').update({ status: 'sold' }).eq('id', listingId)).error).toBeNull()
      await buyer.context.setOffline(false)
      // Back online the page learns the item sold: the dialog says so, or, once the sold listing has left this
      // device (the buyer may no longer read it), the page itself does — with the same words either way.
      await expect(buyer.page.getByText('This item is no longer available.').first()).toBeVisible()
      await expect(buyer.page.getByText('Item sold').first()).toBeVisible()
      await expect(buyer.page.getByText('Message sent!')).toHaveCount(0)

      // The thread: the message is not sent for that reason, with no Retry, and no composer. (The new account has
      // this one conversation; the item page itself may lose the sold listing, which is not what this test is about.)
      await buyer.page.goto('/messages')
      await buyer.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click()
      const bubble = thread(buyer.page).locator('[data-state="failed"]')
      await expect(bubble).toContainText('Not sent: This item is no longer available.')
      await expect(bubble.getByRole('button', { name: 'Retry' })).toHaveCount(0)
      await expect(buyer.page.getByRole('note')).toContainText('Item sold')
      await expect(composer(buyer.page)).toHaveCount(0)
    } finally {
      await buyer.context.close()
      await annaApi.from('listings').delete().eq('id', listingId)
    }
  })

  test("messaging a sold item and one's own listing is refused; a visitor is asked to log in (docs/product.md §6, §8)", async ({
    browser,
  }) => {
    const noah = await device(browser, NOAH.email)
    const anna = await device(browser, ANNA.email)
    const visitor = await device(browser)
    const { client: noahApi } = await signIn(NOAH.email)
    const { client: annaApi } = await signIn(ANNA.email)
    try {
      // Sold: the thread says so with the docs/product.md §8 words and has no composer; the server refuses a message too.
      await noah.page.goto(`/messages?c=${SOLD_BAG.conversation}`)
      await expect(noah.page.getByRole('note')).toContainText('Item sold')
      await expect(noah.page.getByRole('note')).toContainText('This item is no longer available.')
      await expect(composer(noah.page)).toHaveCount(0)
      const sold = await noahApi.from('messages').insert({
        conversation_id: SOLD_BAG.conversation,
        listing_id: SOLD_BAG.id,
        sender_id: NOAH.id,
        receiver_id: SOLD_BAG.seller,
        content: 'still there?',
      })
      expect(sold.error?.code).toBe('42501')

      // Own listing: the owner gets "Edit listing" instead of "Message Seller"; the server refuses a conversation.
      await anna.page.goto(`/item/${OXFORD.id}`)
      await expect(anna.page.getByRole('link', { name: 'Edit listing' })).toBeVisible({ timeout: 90_000 })
      await expect(anna.page.getByRole('button', { name: 'Message Seller' })).toHaveCount(0)
      const own = await annaApi
        .from('conversations')
        .insert({ listing_id: OXFORD.id, buyer_id: ANNA.id, seller_id: ANNA.id })
      expect(own.error).not.toBeNull()

      // A visitor: the docs/product.md §8 toast on the item page, and the inbox's logged-out state (§2.7).
      await visitor.page.goto(`/item/${OXFORD.id}`)
      await visitor.page.getByRole('button', { name: 'Message Seller' }).click()
      await expect(visitor.page.getByRole('alert').filter({ hasText: 'Please log in' })).toContainText(
        'You need to be logged in to message sellers.',
      )
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

test.describe('the thread as a reader sees it (docs/decisions.md#D-thread-view)', () => {
  /** A new buyer's conversation with Anna about the skirt, holding `contents` (one insert: the server keeps their order). */
  async function conversationWithAnna(
    contents: string[],
  ): Promise<{ id: string; buyerApi: SupabaseClient; say(content: string): Promise<void> }> {
    const account = await newAccount('Lena')
    const { client: buyerApi } = await signIn(account.email, account.password)
    const buyerId = (await buyerApi.auth.getUser()).data.user!.id
    const id = crypto.randomUUID()
    expect(
      (await buyerApi.from('conversations').insert({ id, listing_id: SKIRT.id, buyer_id: buyerId, seller_id: ANNA.id }))
        .error,
    ).toBeNull()
    const row = (content: string) => ({
      id: crypto.randomUUID(),
      conversation_id: id,
      listing_id: SKIRT.id,
      sender_id: buyerId,
      receiver_id: ANNA.id,
      content,
    })
    if (contents.length) expect((await buyerApi.from('messages').insert(contents.map(row))).error).toBeNull()
    return {
      id,
      buyerApi,
      say: async (content) => expect((await buyerApi.from('messages').insert(row(content))).error).toBeNull(),
    }
  }
  const scroller = (page: Page) => page.getByTestId('thread-scroller')
  const distanceFromBottom = (page: Page) =>
    scroller(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
  const topOf = async (page: Page, text: string) =>
    (await thread(page).getByText(text, { exact: true }).boundingBox())!.y

  test("opens at the newest message, keeps the reader's place when earlier ones load or new ones arrive, and follows at the bottom", async ({
    browser,
  }) => {
    const lines = Array.from({ length: 60 }, (_, i) => `Line ${i + 1}`)
    const { id, say } = await conversationWithAnna(lines)
    const anna = await device(browser, ANNA.email, { viewport: { width: 1280, height: 800 } })
    try {
      await anna.page.goto(`/messages?c=${id}`)
      await expect(thread(anna.page).getByText('Line 60', { exact: true })).toBeInViewport()
      await expect.poll(() => distanceFromBottom(anna.page)).toBeLessThan(2)
      // The newest 50 are shown: Line 11 first; the reader scrolls up to it and asks for the earlier ones.
      await expect(thread(anna.page).getByText('Line 10', { exact: true })).toHaveCount(0)
      await scroller(anna.page).evaluate((el) => void (el.scrollTop = 0))
      const before = await topOf(anna.page, 'Line 11')
      await anna.page.getByRole('button', { name: 'Show earlier messages' }).click()
      await expect(thread(anna.page).getByText('Line 1', { exact: true })).toBeAttached()
      expect(Math.abs((await topOf(anna.page, 'Line 11')) - before)).toBeLessThan(2)
      await expect(thread(anna.page).getByText('Line 1', { exact: true })).not.toBeInViewport()

      // A message arriving while the reader is up in the thread does not move it…
      const reading = await topOf(anna.page, 'Line 11')
      await say('Are you still there?')
      await expect(thread(anna.page).getByText('Are you still there?')).toBeAttached()
      expect(Math.abs((await topOf(anna.page, 'Line 11')) - reading)).toBeLessThan(2)
      await expect(thread(anna.page).getByText('Are you still there?')).not.toBeInViewport()
      // …at the bottom, the thread follows the new one.
      await scroller(anna.page).evaluate((el) => void (el.scrollTop = el.scrollHeight))
      await say('Hello again')
      await expect(thread(anna.page).getByText('Hello again')).toBeInViewport()
    } finally {
      await anna.context.close()
    }
  })

  test('Shift+Enter starts a new line, Enter sends the trimmed text; the other side gets the lines and the docs/product.md §8 toast with 50 characters', async ({
    browser,
  }) => {
    const { id, buyerApi, say } = await conversationWithAnna(['Hello Anna'])
    const anna = await device(browser, ANNA.email)
    try {
      await anna.page.goto(`/messages?c=${id}`)
      await expect(thread(anna.page).getByText('Hello Anna')).toBeVisible()
      const field = composer(anna.page)
      await field.pressSequentially('  Pick-up works.')
      await field.press('Shift+Enter')
      await field.pressSequentially('Saturday at 11?  ')
      await expect(field).toHaveValue('  Pick-up works.\nSaturday at 11?  ')
      await field.press('Enter')
      await expect(field).toHaveValue('')
      const bubble = thread(anna.page).locator('[data-state="sent"]').filter({ hasText: 'Pick-up works.' })
      await expect(bubble).toBeVisible()
      expect(await bubble.locator('div').first().innerText()).toBe('Pick-up works.\nSaturday at 11?')
      const { data } = await buyerApi
        .from('messages')
        .select('content')
        .eq('conversation_id', id)
        .eq('sender_id', ANNA.id)
      expect(data).toEqual([{ content: 'Pick-up works.\nSaturday at 11?' }])

      // Away from the thread, Anna gets the live toast with the first 50 characters of the buyer's answer.
      await anna.page.goto('/shop')
      await expect(anna.page.getByRole('link', { name: /^Messages/ })).toBeVisible()
      const answer = 'Perfect, see you on Saturday at eleven by the fountain in front of the station!'
      await say(answer)
      await expect(anna.page.getByText('New message received')).toBeVisible()
      await expect(anna.page.getByText(answer.slice(0, 50), { exact: true })).toBeVisible()
    } finally {
      await anna.context.close()
    }
  })

  test('phones: list, then the thread alone with Back; wide screens: both panes', async ({ browser }) => {
    const phone = await device(browser, NOAH.email, { viewport: { width: 375, height: 812 } })
    const wide = await device(browser, NOAH.email, { viewport: { width: 1280, height: 800 } })
    try {
      await phone.page.goto('/messages')
      const list = phone.page.getByRole('list', { name: 'Conversations' })
      await conversationRow(phone.page, 'Zimmerli').click()
      await expect(thread(phone.page).getByText('Saturday works, around 11 at the HB?')).toBeVisible()
      await expect(list).toBeHidden()
      await expect(composer(phone.page)).toBeInViewport()
      await phone.page.getByRole('link', { name: 'Back to conversations' }).click()
      await expect(list).toBeVisible()
      await expect(thread(phone.page)).toHaveCount(0)

      await wide.page.goto(`/messages?c=${JUMPER_CONVERSATION}`)
      await expect(thread(wide.page).getByText('Saturday works, around 11 at the HB?')).toBeVisible()
      await expect(wide.page.getByRole('list', { name: 'Conversations' })).toBeVisible()
      await expect(wide.page.getByRole('link', { name: 'Back to conversations' })).toBeHidden()
    } finally {
      await phone.context.close()
      await wide.context.close()
    }
  })
})
