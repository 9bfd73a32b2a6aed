// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { MessageRow } from '@/db/rows'
import { sessionStore } from '@/sync/signed-in-user'
import { useToastStore } from '@/ui/toast/toast-store'
import { NewMessageToaster } from './new-message-toaster'

let db: KreisDatabase
const toasts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description ?? null])
const conv = (id: string) => ({
  id,
  listing_id: `l-${id}`,
  buyer_id: 'buyer',
  seller_id: 'me',
  last_message_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  sync_state: 'synced' as const,
})
const msg = (
  id: string,
  c: string,
  from: string,
  content: string,
  createdAt = new Date().toISOString(),
): MessageRow => ({
  id,
  conversation_id: c,
  listing_id: `l-${c}`,
  sender_id: from,
  receiver_id: from === 'me' ? 'buyer' : 'me',
  content,
  created_at: createdAt,
  updated_at: createdAt,
  sync_state: 'synced',
})
function mount(url = '/') {
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={[url]}>
        <NewMessageToaster />
        <NewMessageToaster />
      </MemoryRouter>
    </DatabaseProvider>,
  )
}
const settle = () => new Promise((r) => setTimeout(r, 150))

beforeEach(async () => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: 'me', email: 'me@example.ch' }, true)
  await db.conversations.bulkPut([conv('a'), conv('b')])
  // Written a minute before this page (the test process) opened: already there, not news.
  await db.messages.put(
    msg('old', 'a', 'buyer', 'What was already here', new Date(performance.timeOrigin - 60_000).toISOString()),
  )
})
afterEach(async () => {
  cleanup()
  useToastStore.getState().dismiss()
  db.close()
  await db.delete()
})

describe('<NewMessageToaster /> (docs/product.md §4, §8: "New message received" with the first 50 characters)', () => {
  it('toasts a message that arrives from someone else, once, with its first 50 characters', async () => {
    let shown = 0
    const stop = useToastStore.subscribe((s, prev) => void (s.toasts[0] && s.toasts[0] !== prev.toasts[0] && shown++))
    mount()
    await settle()
    expect(toasts()).toEqual([])
    const long = 'Hello! I would like to know whether the coat is still available for pick-up'
    await db.messages.put(msg('new', 'b', 'buyer', long))
    await waitFor(() => expect(toasts()).toEqual([['New message received', long.slice(0, 50)]]))
    await settle()
    stop()
    expect(shown).toBe(1) // two toasters mounted (layout + page): only one speaks
  })

  it('toasts a message written since the page opened that the start-up sync stored before the first look', async () => {
    await db.messages.put(msg('early', 'b', 'buyer', 'Sent while your page was loading'))
    mount()
    await waitFor(() => expect(toasts()).toEqual([['New message received', 'Sent while your page was loading']]))
  })

  it('stays quiet for my own messages and for the thread that is open', async () => {
    mount('/messages?c=b')
    await settle()
    await db.messages.put(msg('mine', 'a', 'me', 'my own'))
    await db.messages.put(msg('open', 'b', 'buyer', 'in the open thread'))
    await settle()
    expect(toasts()).toEqual([])
  })
})
