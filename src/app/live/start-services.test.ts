// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KreisDatabase } from '@/db/database'

// The seams: the session's and the engine's start (sync/, tested there); here only their scheduling.
// Each call is recorded with the number of the timer task it ran in.
const calls = vi.hoisted(() => ({ list: [] as string[], task: 0 }))
vi.mock('@/sync/signed-in-user', async (actual) => ({
  ...(await actual<typeof import('@/sync/signed-in-user')>()),
  initSession: async () => void calls.list.push(`session@${calls.task}`),
}))
vi.mock('@/remote/client', () => ({ getSupabaseClient: () => void calls.list.push(`client@${calls.task}`) }))
vi.mock('@/sync/app-sync', async (actual) => ({
  ...(await actual<typeof import('@/sync/app-sync')>()),
  startAppSync: () => void calls.list.push(`engine@${calls.task}`),
}))

afterEach(() => vi.unstubAllGlobals())

describe('the data layer’s start-up runs in separate tasks (none blocks input for long at 4x CPU)', () => {
  it('database, client, session, then engine, each in a later task; the shell’s offline chunks when idle; once per page', async () => {
    const realSetTimeout = setTimeout
    vi.stubGlobal('setTimeout', (fn: () => void, ms?: number) => realSetTimeout(() => (calls.task++, fn()), ms))
    let idle: (() => void) | null = null
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => ((idle = cb), 1))
    const { startServices } = await import('./live-services')
    const db = { open: async () => void calls.list.push(`open@${calls.task}`) } as unknown as KreisDatabase
    startServices(db)
    startServices(db)
    expect(calls.list).toEqual([])
    await vi.waitFor(() => expect(calls.list).toHaveLength(4))
    expect(calls.list).toEqual(['open@1', 'client@3', 'session@4', 'engine@5'])
    expect(idle).not.toBeNull()
  })
})
