// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { getAppSync } from '@/sync/app-sync'
import { sessionStore } from '@/sync/signed-in-user'
import { initialSyncStatus } from '@/sync/status-store'
import { ShellStateBridge } from './live-services'
import { initialShellLiveState, shellLiveStore } from './shell-state'

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  getAppSync().status.setState(initialSyncStatus(true), true)
  shellLiveStore.setState(initialShellLiveState(), true)
  sessionStore.setState({ status: 'loading' }, true)
})
afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

describe('the bridge from the data layer to the shell’s store', () => {
  it('hands on the same session while it is the same (a sync’s news re-renders no reader of the session: TBT)', () => {
    const initial = shellLiveStore.getState().session
    render(
      <DatabaseProvider db={db}>
        <ShellStateBridge />
      </DatabaseProvider>,
    )
    expect(shellLiveStore.getState().live).toBe(true)
    // Still being read: the store's own 'loading', not a copy of it.
    expect(shellLiveStore.getState().session).toBe(initial)

    act(() => sessionStore.setState({ status: 'signed-out' }))
    const signedOut = shellLiveStore.getState().session
    expect(signedOut).toEqual({ status: 'signed-out' })
    const sync = shellLiveStore.getState().sync
    act(() => getAppSync().status.setState({ lastSyncAt: 1_000 }))
    expect(shellLiveStore.getState().sync).not.toBe(sync)
    expect(shellLiveStore.getState().sync.lastSyncAt).toBe(1_000)
    expect(shellLiveStore.getState().session).toBe(signedOut)
  })
})
