// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { sessionStore } from '@/sync/signed-in-user'
import { MessagesLink } from './messages-link'

let db: KreisDatabase
const at = (min: number) => new Date(Date.parse('2026-11-23T12:00:00Z') + min * 60_000).toISOString()
const show = () =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <MessagesLink />
      </MemoryRouter>
    </DatabaseProvider>,
  )

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
})
afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

describe('<MessagesLink /> (docs/decisions.md#D-read-marks: the header shows the total unread count)', () => {
  it('is absent for a visitor', () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    show()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('counts unread messages over all conversations, after each read mark', async () => {
    sessionStore.setState({ status: 'signed-in', userId: 'me', email: 'me@example.ch' }, true)
    const conv = (id: string, buyer: string, seller: string, marks: object = {}) => ({
      id,
      listing_id: `l-${id}`,
      buyer_id: buyer,
      seller_id: seller,
      last_message_at: at(9),
      created_at: at(0),
      updated_at: at(9),
      sync_state: 'synced' as const,
      ...marks,
    })
    await db.conversations.bulkPut([conv('a', 'me', 'x'), conv('b', 'y', 'me', { seller_last_read_at: at(2) })])
    const msg = (id: string, c: string, from: string, to: string, min: number) => ({
      id,
      conversation_id: c,
      listing_id: `l-${c}`,
      sender_id: from,
      receiver_id: to,
      content: id,
      created_at: at(min),
      updated_at: at(min),
      sync_state: 'synced' as const,
    })
    await db.messages.bulkPut([
      msg('a1', 'a', 'x', 'me', 1),
      msg('a2', 'a', 'me', 'x', 2),
      msg('a3', 'a', 'x', 'me', 3),
      msg('b1', 'b', 'y', 'me', 1),
      msg('b2', 'b', 'y', 'me', 2),
      msg('b3', 'b', 'y', 'me', 4),
    ])
    show()
    // a: a1 and a3 (never read); b: only b3 (read up to b2)
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toHaveAttribute('href', '/messages')
    expect(screen.getByTestId('unread-total')).toHaveTextContent('3')
    await db.conversations.update('a', { buyer_last_read_at: at(3) })
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument()
    await db.conversations.update('b', { seller_last_read_at: at(4) })
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument()
    expect(screen.queryByTestId('unread-total')).toBeNull()
  })
})
