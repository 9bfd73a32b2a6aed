// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { ListingRow } from '@/db/rows'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { MessageSellerDialog } from './message-seller-dialog'

const BUYER = 'buyer-1'
const SELLER = 'seller-1'
const listing = (patch: Partial<ListingRow> = {}): ListingRow => ({
  id: 'l1',
  user_id: SELLER,
  title: 'Wool coat',
  description: 'A warm wool coat.',
  price: 45,
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: null,
  size: 'M',
  fabric: 'Wool',
  location: 'Bern',
  tags: null,
  status: 'active',
  created_at: '2026-11-20T10:00:00.000000Z',
  updated_at: '2026-11-20T10:00:00.000000Z',
  edited_at: '2026-11-20T10:00:00.000Z',
  sync_state: 'synced',
  cover_image_url: null,
  seller_first_name: 'Anna',
  seller_last_name: 'Müller',
  ...patch,
})

let db: KreisDatabase
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null])
/**
 * Waits until Send can be pressed (the dialog's live query answered and the typed text is in): a click on the
 * still-disabled button does nothing, which made these tests depend on how fast the machine was.
 */
async function sendEnabled() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled())
}

function open(listingId = 'l1') {
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <MessageSellerDialog listingId={listingId} open onClose={() => {}} />
      </MemoryRouter>
    </DatabaseProvider>,
  )
}
const field = () => screen.getByRole('textbox', { name: 'Your message' })

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: BUYER, email: 'b@example.ch' }, true)
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

describe('Message Seller dialog (docs/product.md §2.11, §4, §6, §8)', () => {
  it('shows the listing, opens the conversation and queues the message (outbox: conversation, then message), then links to the thread', async () => {
    await db.listings.put(listing())
    open()
    expect(await screen.findByText('Wool coat')).toBeInTheDocument()
    expect(screen.getByText('CHF 45.00')).toBeInTheDocument()
    expect(screen.getByText('To Anna Müller')).toBeInTheDocument()
    await waitFor(() => expect(field()).toHaveFocus(), { timeout: 10_000 }) // the buyer came to write
    fireEvent.change(field(), { target: { value: '  Is it still available?  ' } })
    await sendEnabled()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    // Written on the device, not yet on the server: it says it will be sent, and no "Message sent!" yet.
    expect(await screen.findByText('Your message will be sent', undefined, { timeout: 10_000 })).toHaveFocus()
    expect(screen.getByText('It is on its way to the seller.')).toBeInTheDocument()
    expect(toasts()).toEqual([])
    const [conversation] = await db.conversations.toArray()
    expect(conversation).toMatchObject({ listing_id: 'l1', buyer_id: BUYER, seller_id: SELLER, sync_state: 'pending' })
    const messages = await db.messages.toArray()
    expect(messages).toMatchObject([
      { content: 'Is it still available?', sender_id: BUYER, receiver_id: SELLER, conversation_id: conversation!.id },
    ])
    expect((await db.outbox.toArray()).map((e) => e.op.kind)).toEqual(['conversation.create', 'message.send'])
    expect(screen.getByRole('link', { name: 'Open conversation' })).toHaveAttribute(
      'href',
      `/messages?c=${conversation!.id}`,
    )
  })

  it('says "Message sent!" (status and toast) only once the server has the message', async () => {
    await db.listings.put(listing())
    open()
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), { target: { value: 'Hello' } })
    await sendEnabled()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    await screen.findByText('Your message will be sent', undefined, { timeout: 10_000 })
    const [message] = await db.messages.toArray()
    await act(async () => {
      await db.messages.update(message!.id, { sync_state: 'synced' })
    })
    await waitFor(
      () =>
        expect(screen.getByRole('status')).toHaveTextContent('Message sent!Your message has been sent to the seller.'),
      { timeout: 10_000 },
    )
    await waitFor(() => expect(toasts()).toEqual([['Message sent!', 'Your message has been sent to the seller.']]), {
      timeout: 10_000,
    })
  })

  it('offline, it says the message waits on the device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await db.listings.put(listing())
    open()
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), { target: { value: 'Hello' } })
    await sendEnabled()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    expect(
      await screen.findByText(
        'You are offline. The message waits on this device and goes out when you are back online.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('Message sent!')).toBeNull()
    expect(toasts()).toEqual([])
  })

  it.each([
    [
      'the item sold before the server got it',
      { code: 'listing_unavailable' as const },
      ['Item sold', 'This item is no longer available.'],
    ],
    [
      'another refusal',
      { code: 'message_send_failed' as const },
      ['Not sent', 'Failed to send message. Please try again.'],
    ],
  ])('a message the server refused (%s) says so, never "sent"', async (_name, failure, texts) => {
    await db.listings.put(listing())
    open()
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), { target: { value: 'Hello' } })
    await sendEnabled()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    await screen.findByText('Your message will be sent', undefined, { timeout: 10_000 })
    const [message] = await db.messages.toArray()
    await act(async () => {
      await db.messages.update(message!.id, { sync_state: 'failed', sync_error: failure })
    })
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(texts.join('')), { timeout: 10_000 })
    expect(screen.queryByText('Message sent!')).toBeNull()
  })

  it('a second message joins the same conversation', async () => {
    await db.listings.put(listing())
    open()
    for (const text of ['first', 'second']) {
      await screen.findByRole('textbox', { name: 'Your message' })
      fireEvent.change(field(), { target: { value: text } })
      await act(async () => {
        fireEvent.keyDown(field(), { key: 'Enter' })
      })
      await screen.findByRole('link', { name: 'Open conversation' })
      cleanup()
      open()
    }
    expect(await db.conversations.count()).toBe(1)
    expect((await db.messages.toArray()).map((m) => m.content).sort()).toEqual(['first', 'second'])
  })

  it.each([
    ['a sold item', listing({ status: 'sold' }), ['Item sold', 'This item is no longer available.']],
    ["one's own listing", listing({ user_id: BUYER }), ['This is your own listing.']],
  ])('refuses %s with its text and offers no message field', async (_name, row, texts) => {
    await db.listings.put(row)
    open()
    for (const text of texts) expect(await screen.findByText(text)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull()
  })

  it('a listing the device cannot load: "Unable to load listing details."', async () => {
    open('nope')
    expect(await screen.findByText('Unable to load listing details.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull()
  })

  it('a message the device cannot write: "Error" / "Failed to send message. Please try again.", the text stays, no thread link', async () => {
    await db.listings.put(listing())
    open()
    await screen.findByRole('textbox', { name: 'Your message' })
    vi.spyOn(db.outbox, 'bulkAdd').mockRejectedValue(new Error('QuotaExceededError'))
    fireEvent.change(field(), { target: { value: 'Hello' } })
    await sendEnabled()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    await waitFor(() => expect(toasts()).toEqual([['Error', 'Failed to send message. Please try again.']]), {
      timeout: 10_000,
    })
    expect(field()).toHaveValue('Hello')
    expect(screen.queryByRole('link', { name: 'Open conversation' })).toBeNull()
    expect(await db.messages.count()).toBe(0)
  })

  it('a listing sold while the dialog is open: Send shows the docs/product.md §8 toast and writes nothing', async () => {
    await db.listings.put(listing())
    open()
    await screen.findByRole('textbox', { name: 'Your message' })
    fireEvent.change(field(), { target: { value: 'Hello' } })
    await sendEnabled()
    // Sold in the same moment the buyer presses Send (before the live query re-renders the dialog).
    await act(async () => {
      await db.listings.update('l1', { status: 'sold' })
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    })
    await waitFor(() => expect(toasts()).toEqual([['Item sold', 'This item is no longer available.']]), {
      timeout: 10_000,
    })
    expect(await db.messages.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })
})
