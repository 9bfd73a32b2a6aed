// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { ConversationRow, ListingRow, MessageRow } from '@/db/rows'
import { sendMessage } from '@/sync/kinds/message-send'
import { setEntityState } from '@/sync/outbox'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { MessagesPage } from './messages-page'

const ME = 'seller-1'
const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString()
const listing = (id: string, title: string, status: 'active' | 'sold' = 'active'): ListingRow => ({
  id,
  user_id: ME,
  title,
  description: 'Nice and warm.',
  price: 30,
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: null,
  size: 'M',
  fabric: 'Wool',
  location: 'Bern',
  tags: null,
  status,
  created_at: ago(9000),
  updated_at: ago(9000),
  edited_at: ago(9000),
  sync_state: 'synced',
  cover_image_url: null,
  seller_first_name: null,
  seller_last_name: null,
})
const conversation = (
  id: string,
  listingId: string,
  buyer: string,
  patch: Partial<ConversationRow> = {},
): ConversationRow => ({
  id,
  listing_id: listingId,
  buyer_id: buyer,
  seller_id: ME,
  last_message_at: null,
  created_at: ago(600),
  updated_at: ago(600),
  sync_state: 'synced',
  ...patch,
})
let n = 0
const message = (
  c: ConversationRow,
  from: string,
  content: string,
  minAgo: number,
  patch: Partial<MessageRow> = {},
): MessageRow => ({
  id: `m${++n}`,
  conversation_id: c.id,
  listing_id: c.listing_id,
  sender_id: from,
  receiver_id: from === ME ? c.buyer_id : ME,
  content,
  created_at: ago(minAgo),
  updated_at: ago(minAgo),
  sync_state: 'synced',
  ...patch,
})

let db: KreisDatabase
function renderAt(url: string) {
  return render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/messages" element={<MessagesPage />} />
        </Routes>
      </MemoryRouter>
    </DatabaseProvider>,
  )
}
const rows = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: ME, email: 's@example.ch' }, true)
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

async function seed() {
  n = 0
  const coat = conversation('c-coat', 'l-coat', 'buyer-a', { last_message_at: ago(30) })
  const scarf = conversation('c-scarf', 'l-scarf', 'buyer-b', { last_message_at: ago(5), seller_last_read_at: ago(20) })
  await db.listings.bulkPut([listing('l-coat', 'Wool coat'), listing('l-scarf', 'Silk scarf', 'sold')])
  await db.profiles.bulkPut([
    {
      id: 'buyer-a',
      first_name: 'Noah',
      last_name: 'Keller',
      location: null,
      profile_picture_url: null,
      created_at: ago(9e3),
      updated_at: ago(9e3),
    },
    {
      id: 'buyer-b',
      first_name: 'Mia',
      last_name: 'Weber',
      location: null,
      profile_picture_url: null,
      created_at: ago(9e3),
      updated_at: ago(9e3),
    },
  ])
  await db.conversations.bulkPut([coat, scarf])
  await db.messages.bulkPut([
    message(coat, 'buyer-a', 'Is the coat still there?', 40),
    message(coat, ME, 'Yes it is', 35),
    message(coat, 'buyer-a', 'Can I see it <b>today</b>?', 30),
    message(scarf, 'buyer-b', 'Old question', 25),
    message(scarf, 'buyer-b', 'Hello?', 6),
    message(scarf, 'buyer-b', 'Still there?', 5),
  ])
}

describe('/messages (docs/product.md §2.7, §7.2 inbox)', () => {
  it('logged out: "Please log in" / "You need to be logged in to view messages."', () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    renderAt('/messages')
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument()
    expect(screen.getByText('You need to be logged in to view messages.')).toBeInTheDocument()
  })

  it('no conversations: says so and offers the shop, with no "choose a conversation on the left" beside it', async () => {
    renderAt('/messages')
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse items' })).toHaveAttribute('href', '/shop')
    expect(screen.queryByText('Select a conversation')).toBeNull()
  })

  it('lists conversations newest activity first with the other person, listing, preview and unread count', async () => {
    await seed()
    renderAt('/messages')
    await waitFor(() => expect(rows()).toHaveLength(2))
    const [first, second] = rows()
    expect(first).toHaveTextContent('Mia Weber')
    expect(first).toHaveTextContent('Silk scarf')
    expect(first).toHaveTextContent('Sold')
    expect(first).toHaveTextContent('Still there?')
    expect(first).toHaveTextContent('2 unread') // after the read mark: "Hello?" and "Still there?"
    expect(first).toHaveTextContent('5 min')
    expect(first).toHaveAttribute('href', '/messages?c=c-scarf')
    expect(second).toHaveTextContent('Noah Keller')
    expect(second).toHaveTextContent('Can I see it <b>today</b>?')
    expect(second).toHaveTextContent('2 unread') // never read: both of Noah's messages
  })

  it('an open thread is in order, marks itself read (the unread count drops) and a sold listing closes the composer', async () => {
    await seed()
    renderAt('/messages?c=c-coat')
    const log = await screen.findByRole('log')
    await waitFor(() =>
      expect(
        within(log)
          .getAllByText(/coat|Yes it is|today/)
          .map((e) => e.textContent),
      ).toEqual(['Is the coat still there?', 'Yes it is', 'Can I see it <b>today</b>?']),
    )
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument()
    // The thread names its item and links to its page.
    expect(screen.getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/item/l-coat')
    await waitFor(() => expect(rows()[1]).not.toHaveTextContent('unread'))
    const read = await db.conversations.get('c-coat')
    expect(read?.seller_last_read_at).toBe((await db.messages.get('m3'))?.created_at)

    cleanup()
    renderAt('/messages?c=c-scarf')
    expect(await screen.findByRole('note')).toHaveTextContent('Item sold')
    expect(screen.getByRole('note')).toHaveTextContent('This item is no longer available.')
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
  })

  it('a message the server refused because the item is gone closes the composer, though the device thinks it active', async () => {
    await seed()
    await db.messages.put(
      message((await db.conversations.get('c-coat'))!, ME, 'Still for sale?', 1, {
        sync_state: 'failed',
        sync_error: { code: 'listing_unavailable' },
      }),
    )
    renderAt('/messages?c=c-coat')
    expect(await screen.findByRole('note')).toHaveTextContent('Item sold')
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  it('sending from the thread queues the message at once (offline-first), shown as Queued', async () => {
    await seed()
    renderAt('/messages?c=c-coat')
    const field = await screen.findByRole('textbox', { name: 'Message' })
    fireEvent.change(field, { target: { value: 'Tomorrow at 5?' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    const log = await screen.findByRole('log')
    const bubble = await within(log).findByText('Tomorrow at 5?')
    expect(bubble.closest('[data-state]')).toHaveAttribute('data-state', 'queued')
    expect(bubble.closest('[data-state]')).toHaveTextContent('Queued')
    expect((await db.outbox.toArray()).map((e) => e.op.kind)).toContain('message.send')
  })

  it('a message the server refused reads "Not sent" with the reason; Retry queues it again', async () => {
    await seed()
    const id = await sendMessage(
      db,
      { listingId: 'l-coat', sellerId: ME, buyerId: 'buyer-a', senderId: ME, content: 'Friday then?' },
      Date.now(),
    )
    // What the engine does with a permanent refusal: the entry waits for the user, the message shows why.
    await db.transaction('rw', [db.outbox, db.conversations, db.messages], async () => {
      await db.outbox.where('group').equals('conversation:c-coat').modify({ state: 'failed', error: 'refused' })
      await setEntityState(db, 'conversation:c-coat', 'failed', 'Failed to send message. Please try again.')
    })
    renderAt('/messages?c=c-coat')
    const log = await screen.findByRole('log')
    const bubble = (await within(log).findByText('Friday then?')).closest('[data-state]')!
    expect(bubble).toHaveAttribute('data-state', 'failed')
    expect(bubble).toHaveTextContent('Not sent: Failed to send message. Please try again.')
    fireEvent.click(within(bubble as HTMLElement).getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(within(log).getByText('Friday then?').closest('[data-state]')).toHaveAttribute('data-state', 'queued'),
    )
    expect((await db.outbox.toArray()).map((e) => [e.op.kind, e.state])).toEqual([['message.send', 'queued']])
    expect((await db.messages.get(id))?.sync_state).toBe('pending')
  })

  it('the inbox cannot be read: the docs/product.md §8 toast "Error" / "Failed to load conversations", and the pane says so', async () => {
    vi.spyOn(db.conversations, 'orderBy').mockImplementation(() => {
      throw new Error('the device refused the read')
    })
    renderAt('/messages')
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => [t.title, t.description])).toEqual([
        ['Error', 'Failed to load conversations'],
      ]),
    )
    expect(
      within(screen.getByRole('navigation', { name: 'Conversations' })).getByText('Failed to load conversations'),
    ).toBeInTheDocument()
  })

  it('a message the device cannot write: the docs/product.md §8 toast "Error" / "Failed to send message. Please try again." and the text stays', async () => {
    await seed()
    renderAt('/messages?c=c-coat')
    const field = await screen.findByRole('textbox', { name: 'Message' })
    vi.spyOn(db.outbox, 'bulkAdd').mockRejectedValue(new Error('QuotaExceededError'))
    fireEvent.change(field, { target: { value: 'Tomorrow at 5?' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => [t.title, t.description])).toEqual([
        ['Error', 'Failed to send message. Please try again.'],
      ]),
    )
    expect(field).toHaveValue('Tomorrow at 5?')
    expect((await db.messages.toArray()).filter((m) => m.content === 'Tomorrow at 5?')).toEqual([])
  })

  it('a conversation the device does not hold says so', async () => {
    renderAt('/messages?c=unknown')
    expect(await screen.findByText('This conversation is not on this device.')).toBeInTheDocument()
  })
})
