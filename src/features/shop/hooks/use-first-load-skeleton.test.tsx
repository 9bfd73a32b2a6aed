// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { ListingRow } from '@/db/rows'
import { getAppSync } from '@/sync/app-sync'
import { initialSyncStatus } from '@/sync/status-store'
import { useFirstLoadSkeleton } from './use-first-load-skeleton'

let db: KreisDatabase
beforeEach(async () => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  await db.open()
  getAppSync().status.setState(initialSyncStatus(true))
})
afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

const wrapper = ({ children }: { children: ReactNode }) => <DatabaseProvider db={db}>{children}</DatabaseProvider>
const at = new Date().toISOString()
const row = {
  id: 'l1',
  user_id: 's',
  title: 'Coat',
  price: 10,
  status: 'active',
  created_at: at,
  updated_at: at,
} as ListingRow

describe('the first load’s skeletons', () => {
  it('stay while the screen’s reading still says "no listings" but a read after the finished sync found some', async () => {
    // The engine has written listings and reported the sync; the screen's own live query has not re-read yet.
    await db.listings.put(row)
    const { result } = renderHook(() => useFirstLoadSkeleton(false), { wrapper })
    expect(result.current).toBe(true)
    act(() => getAppSync().status.setState({ lastSyncAt: Date.now() }))
    // Long past the 200 ms minimum: still skeletons, never the empty feed's message.
    await new Promise((r) => setTimeout(r, 400))
    expect(result.current).toBe(true)
  })

  it('end once a read after the finished sync finds the feed really empty', async () => {
    const { result } = renderHook(() => useFirstLoadSkeleton(false), { wrapper })
    expect(result.current).toBe(true)
    act(() => getAppSync().status.setState({ lastSyncAt: Date.now() }))
    await waitFor(() => expect(result.current).toBe(false))
  })

  it('never show on a device that has listings', () => {
    const { result } = renderHook(() => useFirstLoadSkeleton(true), { wrapper })
    expect(result.current).toBe(false)
  })
})
