// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { ConversationRow, FavouriteRow } from '@/db/rows'
import { useDeferredLiveQuery } from './use-deferred-live-query'

const DELAY_MS = 30
const conversation = (id: string): ConversationRow => ({
  id,
  listing_id: 'l1',
  buyer_id: 'b1',
  seller_id: 's1',
  last_message_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  sync_state: 'synced',
})

let db: KreisDatabase
beforeEach(async () => {
  db = new KreisDatabase(`deferred-${crypto.randomUUID()}`)
  await db.open()
})
afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

function watchConversations(deps: readonly unknown[] = ['user-1']) {
  const querier = vi.fn(() => db.conversations.count())
  const hook = renderHook(({ d }) => useDeferredLiveQuery(db, ['conversations'], querier, d, DELAY_MS), {
    initialProps: { d: deps },
  })
  return { querier, hook }
}

describe('useDeferredLiveQuery', () => {
  it('reads at once on mount', async () => {
    const { hook } = watchConversations()
    await waitFor(() => expect(hook.result.current).toBe(0))
  })

  it('follows a write to a watched table (this tab), after the delay', async () => {
    const { hook } = watchConversations()
    await waitFor(() => expect(hook.result.current).toBe(0))
    await db.conversations.put(conversation('c1'))
    await waitFor(() => expect(hook.result.current).toBe(1))
  })

  it('follows a write made by another tab (another connection to the same database)', async () => {
    const { hook } = watchConversations()
    await waitFor(() => expect(hook.result.current).toBe(0))
    const otherTab = new KreisDatabase(db.name)
    try {
      await otherTab.conversations.put(conversation('c9'))
      await waitFor(() => expect(hook.result.current).toBe(1))
    } finally {
      otherTab.close()
    }
  })

  it('reads once for a burst of writes inside the delay', async () => {
    const { hook, querier } = watchConversations()
    await waitFor(() => expect(hook.result.current).toBe(0))
    const before = querier.mock.calls.length
    for (const id of ['c1', 'c2', 'c3']) await db.conversations.put(conversation(id))
    await waitFor(() => expect(hook.result.current).toBe(3))
    expect(querier.mock.calls.length - before).toBe(1)
  })

  it('does not re-read for writes to tables it does not watch', async () => {
    const { hook, querier } = watchConversations()
    await waitFor(() => expect(hook.result.current).toBe(0))
    const before = querier.mock.calls.length
    await db.favourites.put({ listing_id: 'l1', created_at: 1 } as FavouriteRow)
    await new Promise((r) => setTimeout(r, DELAY_MS * 4))
    expect(querier.mock.calls.length).toBe(before)
  })

  it('shows nothing read for other deps (another user) until its own read arrives', async () => {
    const { hook } = watchConversations(['user-1'])
    await waitFor(() => expect(hook.result.current).toBe(0))
    await db.conversations.put(conversation('c1'))
    hook.rerender({ d: ['user-2'] })
    // The value read for user-1 is never shown as user-2's.
    expect(hook.result.current).toBeUndefined()
    await waitFor(() => expect(hook.result.current).toBe(1))
  })
})
